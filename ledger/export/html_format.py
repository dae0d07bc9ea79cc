"""The night as one web page to share: ``potlog export -f html``.

For each session: the results (bought in, cashed out, stack, net) and who pays whom, every
player's stack hand by hand (the chart ``potlog serve`` draws, as SVG), the hand replayer
(step forward and back through any hand, the table drawn at each step) and the hand-by-hand
summary. One self-contained file: its script and styles are inline and its content security
policy forbids any fetch, so it opens offline, from a chat message. The replayer's steps each
hold the whole table, so they travel gzipped in base64 (`ledger.web.app.packed`; about 30 to
1: the Blücher sample's page 1.07 MB -> 63 KB) and the page unpacks them with the browser's
own `DecompressionStream`. Cards are shown as the
table saw them (a face-down card stays face down), as ``potlog replay`` shows them.

All user text (names, titles, notes) goes through Jinja's escaping, or into the page's data
as JSON escaped for HTML (``<`` as ``\\u003c``), and the page's script writes it as text.
"""

from __future__ import annotations

from typing import Any, TextIO

from .. import __version__
from ..web import views
from ..web.app import assets, environment
from ..web.chart import chart


def session_page(store: Any, sid: str) -> dict[str, Any]:
    """What the page shows of one session."""
    story = views.story(store, sid)
    hands = views.all_hand_frames(store, sid)
    return {"sid": sid, "audit": views.audit(store, sid), "settle": views.settle_up(store, sid),
            "chart": chart(views.stack_series(story)), "rows": views.hand_rows(story),
            "replay": {"hands": [{"hand": n, "frames": f} for n, f in hands.items()]}}


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    pages = [session_page(ledger.store, sid) for sid in sessions]
    title = sessions[0] if len(sessions) == 1 else f"{len(sessions)} sessions"
    out.write(environment().get_template("export.html").render(
        nav=[], inline=True, assets=assets(), sessions=pages, title=f"{title} · potlog", version=__version__))
