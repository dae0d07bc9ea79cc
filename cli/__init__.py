"""potlog's command line: a thin Typer app over `ledger`. No rule logic lives here."""
