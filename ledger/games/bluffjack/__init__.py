"""Bluffjack (Rich Hutnik, 2012): blackjack hands with poker betting, played to the last chip.

The hand, as potlog runs it (``../shared/rules/bluffjack.txt``):

1. ``potlog hand``: the first dealer is the first seat (or ``--dealer``); then the deal passes
   left (to the next seat still in the game) and potlog refuses any other dealer.
2. One card face down to each player, then one face up, one at a time clockwise from the
   dealer's left (``deal Ann ??`` or ``deal Ann 7S``, then ``deal Ann QH --up``). Everyone
   antes the table's ante (``ante Ann 1``) at any point before the betting starts.
3. With every card out and every ante in, potlog opens the first betting round and records
   the forced raise: the player left of the dealer raises by the ante. Then, clockwise:
   call, raise or fold until the bets are equal.
4. The draw, clockwise from the dealer's left: each player takes a card (``potlog hit Ann
   5D``) or stands (``potlog stand Ann``) and takes no more; round until everyone has stood.
5. The final betting round, clockwise from the dealer's left: check (or ``call`` with nothing
   to match), bet, raise, call or fold until the bets are equal.
6. ``potlog showdown`` reveals the known face-down cards, ranks the hands, pays the pot (side
   pots too), sends a pot nobody can win to the house, eliminates the players left without
   chips and ends the hand, recording the game's winner once one player holds every chip.
   When all but one have folded it pays that player, no card shown. ``potlog state`` shows
   the deal, the turn and the stage (its "next" line: who acts, and how).

Readings chosen where the text leaves a gap:

- The ante is also the minimum bet ("the same initial minimum bet amount"): the forced raise
  is one ante, every later bet or raise at least one ante unless all-in; raises are unlimited.
- A player who cannot cover the ante antes what they have and is all-in. If the player left
  of the dealer then has no chips, the forced raise falls to the next player clockwise who
  has; a forced raiser short of a full ante raises all-in.
- Fold, call and raise only on one's own betting turn. With nothing to match, ``call``
  records a check ("calling the current high value" of nothing).
- All-in players stay in and keep taking cards. The pot splits poker-style into a main pot
  and side pots, each won by the best hand among those who matched it; a side pot only one
  player matched goes back to them.
- Cards taken in the draw are dealt face up (as in blackjack, the face-down card hides a
  hand); ``hit --down`` records one face down.
- A betting round with fewer than two players able to bet is recorded but needs no action.
- A pot whose players are all over 21 goes to the house (the ``house`` account); with
  ``no_house``, to ``pot:aside``, kept between hands for the last player standing, or shared
  evenly among the players concerned if the game stops first (``potlog close``) or a
  showdown would leave nobody with chips. With the house, a showdown that leaves nobody with
  chips ends the game with no winner.
- Ties split the pot evenly; the odd chip goes to the tied player nearest the dealer's left.
- Charlies (``charlie=5|7|10``): exactly that many cards under 21; a charlie beats all but a
  21, and of two charlies the higher total wins. With ``charlie_minimum``: at least that many
  cards, and of equal totals the one with more cards wins.
- Best hand (``best_hand``): two-card 21s rank A-K suited, A-K, A-Q suited, A-Q, A-J suited,
  A-J, A-10 suited, A-10; then other 21s; charlies; 20 down to 2; a bust always loses.
  Without it, all 21s tie.
- More betting (``more_betting``): the draw is a betting round. Each turn a player who has
  not stood takes a card or stands, then calls (a check when nothing is owed), raises or
  folds; one who has stood still calls or raises (or folds) each time round. The draw ends
  when everyone has stood and the bets are equal; the final round follows.
- Two initial bets (``two_initial_bets``): the antes and the forced raise come after the
  face-down cards, and a second round (from the dealer's left, no forced raise) after the
  face-up cards.
- Potlog keeps the turn: dealing, betting, taking cards and standing out of turn are refused.
  ``award``, ``carry``, ``round`` and ``end`` are refused: the showdown settles and ends each
  hand. ``pay`` moves chips between players only. In the draw ``deal`` is a ``hit`` (face
  down unless ``--up``, as ``deal`` always is).
- Corrections (``potlog void``) go newest first, within the last hand (and what followed):
  steps potlog recorded after a command (the forced raise after the last ante, the next
  round after the call that closed one) are voided before it. A step a ruling
  (``--override``) leaves due is recorded before the next command. What the rules record
  after a hand (an elimination, the set-aside chips paid to the last player standing) stands
  with its result and cannot be voided: alone, that would leave chips set aside in a game
  that is over.
- A short stack is eliminated only at a showdown; a player who joins later, or comes back
  with a new buy-in, is dealt in from the next hand.
"""

from __future__ import annotations

from ...core.commands import Showdown
from .draw import HIT, STAND
from .elimination import ELIMINATED
from .blackjack import card_value, hand_total
from ...core.contract import Ruleset, Word
from .decide import check_event, decide, ranked
from .options import ASIDE, BETTING_STAGES, HOUSE, NAME, BluffjackExt, Options
from .stages import DRAW, auto_steps, describe, evolve, initial, legal, trial

TITLE = "Bluffjack"
SUMMARY = ("Blackjack hands with poker betting: closest to 21 wins the pot, all bust pays the house; "
           "played until one player holds every chip.")
WORDS = (HIT, STAND, Word("showdown", "Settle the hand: every hand is worked out, the pots (side pots too) are paid, "
                          "a pot nobody can win goes to the house, and the short stacks are eliminated.",
                          command=lambda v: Showdown(), makes=(Showdown,)))
"""Bluffjack's own words: take a card (``hit``), ``stand`` and ``showdown``; everything else
uses the shared verbs (deal, ante, call, raise, fold, allin, reveal)."""

RULESET = Ruleset(name=NAME, title=TITLE, summary=SUMMARY, options=Options, initial=initial, decide=decide,
                  evolve=evolve, legal=legal, view=describe, check_event=check_event, words=WORDS,
                  forced=DRAW.forced, min_players=2)

__all__ = ["NAME", "TITLE", "SUMMARY", "RULESET", "WORDS", "Options", "BluffjackExt", "initial", "decide", "evolve",
           "legal", "describe", "check_event", "card_value", "hand_total", "ranked", "trial",
           "auto_steps", "ASIDE", "HOUSE", "ELIMINATED", "BETTING_STAGES"]
