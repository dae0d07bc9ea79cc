"""Poker, declared by its streets (PokerKit's way: uoftcprg/pokerkit ``state.py`` Street and
Opening, ``games.py`` where each variant is a short configuration): one engine for hold'em,
Omaha, short deck, seven-card stud, razz and the draw games.

    OMAHA = poker.Game("omaha", "Omaha", Options, stakes(Options), pokervariants.rank_omaha,
                       poker.flop_streets(4), low=lowball.rank_omaha_eight_low)    # ledger/games/omaha.py
    RULESET = poker.ruleset(OMAHA, "Omaha", "Pot-limit Omaha ...")

The modules: `streets` (the declaration: `Street`, `Stakes`, the street sets, the hand's
`Hand`), `opening` (who opens by the cards), `cards` (dealing, drawing, the stock), `game`
(the `Game`: betting, forced bets, evolve, the showdown), `split` (hi-lo awards), `options`
(a chips field, `stakes(Options)` reading any options model).

Public API:

- ``Street(name, hole=(), board=0, draw=False, opening="position", bet="small", cap=4)``: one
  street: the hole cards it deals each player with their statuses (True: face up), the board
  cards, a draw before its betting, who opens (`Opening`), the fixed-limit bet (the small or
  the big bet), the fixed-limit cap of bets a round (a bet and three raises; the blind of the
  first round is its first bet; a bring-in is none, its completion is).
- ``flop_streets(hole, board=(0, 3, 4, 5), names=...)``, ``stud_streets(low=False)``,
  ``draw_streets(hole, draws)``: the usual street sets.
- ``Stakes(small_blind, big_blind, ante=0, bb_ante=0, straddle=0, structure="no-limit",
  min_bet=0, bring_in=0, small_bet=0, big_bet=0, button_blind=0, split="high")``: the table's
  forced bets, structure and split, read from its options by the game's `stakes(state)`.
- ``Game(name, title, options, stakes, best, streets, players=(2, 10), low=None, deck=52,
  discards=None, rising=True)``: `best(hole, board)` ranks the high hand (`Ranked`, higher
  key better; a low game's own order is its "high"); `low(hole, board)` the low half's
  (None: no qualifying low) when the stakes say ``split="hi-lo"``; `deck` 52 or 36 (sixes to
  aces); `discards(state, player, held, discards)` refuses a draw the game forbids. Its
  methods are the ruleset's ``decide``, ``evolve``, ``legal``, ``view``, ``check_event``,
  ``forced``, and ``current(state)`` (the stakes in force), ``betting(state)`` (the round).
- ``ruleset(game, title, summary, *, words=None, pick=None) -> Ruleset``: the declaration's
  ruleset, with the ``blinds`` word (games with blinds) and the ``bringin`` word (games opened
  by the cards); `pick(state)` chooses among declarations by the table's options.
- ``Hand``: the hand in progress (``state.ext``); ``initial(state)``; ``ext(state)``.
- ``BLINDS``, ``BRINGIN``: the game words; ``BB_ANTE``: the big-blind ante's transfer reason.
- ``award_hi_lo(state, highs, lows, order, total=...)``: a hi-lo showdown's awards.

The commands of a hand (the PHH importer writes them too):

- ``deal NAME CARDS`` deals the current street's hole cards to NAME: each card takes the status
  of its place in the street (stud's third street: down, down, up), recorded as one
  ``cards_dealt`` per run (face down, face up), in the order dealt; ``??`` is an unseen card,
  face down or up; ``deal all`` deals unseen cards to everyone short; ``deal board CARDS``.
- the draw: ``exchange NAME [NEW ...] --discard OLD [--discard OLD ...]`` discards (and draws, or the cards
  drawn come after by ``deal NAME NEW ...``, no more than were discarded); ``exchange NAME``
  alone stands pat, recorded as a ``cards_exchanged`` with nothing discarded or drawn. Players
  draw in turn from the button's left, all-in players too; ``reshuffle`` brings the discards
  back once the stock is empty.
- ``bringin NAME`` posts the bring-in (``bet NAME BRING_IN`` says the same); completing is
  ``bet NAME SMALL_BET``; a later player completes with ``raise NAME BY`` (to the small bet).
- check, bet, call, raise (by), allin, fold; ``reveal NAME [CARDS]`` shows, ``fold`` mucks.

Readings (the card room's, as PokerKit plays them), common to every game:

- The button moves one seat left each hand (`deal.start`); players without chips sit out. The
  order of a hand is clockwise from the button's left; heads-up with blinds the button posts
  the small blind, acts first before the first draw or flop and last after it. In stud the
  button only sets that order (the deal, ties of showing hands, the odd chips).
- Forced bets, potlog's own steps as the hand starts: the antes (everyone), the big-blind ante
  (a ``transfer`` of dead money to the main pot, no part of the big blind's bet), the small and
  big blind, a straddle left of the big blind (three players or more; the next acts first), a
  button blind (the button's; the player left of the button acts first). The first round opens
  left of the last blind posted (a small blind alone: its left). A short stack posts what it
  has and is all-in. The bring-in is the player's own move.
- Who opens a street by the cards (`opening`): when a player's deciding up card is unseen
  (``??``), potlog cannot tell; the first player the record has act (bring in, bet or check)
  opens, and the turn goes on from them.
- Each street after the first opens with a ``round_started`` potlog records once the betting
  is level; then its draw, its hole cards or its board. A street nobody can bet in (at most
  one player with chips) is passed: the run-out (the draws and the cards still come).
- Fixed limit: bets and raises of the street's bet (small, then big), a cap of bets a round.
  The bring-in (smaller than the small bet) is no bet for the cap and does not re-open; the
  first raise above it completes to the small bet. No limit: a raise is at least the last full
  bet or raise of the round, or all-in. Pot limit: a raise (by) is at most the pot after
  calling; a bet at most the pot; never less than the smallest bet.
- Stud: with more players than the stock can deal a street's card to, that street is one
  community card on the board, everyone's (PokerKit's rule).
- Show or muck at the showdown (and during a run-out); once every hand still in is face up,
  the pots are paid one award at a time (`pots.award_by_rank`, or `award_hi_lo`): the uncalled
  bet back, side pots, ties split with the odd chips one each from the button's left.
"""

from __future__ import annotations

from typing import Callable

from ... import events as ev
from ...core.commands import BringIn, Command, Declare
from ...core.contract import AnyRuleset, Param, Ruleset, Word
from ...state import TableState
from .cards import ext, initial
from .game import BB_ANTE, Game, level_of, stakes_row
from .split import award_hi_lo
from .streets import Hand, Opening, Stakes, Street, Structure, draw_streets, flop_streets, stud_streets

__all__ = ["BB_ANTE", "BLINDS", "BRINGIN", "Game", "Hand", "Opening", "Stakes", "Street", "Structure", "award_hi_lo",
           "draw_streets", "ext", "flop_streets", "initial", "level_of", "ruleset", "stakes_row", "stud_streets"]

BLINDS = Word("blinds", "Change the blinds (and the ante) from the next hand on: blinds rising.",
              "Between hands: potlog blinds 2 4, or potlog blinds 5 10 --ante 1 (the ante replaces the table's "
              "ante, or its big-blind ante when it has one).",
              params=(Param("small", "The small blind.", type=int, field="value"),
                      Param("big", "The big blind.", type=int, field="value"),
                      Param("ante", "The ante (0: none).", kind="option", flags=("--ante",), type=int, default=0,
                            field="value")),
              command=lambda v: Declare(name="blinds", value=f"{v['small']}/{v['big']}/{v['ante'] or 0}"),
              makes=(Declare,))
"""The game word for rising blinds (a ``declared`` named ``blinds``, between hands)."""

BRINGIN = Word("bringin", "PLAYER posts the bring-in: the forced opening bet of the lowest up card (razz: highest).",
               "The first move of the first street: potlog bringin Ann. Completing to the small bet instead is "
               "potlog bet Ann SMALL_BET.",
               params=(Param("player", "The player who brings in."),),
               command=lambda v: BringIn(player=v["player"]), makes=(BringIn,))
"""The game word for the bring-in (recorded as the player's ``bet``)."""


def ruleset(game: Game, title: str, summary: str, *, words: tuple[Word, ...] | None = None,
            pick: Callable[[TableState], Game] | None = None) -> AnyRuleset:
    """The `Ruleset` of a poker declaration: its verbs and words, seats from `game.players`.
    `pick(state)`: the declaration a table plays when its options choose among several (2-7's
    number of draws); `game` is the one its words and seats are read from."""
    own = words if words is not None else ((BLINDS,) if game.rising else ()) + ((BRINGIN,) if game.by_cards else ())
    if pick is None:
        return Ruleset(name=game.name, title=title, summary=summary, options=game.options, initial=initial,
                       decide=game.decide, evolve=game.evolve, legal=game.legal, view=game.view,
                       check_event=game.check_event, words=own, forced=game.forced if game.by_cards else None,
                       after=game.after,
                       min_players=game.players[0], max_players=game.players[1])
    chosen = pick

    def decide(state: TableState, cmd: Command) -> list[ev.Event]:
        return chosen(state).decide(state, cmd)

    def evolve(state: TableState, event: ev.Event) -> None:
        chosen(state).evolve(state, event)

    def check_event(state: TableState, event: ev.Event) -> None:
        chosen(state).check_event(state, event)

    return Ruleset(name=game.name, title=title, summary=summary, options=game.options, initial=initial,
                   decide=decide, evolve=evolve, legal=lambda state: chosen(state).legal(state),
                   view=lambda state: chosen(state).view(state), check_event=check_event, words=own,
                   after=lambda state: chosen(state).after(state),
                   min_players=game.players[0], max_players=game.players[1])
