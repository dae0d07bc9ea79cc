"""Poch (Pochen, Glic): the board of eight compartments, five cards and a turned trump; the
best trumps paid off the board, the vying into the Poch, and the playing out in sequences.

Rule book: ``shared/rules/parlett-primiera-poch-bouillotte.txt`` ("Poch").

How a deal is recorded::

    potlog new poch -p Ann=40 -p Ben=40 -p Cy=40 -o dress=1
    potlog hand                 # everyone dresses the first seven compartments; Ann deals
    potlog deal all             # five unseen cards each (or: potlog deal Ben AH KH 9S 9D 7C)
    potlog deal trump 8H --up   # the next card is turned for trump
    potlog reveal Ben AH KH     # the trumps that claim a compartment are shown
    potlog board                # part one over: potlog pays the claimed compartments
    potlog bet Ben 2            # part two, from the dealer's left: "Ich poche zwei"
    potlog call Cy ...          # match the best or drop out (fold); the opener may raise once more
    potlog reveal Cy 9C 9H ...  # the hands still in the vying; potlog pays the Poch
    potlog play Cy 7C           # part three: the vying's winner leads, anyone follows on ...

Readings of the rule book:

- The board's compartments are persistent pots ``pot:ace``, ``pot:king``, ``pot:queen``,
  ``pot:jack``, ``pot:ten``, ``pot:marriage``, ``pot:sequence`` and ``pot:poch``. As each
  deal starts every player puts ``dress`` chips (1 by default; the text names no amount) in
  each of the first seven, recorded by potlog; the Poch takes only the vying's stakes. A deal
  starts only when every player can dress all seven (rebuy or leave first).
- The pack goes by the number of players: 32 cards (A K Q J 10 9 8 7) for two to four, 52
  for five or more (the heading's "3-8 players" and "from two to four" read together: two
  to eight). The session's ``pack`` must fit the players at ``potlog hand``.
- Part one: five cards each, then the next turned for trump (``deal trump CARD --up``). The
  Ace, King, Queen, Jack and Ten compartments go to the holders of those trumps, Marriage to
  the holder of both King and Queen (besides their own two), Sequence to the holder of the
  7-8-9 of trumps. potlog pays them once every hand is known, or when the recorder has shown
  the claiming trumps and says ``potlog board``. A compartment nobody claims (its trump was
  turned up or not dealt) stays on the board for the next deal, with the next dressing.
- Part two, from the dealer's left: each may pass (check) until someone bets into the Poch
  compartment; then each in turn must match the best (call) or drop out of the vying
  (fold: they still play part three); only the opener raises, once, when the turn comes back
  ("the opener may raise it again next time round"); then the others match or drop again
  and there is a showdown. If all pass, there is no vying this deal. Quartet > triplet >
  pair > unpaired, ties by the highest card (`ledger.kit.evaluators.vying.rank_poch`);
  hands still equal: the one nearest the dealer's left wins (the elder hand). A short
  player may go all-in (side pots); the part of a bet nobody matched goes back.
- Part three: the vying's winner (eldest when nobody vied) leads the lowest card of their
  longest suit (checked when their hand is known); whoever holds the next higher card of
  that suit plays it (``potlog play NAME CARD``); after an Ace, or when nobody holds the next
  card, the player of the last card begins a new sequence with any card. When every hand is
  known potlog refuses a new sequence while someone holds the next card; otherwise the
  recorder's word stands. With ``circles`` (off by default: "in some circles"), each new
  sequence pays its leader one chip from each opponent. The first to play out their last
  card wins: each other player pays one chip per card left (a player short pays what they
  have), and the deal ends.
- The board never empties (the turned trump's compartment is never claimed in the 32-card
  pack), and the text does not say how a night ends: at ``potlog close`` what is left on the
  board is shared evenly among the players seated, odd chips one each from the dealer's left
  (refused while nobody is seated: someone sits down again first).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field

from ... import events as ev
from ...core.commands import Close, Deal, Declare, NewHand, Play, Reveal, command_for
from ...errors import RuleViolation
from . import bragging, compartments, dues, stops
from ...kit import betting as bets
from ...kit import deal, follow, own, pots, stages, turnup
from ...kit.verbs import decider, IDLE
from ...kit.evaluators import vying
from ...state import TableState
from ...core.table import require_live, require_open
from ...core.verbs import reveal, start_hand
from ...core.contract import Legal, Ruleset

BOARD = compartments.Board(
    ("ace", "king", "queen", "jack", "ten", "marriage", "sequence", "poch"), dressed=7,
    claims={"ace": ("A",), "king": ("K",), "queen": ("Q",), "jack": ("J",), "ten": ("10",), "marriage": ("K", "Q"),
            "sequence": ("7", "8", "9")})
POCH = BOARD.account("poch")


class Options(BaseModel):
    """Poch's table choices."""

    model_config = ConfigDict(extra="forbid")
    dress: int = Field(default=1, ge=1, le=ev.MAX_CHIPS,
                       description="chips each player puts in each of the seven compartments")
    pack: Literal["french32", "french52"] = Field(default="french32",
                                                  description="french32 for two to four players, french52 for more")
    circles: bool = Field(default=False, description="the leader of each new sequence gets a chip from each opponent")


@dataclass(slots=True)
class Pochen:
    """The deal in progress: its players from the dealer's left, the phase (dress, deal, board,
    vie, showdown, play), the dressing stakes recorded, the recorder's ``board``, the vying's
    book, its opener and the opener's second turn ("", due, done), the Poch paid so far and
    its winner, the sequence and the payments due (`stops.Book`)."""

    order: list[str] = field(default_factory=list)
    phase: str = "idle"
    dressed: int = 0
    shown: bool = False
    acted: list[str] = field(default_factory=list)
    raised: list[str] = field(default_factory=list)
    high: int = 0
    opener: str = ""
    again: str = ""
    paid: int = 0
    settled: int = 0
    winner: str = ""
    leader: str = ""
    card: str = ""
    player: str = ""
    sequences: int = 0
    due: list[dues.Row] = field(default_factory=list)


OWN = own.Own(Pochen, Options)
DEALING = deal.Dealing(5, messages={"too_many": "{to} holds {have} cards: five each ({short} more at most)"})


# ----------------------------------------------------------------------------- decide

def _hand(state: TableState, cmd: NewHand) -> list[ev.Event]:
    require_open(state)
    n, o = len(state.active_seats), OWN.opts(state)
    if o.pack != ("french32" if n <= 4 else "french52"):
        raise RuleViolation(f"{n} players play with {'32' if n <= 4 else '52'} cards, not this session's {o.pack}: "
                            "two to four use 32 cards, more than four 52")
    BOARD.require_dressing(state, [s.name for s in state.active_seats], o.dress)
    return follow.followed(start_hand(state, cmd, min_players=2))


def _deal(state: TableState, cmd: Deal) -> list[ev.Event]:
    x = OWN.at(state, ("deal",), "the cards are dealt: five each and the trump")
    size = 32 if OWN.opts(state).pack == "french32" else 52
    return follow.followed(turnup.deal(state, cmd, DEALING, x.order, board="trump", size=size,
                                          example="potlog deal trump 8H --up"))


def _reveal(state: TableState, cmd: Reveal) -> list[ev.Event]:
    OWN.at(state, ("board", "showdown"), "cards are shown to claim the board or at the vying's showdown")
    return follow.followed(reveal(state, cmd))


def _board(state: TableState, cmd: Declare) -> list[ev.Event]:
    return follow.followed(BOARD.shown(state, OWN.x(state), cmd, game="Poch", before="the vying"))


def _vie(state: TableState, cmd: bets.Move) -> list[ev.Event]:
    stages.hand_on(state)
    x = OWN.x(state)
    player = require_live(state, cmd.player)
    if x.phase != "vie":
        raise RuleViolation(f"{player} cannot {cmd.verb} now: " + (
            "the board is paid first: show the claiming trumps, then potlog board" if x.phase == "board"
            else "the vying is over" if x.phase in ("showdown", "play") else "the cards are being dealt"))
    return follow.followed(bragging.act(state, x, cmd, pot=POCH))


def _play(state: TableState, cmd: Play) -> list[ev.Event]:
    x = OWN.at(state, ("play",), "the cards are played out in part three, after the vying")
    return follow.followed(stops.play(state, x, cmd))


def _after(state: TableState) -> list[ev.Event]:
    """What follows by itself: the dressing, the board, the Poch, the chips of part three,
    the end of the deal."""
    x, hand = OWN.x(state), state.hand
    if hand is None or hand.ended:
        return []
    if x.phase in ("dress", "board"):
        return BOARD.follows(state, x, OWN.opts(state).dress)
    if x.phase == "showdown" and len(own.live(state, x.order)) <= 1:
        return pots.last_in(state, "{player} is the last in the vying: the Poch is theirs", pot=POCH)[1]
    if x.phase == "showdown":                                      # equal hands: the elder's
        ranks = own.ranked(state, x.order, vying.rank_poch, elder=True)
        return [] if ranks is None else pots.award_by_rank(
            state, ranks, x.order, pot=POCH, total=state.balance(POCH) + x.paid,
            payout=pots.Payout(single="the Poch"))[x.settled:][:1]
    return stops.follows(state, x) if x.phase == "play" else []


def check_event(state: TableState, event: ev.Event) -> None:
    """``potlog verify --rules``: every move decided again; the dressing, the board, the Poch,
    every payment of part three and the board shared out at the close recomputed."""
    if not BOARD.check_close(state, event):
        follow.check(state, event, _after, decide, lambda s, e: command_for(e), game="poch",
                     by_itself=(ev.Transfer, ev.PotAwarded, ev.HandEnded))


decide = decider(
    "poch", "Poch", Options,
    {NewHand: _hand, Close: BOARD.close, Deal: _deal, Reveal: _reveal, Declare: _board, Play: _play,
     **dict.fromkeys(bets.WAGERS, _vie)},
    "hand, deal (five each and the trump), reveal and board, then check, bet, call, raise, fold, then play")


# ----------------------------------------------------------------------------- evolve, legal, view

def evolve(state: TableState, event: ev.Event) -> None:
    x, hand = OWN.x(state), state.hand
    if isinstance(event, ev.HandStarted):
        state.ext = x = Pochen(order=deal.seat_in(state, event), phase="dress")
        BOARD.persist(state)
    elif isinstance(event, ev.PotAwarded) and event.pot == POCH:
        x.paid, x.settled = x.paid + sum(s.amount for s in event.shares), x.settled + 1
        x.winner = x.winner or (event.shares[0].player if event.reason != pots.UNCALLED else "")
    elif x.phase == "vie":
        bragging.record(state, x, event)
    elif x.phase == "play":
        stops.record(state, x, event, per_sequence=1 if OWN.opts(state).circles else 0)
    BOARD.track(x, event)
    if hand is None or hand.ended:
        x.phase = "idle"
        return
    BOARD.advance(state, x, DEALING, then="vie")                  # dressed, dealt, the board paid; the vying, the Poch
    if x.phase == "vie" and not bragging.turn(state, x, x.order, own.live(state, x.order)):
        x.phase = "showdown" if x.opener else "play"
    if x.phase == "showdown" and not state.balance(POCH):
        x.phase = "play"
    if x.phase == "play":
        stops.begin(state, x, x.winner)
    hand.to_act = bragging.turn(state, x, x.order, own.live(state, x.order)) if x.phase == "vie" else x.leader or None
    hand.phase = x.phase


def legal(state: TableState) -> list[Legal]:
    x, hand = OWN.x(state), state.hand
    if state.closed:
        return []
    if hand is None or hand.ended:
        return [IDLE]
    who = hand.to_act
    if x.phase in ("dress", "deal", "board", "showdown"):  # (dress: a void left some of the dressing due)
        return [Legal(None, {"dress": ("deal",), "deal": ("deal",), "board": ("reveal", "board"),
                             "showdown": ("reveal",)}[x.phase],
                      {"dress": "the dressing is due: potlog records it before the next command, then the deal",
                       "deal": "five cards each, then the trump: potlog deal trump CARD --up",
                       "board": "show the trumps that claim a compartment, then potlog board",
                       "showdown": "name the unseen cards of the hands still in the vying"}[x.phase])]
    if x.phase == "vie" and who:
        return [bragging.prompt(state, x, who)]
    return [stops.prompt(x, who)]


def view(state: TableState) -> list[tuple[str, str]]:
    x = OWN.x(state)
    return [("phase", x.phase), ("compartments", BOARD.text(state))] + stops.rows(x)


RULESET = Ruleset(name="poch", title="Poch (Pochen, Glic)",
                  summary="A board of eight compartments: the best trumps paid off the board, the vying for the "
                          "Poch, then the cards played out in sequences, a chip for each card left.",
                  options=Options, initial=OWN.initial, decide=decide, after=_after, evolve=evolve, legal=legal, view=view,
                  check_event=check_event, words=(compartments.WORD,), min_players=2, max_players=8,
                  seats=lambda o: (2, 4, "with the french32 pack") if o.pack == "french32" else
                  (5, 8, "with the french52 pack"))
