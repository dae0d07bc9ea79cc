"""PHH (the Poker Hand History standard, uoftcprg/phh-std) into potlog: one hand of any PHH
variant PokerKit plays becomes a session of its own, played through the potlog ruleset of
that variant (`ledger.phh.variants`: NT and FT hold'em, NS short deck, PO and FO/8 Omaha, F7S
and F7S/8 stud, FR razz, N2L1D and F2L3D deuce-to-seven, FB badugi).

    hand = phh_to_commands(text)            # the table (game, players, stacks, options) and the actions
    state = replay(hand)                    # in memory, through the rules: the table at the end
    sid = record_hand(ledger, hand, name="pluribus-83-27")    # into a new session of a Ledger
    rows, state = hand_rows(hand, "pluribus-83-27", now)      # the stored rows of that session
    hand.difference([state.stack(p) for p in hand.names])     # its finishing_stacks against the replay
    import_files(ledger, ["data/"], now)    # many files at once, one transaction (`load`)

A PHH action is turned into a potlog command against the table it is played at
(`ledger.phh.play.command`; PHH says "bet or raise *to* 7000" and "check or call"; potlog
says bet, raise *by*, check, call or all-in):

- ``d dh pN AcKd`` (``????`` unseen) -> ``deal NAME AC KD`` (unseen cards as ``??``): the hole
  cards of the street (stud: the engine knows which are up), or a draw's replacements;
- ``d db Jc3d5c`` -> ``deal board JC 3D 5C``;
- ``pN f`` -> ``fold``; ``pN cc`` -> ``check``, ``call``, or ``allin`` when the call takes the
  stack; ``pN cbr X`` -> ``bet X``, ``raise`` by X less the bet to call, or ``allin`` when X is
  all the player has;
- ``pN pb`` -> ``bringin NAME`` (stud, razz); ``pN sd CARDS`` -> ``exchange NAME --discard
  CARDS`` (the replacements follow as ``d dh``); ``pN sd`` -> ``exchange NAME`` (standing pat);
- ``pN sm CARDS`` (show) -> ``reveal NAME CARDS``; ``pN sm -`` -> ``reveal NAME`` (the cards
  the record knows); ``pN sm`` (muck) -> ``fold NAME`` at the showdown.

Readings (where the standard leaves a choice, PokerKit's reading, which is a card room's):

- Seats: p1 sits left of the button and the last player has it, in every variant (in stud the
  button only sets the order: ties of showing hands, the odd chips). Players are named from
  ``players`` (``p1``, ``p2`` ... where a name is missing, repeated or not one potlog takes).
- Forced bets come from the fields, and potlog posts them itself: ``blinds_or_straddles`` is
  the small blind, the big blind and a straddle (heads-up, p1 is the big blind); one entry
  for the last player alone is a button blind (short deck); a small blind alone
  (``[X, 0, ...]``) is posted as such and the player after it opens, where the ruleset has
  no big blind to ask for. ``antes`` all alike are an ante from everyone; p2's alone is a
  big-blind ante (dead money, PokerKit's untrimmed ante). Other patterns are refused.
- Amounts with decimals (a record in dollars and cents) are read in hundredths: every amount
  times 100, the session's chip unit ``cent``; finer amounts are refused, and so is anything
  not a finite amount from 0 to ``events.MAX_CHIPS``. Export writes such a session back in
  dollars and cents (`ledger.export.phh_format`), the file's own amounts.
- ``finishing_stacks`` must be what the replay ends with (`Hand.difference`; a stated half of
  an odd chip agrees with the whole chip either side of it, the total the same).
- A ``cbr`` is resolved against the table: in fixed limit its amount must be the limit's (a
  record that raises "to" what the caller can cover, short of the limit, is refused, as
  PokerKit refuses to replay it).
- Once the actions are played, a hand still waiting at the showdown has its known hands shown
  (PokerKit shows them too).

What potlog's rulesets do not model is refused with `PhhError`, naming what is there.
"""

from __future__ import annotations

from .load import Imported, digest, import_files, phh_files, session_name
from .play import Run, command, hand_lines, hand_rows, play, record_hand, replay
from .read import Action, Hand, loads, phh_to_commands, phhs_hands, written
from .variants import VARIANTS, PhhError, Variant, variant_of

GAME = "holdem"  # the ruleset of NT and FT (earlier callers import it)

__all__ = [
    "Action", "GAME", "Hand", "Imported", "PhhError", "Run", "VARIANTS", "Variant", "command", "digest", "hand_lines",
    "hand_rows", "import_files", "loads", "phh_files", "phh_to_commands", "phhs_hands", "play",
    "record_hand", "replay", "session_name", "variant_of", "written",
]
