"""Bluffjack (Rich Hutnik, 2012): blackjack hands with poker betting, played to the last chip.

The hand, as potlog runs it (``../shared/rules/bluffjack.txt``):

1. ``potlog hand`` starts it. The first dealer is the first seat (or ``--dealer``); after
   that the deal passes left (the next seat clockwise still in the game) and potlog refuses
   any other dealer.
2. The deal: one card face down to each player, then one face up, one at a time clockwise
   from the dealer's left (``deal Ann ??`` or ``deal Ann 7S``, then ``deal Ann QH --up``).
   Everyone antes the table's ante (``ante Ann 1``) at any point before the betting starts.
3. When every card is out and every ante is in, potlog opens the first betting round and
   records the forced raise itself: the player left of the dealer raises by the ante.
   Then, clockwise: call, raise or fold until the bets are equal.
4. The draw: clockwise from the dealer's left each player takes a card (``potlog hit Ann
   5D``) or stands (``potlog stand Ann``); a player who stands takes no more cards. The turn
   goes round until everyone has stood.
5. The final betting round, clockwise from the dealer's left: check (or ``call`` with
   nothing to match), bet, raise, call or fold until the bets are equal.
6. ``potlog showdown``: potlog reveals the known face-down cards, works out every hand, pays
   the pot (side pots included), sends a pot nobody can win to the house, eliminates the
   players left without chips, and ends the hand; when one player holds every chip it
   records that they won the game. When everyone but one has folded, ``potlog showdown``
   pays that player without anyone showing a card. The deal, the turn and the stage are in
   ``potlog state`` (its "next" line names who acts and what they may do).

Readings chosen where the text leaves a gap:

- The ante is also the table's minimum bet ("the same initial minimum bet amount"): the
  forced raise is exactly one ante, and every later bet or raise is at least one ante,
  unless it puts the player all-in. Raises are otherwise unlimited.
- A player who cannot cover the ante antes what they have and is all-in. If the player left
  of the dealer has no chips left after the ante, the forced raise falls to the next player
  clockwise who has; a forced raiser short of a full ante raises all-in.
- A player may only fold, call or raise on their own betting turn. With nothing to match,
  ``call`` records a check ("calling the current high value" of nothing).
- All-in players stay in the hand and keep taking cards. The pot is split poker-style into a
  main pot and side pots; each is won by the best hand among the players who matched it.
  A side pot only one player matched goes back to them.
- Cards taken in the draw are dealt face up (as in blackjack: the face-down card is what
  hides a hand); ``hit --down`` records one dealt face down instead.
- A betting round with fewer than two players able to bet is recorded but needs no action.
- If everyone left in a pot is over 21, that pot goes to the house (the ``house`` account).
  With ``no_house`` it goes to ``pot:aside``, which persists between hands and is paid to
  the last player standing; if the game stops earlier (``potlog close``) or a showdown would
  leave nobody with chips, what is set aside is shared evenly among the players concerned.
  With the house, a showdown that leaves nobody with chips ends the game with no winner.
- Ties split the pot evenly; the odd chip goes to the tied player nearest the dealer's left.
- Charlies (``charlie=5|7|10``): a hand of exactly that many cards totalling under 21. It
  beats every hand but a 21; between charlies the higher total wins. With
  ``charlie_minimum`` it is a hand of at least that many cards under 21, and between
  charlies of equal total the one with more cards wins.
- Best hand (``best_hand``): two-card 21s rank A-K suited, A-K, A-Q suited, A-Q, A-J
  suited, A-J, A-10 suited, A-10; then any other 21; then charlies; then 20 down to 2; a
  bust always loses. Without it, every 21 ties with every other 21.
- More betting (``more_betting``): the draw becomes a betting round. On each turn a player
  who has not stood takes a card or stands and then calls (a check when nothing is owed),
  raises or folds; a player who has stood still gets a turn each time round and must call
  or raise (or fold). The draw ends when everyone has stood and the bets are equal; the
  final betting round follows.
- Two initial bets (``two_initial_bets``): the antes and the forced raise come after the
  face-down cards; then a second betting round follows the face-up cards (opened from the
  dealer's left, with no forced raise).
- Potlog keeps the turn: dealing, betting, taking cards and standing out of turn are refused.
  ``award``, ``carry``, ``round`` and ``end`` are refused: the showdown settles and ends each
  hand. ``pay`` moves chips between players only. In the draw, ``deal`` is a ``hit`` (face
  down unless ``--up``, as ``deal`` always is).
- Corrections (``potlog void``) go from the newest event back, and only within the last hand
  (with what came after it): a command that made potlog record steps of its own (the last ante
  and the forced raise, the call that closes a round and the next round) is undone by voiding
  those steps first. After a ruling (``--override``) leaves such a step due, potlog records it
  before the next command. What the rules record once a hand is over (an elimination, the
  set-aside chips paid to the last player standing) stands with the hand's result and cannot
  be voided: undoing it alone would leave chips set aside in a game that is over.
- A short stack is eliminated only at a showdown; a player who joins later, or comes back with
  a new buy-in, is dealt in from the next hand.
"""

from __future__ import annotations

from ..ruleset import Ruleset
from .checks import check_event
from .decide import decide
from .hands import card_value, hand_key, hand_name, hand_total
from .options import ASIDE, BETTING_STAGES, ELIMINATED, HOUSE, NAME, BluffjackExt, Options
from .stages import auto_steps, evolve, initial, trial
from .view import describe, legal
from .words import WORDS

TITLE = "Bluffjack"
SUMMARY = ("Blackjack hands with poker betting: closest to 21 wins the pot, all bust pays the house; "
           "played until one player holds every chip.")

RULESET = Ruleset(name=NAME, title=TITLE, summary=SUMMARY, options=Options, initial=initial, decide=decide,
                  evolve=evolve, legal=legal, view=describe, check_event=check_event, words=WORDS)

__all__ = ["NAME", "TITLE", "SUMMARY", "RULESET", "Options", "BluffjackExt", "initial", "decide", "evolve", "legal",
           "describe", "check_event", "card_value", "hand_total", "hand_key", "hand_name", "trial", "auto_steps",
           "ASIDE", "HOUSE", "ELIMINATED", "BETTING_STAGES"]
