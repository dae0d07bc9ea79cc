"""Bluke: a trick-taking game for 2 to 15 players, scored in points over a run of hands.

The pack is the 52 French cards and the two jokers, the Hi Bluke (``HI``) and the Lo Bluke
(``LO``). Each player bids how many tricks they will take; taking fewer costs ten times the
bid, making it earns ten times the bid and one point per extra trick. potlog works out
everything the rules decide: how many cards each hand gets, who deals, whose turn it is to
bid and to play, who takes each trick, the revokes, the points (``scored`` events, the hand
ended on its last trick) and, with a stake, the chips at the end.

How a night is recorded (either way, or hand by hand both ways; the scores are the same):

- card by card: ``potlog hand`` (potlog knows the dealer and the cards each gets),
  ``potlog deal trump 7H --up`` (the turned card), ``potlog bid John=3 Margaret=3 ...``, then ``potlog play John QH`` for
  every card; each complete trick gets its ``trick_won``, the last one scores the hand.
- as a scorekeeper does: ``potlog hand``, ``potlog bid ...``, ``potlog tricks John=4
  Margaret=0 ...`` (every player's tricks, adding up to the cards dealt).
``potlog scorecard`` lays out the card as the rule text does: its "creative" layout (the
default) writes taken/bid then the running score (``4/3 31``: bid 3, took 4), and the
bids' total over the cards dealt (``13/13``), as the text's own card does.

Readings of the rule text (where it leaves a gap, what a table would do):

- The first dealer is whoever draws the highest card: before the first hand each player's
  draw is recorded with ``potlog deal NAME CARD`` (face up; Hi Bluke, Lo Bluke, then ace
  high down to 2; suits do not count), players tied for the highest draw again among
  themselves, and ``potlog hand`` makes the winner deal. A table that does not record the
  draw says who deals with ``potlog hand --dealer NAME``; with neither, the first seat
  deals. Afterwards the deal passes left, and potlog refuses any other dealer.
- Cards per hand: with 2 to 4 players 13, 12 ... 1, 2 ... 13 (25 hands). With 5 or more, the
  first hand is the most cards that leave at least 2 undealt from the 54, ``(54 - 2) //
  players`` (5 players 10, 6 players 8, 7 players 7, 8 players 6 ... 15 players 3), down to 1
  and back up (so 2 x that - 1 hands). New Jersey (option ``new_jersey``) runs the same
  numbers the other way: 1 up to the top and back down to 1.
- Bids are 1 to the cards dealt, as the text says (there is no zero bid), one per player
  from the dealer's left. ``bid`` may name several players at once; they are recorded in
  bidding order. A bid is never changed; a mistaken one is voided.
- The turned card (``deal trump``) is recorded face up whatever the flag; it may be turned
  any time before the first card is played, and must be before card-by-card play. A turned
  Bluke means no trump. A scorekeeper who does not note the trump need not record it.
- Hands need not be recorded: a player whose cards are not known holds unseen cards. Known
  cards (``deal John AS KD ...``, before the bidding) are checked: a card in one place at a
  time, at most the cards dealt, and following suit.
- Following suit (standard): a player must follow the suit led if they can, but a Bluke
  may be played at any time. When a Bluke is led there is no suit to follow: anything may
  be played. Hi Bluke beats everything, Lo Bluke everything but Hi Bluke, then the highest
  trump, then the highest card of the suit led (ace high).
- New Jersey: the Blukes belong to the trump suit and are played as trumps: a player who
  can follow a plain suit led must, even holding a Bluke; when trump (or a Bluke) is led a
  player must play a trump or a Bluke if they have one. In a no-trump hand (a Bluke
  turned) the two Blukes are the whole trump suit.
- A play that breaks following suit where the hand is known is refused. Where the hand is
  not known, a player who did not follow is noted as void in that suit; if they later show
  a card of it (played, or shown with ``potlog reveal``), potlog flags a revoke (a note in
  the log, ``revokes`` in the state and the scorecard), once per suit not followed. The rule text sets no penalty: the table decides, and records it with
  ``potlog score NAME -N --override "revoke"`` (shown as an adjustment on the scorecard).
- ``score`` is otherwise refused: the points follow from the bids and tricks.
- A card recorded against the rules (``play ... --override``) may complete a trick without
  its ``trick_won``: the next ``play`` (by the trick's winner) records it first, and after
  the last trick ``potlog end`` takes it and scores the hand.
- The scorekeeper's ``tricks`` must add up to the cards dealt (every trick is taken by
  someone). The rule text's "creative scorecard" breaks this once (its second hand shows
  11 tricks taken of 12) and its third hand's bid total reads 10 where the bids add up to 9;
  potlog computes totals, so it shows 9/11 there (see tests/test_bluke_scorecard.py).
- The same players play the whole game: joining or leaving between the first hand and the
  end is refused (a change of players changes the deal); close the session instead.
- Stake (option ``stake``, chips per point, 0 = none): when the last hand is scored (or
  at ``close``, if the table stops early) every pair of players settles the difference of
  their scores, so each player's chips change by ``stake x (players x score - sum of
  scores)``; this nets to zero. It is paid as ``transfer`` events from each loser to the
  winners (losers and winners in seat order). A loser who cannot cover pays all they hold
  and the winners share what was paid in proportion to what they were owed (odd chips to
  the larger winners, then seat order). A ``declared settle`` event marks the settlement.
- ``potlog verify --rules`` (`check_event`) recomputes what potlog records by itself (trick
  winners, points, hand ends, the settlement) and decides every other event again.
"""

from __future__ import annotations

from ...core.contract import Ruleset
from .checks import check_event
from .decide import decide
from .evolve import evolve
from .options import MAX_PLAYERS, MIN_PLAYERS, NAME, PACK, SUIT_NAMES, TITLE, BlukeState, Options, initial
from .rules import draw_ties, draw_value, hand_points, outcome, power, schedule, settlement, trick_winner
from .view import describe, legal
from .words import WORDS

SUMMARY = ("Trick-taking with two jokers (the Blukes): bid 1 to the cards dealt, 13 down to 1 and back; "
           "-10 x bid when set, else 10 x bid + overtricks.")

__all__ = ["NAME", "TITLE", "SUMMARY", "PACK", "MIN_PLAYERS", "MAX_PLAYERS", "SUIT_NAMES", "Options", "BlukeState",
           "initial", "decide", "evolve", "legal", "describe", "check_event", "settlement", "RULESET", "schedule",
           "hand_points", "outcome", "power", "trick_winner", "draw_value", "draw_ties"]

RULESET = Ruleset(name=NAME, title=TITLE, summary=SUMMARY, options=Options, initial=initial, decide=decide,
                  evolve=evolve, legal=legal, view=describe, check_event=check_event, words=WORDS,
                  min_players=MIN_PLAYERS, max_players=MAX_PLAYERS, scores=True)
