"""Hold'em and Omaha hands as Open Hand History (the OHH standard, hh-specs.handhistory.org,
spec 1.4.6): the hands of `ledger.export.poker_hands`, each a ``{"ohh": {...}}`` object on one
line, the objects separated by one blank line, as the standard's storage format says (a file
of several hands is no single JSON document; name it ``.ohh``).

Readings:

- ``site_name`` and ``network_name`` are ``potlog``, ``internal_version`` potlog's version;
  ``game_number`` is the number the ``pokerstars`` export gives the hand (so a tracker that
  reads both finds one hand); ``start_date_utc`` is when the hand was recorded; ``table_name``
  the session's title (or name); ``table_size`` its seats; ``dealer_seat`` the button's.
- ``game_type`` ``Holdem``, ``Omaha`` or ``OmahaHiLo``; ``bet_limit`` ``{"bet_type": "NL" |
  "PL" | "FL", "bet_cap": 0}``.
- Amounts are chips, ``currency`` ``CHIPS``; a session in cents is in dollars and cents
  (``0.05``), ``currency`` ``USD`` (as the ``pokerstars`` export writes ``$``).
- Players have ids 0, 1, ... in seat order. Rounds: ``Preflop`` (the forced bets: ``Post
  Ante``, ``Post SB``, ``Post BB``, ``Straddle``; then ``Dealt Cards`` for each player, with the
  cards when the record names them all; then the moves), ``Flop``, ``Turn``, ``River`` (each
  with its new board cards), and ``Showdown`` (``Shows Cards``, ``Mucks Cards``) when anything
  was shown or mucked. An action's ``amount`` is the chips it puts in (the spec's "amount the
  player put into the pot for this action": a raise from 2 to 20 is 18); ``is_allin`` is true
  for the move that puts a player's last chip in.
- ``pots``: each pot paid (the main pot first, then the side pots), with what each player won
  from it, ``rake`` 0. The uncalled part of the last bet is a pot of its own, last, that its
  bettor wins: OHH has no action for a bet handed back, and so every player's starting stack,
  less what their actions put in, plus what they won, is their stack after the hand.
"""

from __future__ import annotations

import json
from typing import Any, TextIO

from .. import __version__
from .poker_hands import Act, Hand, hands, known

SPEC = "1.4.6"
_ACTION = {"ante": "Post Ante", "small blind": "Post SB", "big blind": "Post BB", "straddle": "Straddle",
           "fold": "Fold", "check": "Check", "call": "Call", "bet": "Bet", "raise": "Raise",
           "show": "Shows Cards", "muck": "Mucks Cards"}
_LIMIT = {"no-limit": "NL", "pot-limit": "PL", "fixed-limit": "FL"}
_STREETS = ("Preflop", "Flop", "Turn", "River")


def hand_object(h: Hand) -> dict[str, Any]:
    """One hand as its ``{"ohh": ...}`` object."""
    def n(chips: int) -> int | float:
        return chips / 100 if h.cents else chips

    ids = {p.name: i for i, p in enumerate(h.players)}
    numbered = [0]

    def action(a: Act, **extra: Any) -> dict[str, Any]:
        numbered[0] += 1
        out: dict[str, Any] = {"action_number": numbered[0], "player_id": ids[a.player], "action": _ACTION[a.kind]}
        if a.kind not in ("fold", "check", "show", "muck"):
            out["amount"] = n(a.amount)
            out["is_allin"] = a.all_in
        if a.cards:
            out["cards"] = a.cards
        return out | extra

    forced = [a for a in h.actions if a.kind in ("ante", "small blind", "big blind", "straddle")]
    preflop = [action(a) for a in forced]
    for p in h.players:
        numbered[0] += 1
        dealt: dict[str, Any] = {"action_number": numbered[0], "player_id": ids[p.name], "action": "Dealt Cards"}
        if (cards := known(p.dealt)):
            dealt["cards"] = cards
        preflop.append(dealt)
    rounds: list[dict[str, Any]] = [{"id": 0, "street": "Preflop", "actions": preflop}]
    for a in h.actions:
        if a.kind == "board":
            rounds.append({"id": len(rounds), "street": _STREETS[a.street], "cards": a.cards, "actions": []})
        elif not any(a is f for f in forced):
            rounds[-1]["actions"].append(action(a))
    if h.shows:
        rounds.append({"id": len(rounds), "street": "Showdown", "actions": [action(a) for a in h.shows]})
    paid = [(pot, chips, [(who, won) for where, who, won in h.awards if where == pot]) for pot, chips in h.pots()]
    if h.uncalled:
        paid.append(("uncalled", h.uncalled[1], [h.uncalled]))
    pots = []
    for i, (_, chips, shares) in enumerate(paid):
        wins: dict[str, int] = {}
        for who, won in shares:
            wins[who] = wins.get(who, 0) + won
        pots.append({"number": i, "amount": n(chips), "rake": 0,
                     "player_wins": [{"player_id": ids[who], "win_amount": n(won)} for who, won in wins.items()]})
    button = next((p.seat for p in h.players if p.name == h.button), 0)
    return {"ohh": {
        "spec_version": SPEC, "site_name": "potlog", "network_name": "potlog", "internal_version": __version__,
        "tournament": False, "game_number": str(h.game_id), "start_date_utc": (h.started_at or "1970-01-01T00:00:00")[:19] + "Z",
        "table_name": h.title, "game_type": "Holdem" if h.game == "holdem" else "OmahaHiLo" if h.hilo else "Omaha",
        "bet_limit": {"bet_type": _LIMIT.get(h.structure, "NL"), "bet_cap": 0}, "table_size": h.table_size,
        "currency": "USD" if h.cents else "CHIPS", "dealer_seat": button,
        "small_blind_amount": n(h.small_blind), "big_blind_amount": n(h.big_blind), "ante_amount": n(h.ante),
        "players": [{"id": ids[p.name], "seat": p.seat, "name": p.name, "starting_stack": n(p.stack)}
                    for p in h.players],
        "rounds": rounds, "pots": pots}}


def write(ledger: Any, sessions: list[str], out: TextIO) -> None:
    """Every finished hold'em and Omaha hand of `sessions`, one ``{"ohh": ...}`` a line, a
    blank line between two (see the module docstring)."""
    for i, hand in enumerate(hands(ledger, sessions, "ohh")):
        out.write(("\n" if i else "") + json.dumps(hand_object(hand), ensure_ascii=False) + "\n")
