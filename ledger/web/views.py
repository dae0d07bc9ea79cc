"""What the web pages show, as plain data: read from the store, never written to it.

Every figure here comes from what the rest of potlog computes already: the table is
`potlog state --json`'s data (`ledger.tableview.state_data`, the game's own `legal` and `view`
included), the replayer's steps are `ledger.replay.frames`, the stack chart is the hand-by-hand
`stacks_after` of `ledger.replay.summaries` (what ``potlog replay --json`` prints), the audit is
`ledger.audit.audit_session` and the settle-up is `ledger.settle.settle`, as ``potlog settle``
does. Nothing here decides a rule.

Face-down cards: a page shows the cards as the table sees them (face down: ``??``) unless
`all_cards` is asked for; the live table never asks for it (a screen at the table must not show
a hole card), the replayer only when its reader asks.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from ..audit import SessionAudit, audit_session
from ..cards import UNKNOWN, pretty
from ..errors import RuleViolation
from ..replay import frames, summaries
from ..settle import SessionNets, combine, parse_rate, settle
from ..state import TableState
from ..text import printable
from ..units import amount, cents, unit_for

SPANISH = "spanish"
UNDRAWN = ("state_hash", "options")  # what `state_data` has that no page draws (kept out of the replayer's data)
UNDRAWN_SEAT = ("bought_in", "rebought", "cashed_out", "round_bet")


def table(state: TableState, all_cards: bool = False) -> dict[str, Any]:
    """The table as the pages draw it: `potlog state --json`'s data, with what a drawing needs
    besides (the session's title, the pack's family for the suits' colours)."""
    from ..tableview import state_data

    data = state_data(state, all_cards=all_cards)
    for key in UNDRAWN:
        data.pop(key, None)
    for seat in data["seats"]:
        for key in UNDRAWN_SEAT:
            seat.pop(key, None)
    family = SPANISH if str(state.options.get("pack", "")).startswith(SPANISH) else "french"
    data["title"] = state.title
    data["family"] = family
    hand = data["hand"]
    for cards in [*(s["cards"] for s in data["seats"]), *(hand["boards"].values() if hand else ())]:
        for c in cards:
            _card_face(c, family)
    if hand:
        hand.pop("declarations", None)  # the game's view says what of them matters
        for played in hand["trick"]:
            _card_face(played, family)
    return data


def _card_face(card: dict[str, Any], family: str) -> None:
    """A card's face as a person reads it (``10♥``; ``??`` unseen) and whether it is red, as
    `potlog state` colours it (`cli.render.card_style`), added to its data."""
    from ..tableview import card_style

    code = card["card"]
    card["text"] = code if code == UNKNOWN else pretty(code, family)
    card["red"] = card_style(code, family) == "red"


def hand_frames(store: Any, session: str, hand: int, all_cards: bool = False) -> list[dict[str, Any]]:
    """The replayer's steps through hand `hand`: each event, in plain English, the chips it
    moved and the table right after it."""
    return [{"seq": f.seq, "text": printable(f.text),
             "postings": [{"from": p.source, "to": p.dest, "amount": p.amount, "reason": p.reason}
                          for p in f.postings],
             "table": table(f.state, all_cards)}
            for f in frames(store, session, hand=hand)]


def all_hand_frames(store: Any, session: str, all_cards: bool = False) -> dict[int, list[dict[str, Any]]]:
    """`hand_frames` of every hand of the session, in one pass over its events."""
    out: dict[int, list[dict[str, Any]]] = {}
    for f in frames(store, session):
        if f.hand is None:
            continue
        out.setdefault(f.hand, []).append(
            {"seq": f.seq, "text": printable(f.text),
             "postings": [{"from": p.source, "to": p.dest, "amount": p.amount, "reason": p.reason}
                          for p in f.postings],
             "table": table(f.state, all_cards)})
    return out


@dataclass
class Series:
    """One player's stack after each hand they had chips in: (hand, stack)."""

    player: str
    points: list[tuple[int, int]]


def stack_series(story: SessionAudit) -> list[Series]:
    """Every player's stack hand by hand: the `stacks_after` of each hand, as ``potlog replay``
    gives them, in the order the players first appear."""
    players: dict[str, list[tuple[int, int]]] = {}
    for h in story.hands:
        for player, stack in h.stacks_after.items():
            players.setdefault(player, []).append((h.hand, stack))
    return [Series(p, pts) for p, pts in players.items()]


def story(store: Any, session: str) -> SessionAudit:
    """The session's hands, hand by hand (``potlog replay``'s summary)."""
    return summaries(store, session)


def hand_rows(story: SessionAudit) -> list[dict[str, Any]]:
    """The hand-by-hand summary: who dealt, the pot, who took it, the results."""
    rows = []
    for h in story.hands:
        took = dict(h.took_out)
        if h.to_house:
            took["house"] = h.to_house
        rows.append({"hand": h.hand, "dealer": h.dealer, "ended": h.ended, "pot": h.pot_total,
                     "won_by": ", ".join(f"{k} {v}" for k, v in took.items()) or "-",
                     "net": ", ".join(f"{p} {n:+d}" for p, n in h.net.items() if n) or "-",
                     "stacks": ", ".join(f"{p} {s}" for p, s in h.stacks_after.items())})
    return rows


def audit(store: Any, session: str) -> SessionAudit:
    return audit_session(store, session)


@dataclass
class SettleUp:
    """``potlog settle`` for one session: the payments (with money at `rate`) and a closing line."""

    payments: list[dict[str, str]]
    summary: str
    nets: dict[str, int]


def settle_up(store: Any, session: str, rate: str | None = None) -> SettleUp:
    """Who pays whom after `session`, in chips, and in money when `rate` (money per chip, an
    exact decimal as ``potlog settle --rate`` takes it) is given. `InputError` for a bad rate;
    a session that cannot be settled yet (chips still in a pot) has no payments, and its
    summary says why, as ``potlog settle`` does."""
    money: Decimal | None = parse_rate(rate) if rate else None
    a = audit_session(store, session)
    one: dict[str, int] = {}
    for p in a.players:
        one[p.player] = one.get(p.player, 0) + p.net
    if a.accounts.get("house"):
        one["house"] = one.get("house", 0) + a.accounts["house"]
    try:
        nets, unit = combine([SessionNets(session, one, a.chip_unit or "chip")], money)
    except RuleViolation as exc:  # chips still in a pot: nothing to settle yet, and why
        return SettleUp([], str(exc), one)
    result = settle(nets, money, unit=unit)
    payments = [{"payer": p.payer, "payee": p.payee, "chips": amount(p.chips, unit),
                 "money": cents(p.money) if p.money is not None else ""} for p in result.payments]
    if not payments:
        line = "everyone is square: nothing to pay"
    else:
        line = amount(len(payments), "payment")
        if money is not None:
            line += f" at {money} per {unit_for(1, unit)}"
        line += ": the fewest possible" if result.exact else ""
        if result.note:
            line += f". note: {result.note}"
    return SettleUp(payments, line, nets)
