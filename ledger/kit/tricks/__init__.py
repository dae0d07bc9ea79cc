"""Trick play, shared by the trick-taking games (Whist, Maw, Skat, Scarto, the tarot games).

- `rules`: one trick, pure: `Rules` (the game's rank within a suit, what suit a card follows as,
  follow suit / must trump / must over-trump / may trump as switches, the excuse, play to the
  right), `led`, `winner`, `refusal` (one line naming the rule: "Ben must follow hearts: holds
  7H"), `playable`, card-point `count`, `ranked` (a rank lookup).
- `hand`: a hand of tricks at the table: `Trickplay` (the fields a game's state inherits),
  `seating`, `start`, `play`, `show` (cards shown), `taken` (the trick's winner, recorded by potlog), `evolve`,
  `to_play`, `legal`, `lines` (``state``), sides and teams.
- `commands`: the command classes of words several trick games share (`TurnTrump`, `Discard`).
- `sheet`: a game of several hands: `Sheet` (the score sheet), `scored`, `pay` (chips per point,
  pairwise, zero-sum), `note`, `lines`, `totals`.

A game imports the package: ``from ..kit import tricks``, then ``tricks.hand``, ``tricks.rules``, ``tricks.sheet``,
``tricks.commands``.
"""

from . import commands, hand, rules, sheet

__all__ = ["commands", "hand", "rules", "sheet"]
