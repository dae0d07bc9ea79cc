"""Blücher (Forwards): three cards, a dice target, three rounds of buying and betting,
and a pot that rides when everyone busts. Rule book: ``shared/rules/bluecher.txt``.

How a hand is recorded (potlog works out everything else)::

    potlog hand                      # dealer: the last winner (left of the dealer after an all-bust)
    potlog declare Dan cost 2        # optional, before the deal (default: the card_cost option)
    potlog deal all -n 3             # or per player: potlog deal Ann AS 5H ??  (?? = unseen)
    potlog declare Ann dice 3        # the first player (left of the dealer): 1 to 5 dice
    potlog declare Ann limit 5       # ... and the betting limit for the hand
    potlog hole Ann                  # ... places a hole card face down (potlog hole Ann 5H if known)
    potlog bet Ann 2                 # ... and bets 1 to the limit
    potlog hole Ben; potlog call Ben # every other player: hole card and call, or fold
    potlog roll Ann 3 5 6            # the first player rolls the declared dice: target 14
    potlog buy Ann 7H --discard KD   # rounds 1-3: buy (pays the card cost), then
    potlog check Ben / raise Cy 2 / call / fold / allin
    potlog reveal Ann 5H 9C 7H       # after round 3: unseen cards are shown
    potlog hole Ann 5H               # an unseen hole card is named when it is turned up
    potlog showdown                  # awards, the all-bust payment, carry-over, next dealer

Rounds start by themselves (after the roll and after each round's betting); the hand ends by
itself (after the showdown, or when all but one have folded). A hole card is recorded as
``declared`` ``hole`` (the card, or ``??``), a buy as ``cards_exchanged`` with the card cost;
the showdown records ``cards_revealed`` (known cards still face down), a ``pot_awarded`` per pot
(naming the winning cards), ``pot_carried`` for what rides, ``declared`` ``next-dealer`` and
``hand_ended``; ``potlog verify --rules`` re-checks every event against these rules.

Readings of the rule book (where it and issue 4 leave a gap, as a table would play it):

- Packs: French 52 (ace 1, 2-10 face value, J Q K 10; 3 to 10 players) or Spanish 40/48
  (printed value, sota 10, caballo 11, rey 12; 3 to 9 players). Suits rank Spades > Hearts
  > Diamonds > Clubs, Swords > Cups > Clubs > Coins. Players with no chips sit a hand out.
- The dealer may declare the card cost only before the first card is dealt; it then holds
  for the hand. The first player is the first seat with chips to the dealer's left.
- The opening: the first player declares the dice (1 to 5) and the limit (1 chip or more) and
  places a hole card before betting; a declaration stands once made (void it if recorded
  wrong). Every other player places a hole card before calling. The first player may not fold
  before opening; nobody checks or raises in it; a player short of the bet may go all-in. The
  opening closes only when everyone still in has matched the highest bet: after a raise the
  table allowed (``--override``), the first player too calls it or folds before the dice.
- Hole cards: ``hole Ann 5H`` names it (one of Ann's known cards, or one of her unseen
  ones); ``hole Ann`` places it unseen (she must hold an unseen card, and the hole is one of
  them), named and turned up at the showdown with ``hole Ann CARD``. It is never discarded.
- A round: from the first player, once around, each player who still has chips may buy one
  card (before acting; at most one per round; the cost goes to the pot), then checks, bets,
  calls, raises or folds. A bet into an empty round counts as that player's raise. Raises
  (and bets) are by 1 up to the limit. After the go-around, players short of the highest bet
  call or fold in seat order (no raises then). Nobody raises twice in a round. A bet or raise
  is refused when nobody else could call it (all others all-in). A player with no chips left
  (all-in) is skipped, and so buys no more cards.
- Rebuys are between hands for players in the hand (table stakes); seated players who are
  out of the hand (folded, sitting out) may rebuy at any time.
- Chips leave the pot only through the rules. A carry-over left when the night ends (the
  last hand all bust) is shared out by the table between hands with ``potlog pay carry
  PLAYER N`` before ``potlog close``.
- Buying needs the stock: the pack less the cards dealt and bought this hand; when it is
  empty, ``potlog reshuffle`` puts the discards back (refused while cards remain).
- Showdown: each player's hand is the best of the hole card with one or both other cards.
  Ranking: not over the target beats over; then closest to the target (busted: smallest
  excess); then fewer cards; then the suit of the hand's highest card (highest by value, then
  K > Q > J > 10 among cards worth 10, then, for two of the same rank, the better suit); if
  those suits are equal, the higher of the two highest cards wins.
- Side pots are poker's (``ledger.chips.side_pots`` over each player's bets this hand);
  card costs and chips carried in belong to the main pot. Every pot is settled as its own
  showdown among the players eligible for it; a pot only one player reached (an uncalled
  bet) goes back to that player. A pot whose every contender busts: the least wrong of them
  takes one chip for every other contender of that pot, the rest rides into the next hand.
- The winner of the main pot deals next; after an all-bust the deal passes to the left of
  the dealer. ``hand --dealer`` chooses the first hand's dealer only.
"""

from __future__ import annotations

NAME = "bluecher"
TITLE = "Blücher (Forwards)"
SUMMARY = ("3 cards, a 1-5 dice target, 3 rounds of card buying and limit betting; "
           "closest without going over wins, and the pot rides when everyone busts.")

# The surface: options and state, the declaration (evolve), decide, the evaluator and payments, view, words.
from .options import BluecherExt, Options, initial  # noqa: E402
from .stages import EVOLVES, evolve  # noqa: E402
from .decide import check_event, decide  # noqa: E402
from .showdown import BestHand, best_hand, card_value  # noqa: E402
from .view import describe, legal  # noqa: E402
from .words import WORDS  # noqa: E402
from ...core.contract import Ruleset  # noqa: E402

__all__ = ["NAME", "RULESET", "BestHand", "BluecherExt", "best_hand", "card_value", "check_event", "decide", "legal"]

RULESET = Ruleset(name=NAME, title=TITLE, summary=SUMMARY, options=Options, initial=initial, decide=decide,
                  evolve=evolve, evolves=EVOLVES, legal=legal, view=describe, check_event=check_event, words=WORDS,
                  min_players=3, max_players=10,
                  seats=lambda o: (3, 9, f"with the {o.pack} pack") if o.pack.startswith("spanish") else (3, 10, ""))
