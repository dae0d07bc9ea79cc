"""The web pages of a night: ``potlog serve`` (`app`, `server`) and ``potlog export -f html``
(`ledger.export.html_format`), drawn from `views` (the data) and `chart` (the stack chart)."""
