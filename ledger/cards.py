"""Cards: notation, packs, parsing with helpful errors.

A card is stored everywhere (events, state, exports) as its canonical string:

- French suits: rank then suit letter, ranks ``A 2-10 J Q K``, suits ``S H D C``:
  ``AS``, ``10H``, ``QC``. Accepted on input as well: ``TH`` (ten), lower case, unicode
  suits (``K♠``, ``10♥``), and ``1`` for an ace.
- Jokers (the 54-card pack; Bluke's Hi and Lo Bluke): ``HI`` and ``LO``. Accepted:
  ``HJ``/``LJ``, ``JKH``/``JKL``, ``joker-hi``/``joker-lo``.
- The Italian 40-card pack with French suits (``italian40``, Primiera's: hearts, diamonds,
  clubs, spades): French notation, ranks ``A 2-7 J Q K``.
- Spanish suits (40- and 48-card packs): the printed number then the suit letter,
  Espadas/swords ``E``, Copas/cups ``C``, Bastos/clubs ``B``, Oros/coins ``O``: ``1E``,
  ``12O`` (rey de oros). Sota is 10, caballo 11, rey 12. Accepted as well: ``7 swords``,
  ``rey de oros``, ``12-coins``.
- Tarot (78): the four French suits with ranks ``1-10 J C Q K`` (C the cavalier), trumps
  ``T1``..``T21`` and the excuse ``EX``. The compendium's stripped tarot packs keep that
  notation: ``tarocchini62`` (no 2-5), ``siciliani63`` (no diamonds 1-3, no other 1-4),
  ``tarock54`` (no red 5-10, no black 1-6) and ``troggu62`` (no red 7-10, no black 1-4).
  Accepted as well, the compendium's "Converting Between Tarot Decks": German, Italian and
  Universal Waite suit words (``7 acorns``, ``king of cups``, ``page of wands``, ``3 coins``),
  ``21T`` or ``atout 21`` for a trump, ``fool``/``matto``/``0`` for the excuse.
- ``??`` is a card nobody at the table has seen (dealt face down and never revealed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from .errors import InputError

UNKNOWN = "??"

FRENCH_SUITS = ("S", "H", "D", "C")
SPANISH_SUITS = ("E", "C", "B", "O")
FRENCH_RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
JOKERS = ("HI", "LO")

_UNICODE_SUITS = {
    "♠": "S", "♤": "S", "♥": "H", "♡": "H", "♦": "D", "♢": "D", "♣": "C", "♧": "C",
}
_SPANISH_SUIT_WORDS = {
    "e": "E", "espadas": "E", "espada": "E", "swords": "E", "sword": "E",
    "c": "C", "copas": "C", "copa": "C", "cups": "C", "cup": "C",
    "b": "B", "bastos": "B", "basto": "B", "clubs": "B", "club": "B", "batons": "B",
    "o": "O", "oros": "O", "oro": "O", "coins": "O", "coin": "O",
}
_SPANISH_RANK_WORDS = {"as": "1", "ace": "1", "sota": "10", "caballo": "11", "rey": "12"}
_JOKER_WORDS = {
    "hi": "HI", "hj": "HI", "jkh": "HI", "joker-hi": "HI", "hi-bluke": "HI", "bluke-hi": "HI",
    "lo": "LO", "lj": "LO", "jkl": "LO", "joker-lo": "LO", "lo-bluke": "LO", "bluke-lo": "LO",
}


@dataclass(frozen=True)
class Pack:
    """A pack of cards: its name, the cards it holds, and how to explain its notation."""

    name: str
    cards: tuple[str, ...]
    family: str  # "french", "spanish" or "tarot"
    accepted: str

    def __contains__(self, card: str) -> bool:
        return card in self._set

    @property
    def _set(self) -> frozenset[str]:
        return _card_set(self.name)


def _french(ranks: tuple[str, ...], jokers: bool = False) -> tuple[str, ...]:
    cards = tuple(r + s for s in FRENCH_SUITS for r in ranks)
    return cards + (JOKERS if jokers else ())


def _spanish(ranks: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(r + s for s in SPANISH_SUITS for r in ranks)


_FRENCH_HELP = "rank then suit, like AS, 10H, TH, K♠ (ranks A 2-10 J Q K, suits S H D C)"
_SPANISH_HELP = "number then suit, like 1E, 12O, '7 swords' (suits E/swords C/cups B/clubs O/coins)"

PACKS: dict[str, Pack] = {
    "french52": Pack("french52", _french(FRENCH_RANKS), "french", _FRENCH_HELP),
    "french54": Pack(
        "french54", _french(FRENCH_RANKS, jokers=True), "french", _FRENCH_HELP + ", jokers HI LO"
    ),
    "french32": Pack(
        "french32", _french(("A", "7", "8", "9", "10", "J", "Q", "K")), "french",
        "rank then suit, like AS, 7H, 10D (ranks 7-10 J Q K A, suits S H D C)",
    ),
    "french20": Pack(
        "french20", _french(("A", "10", "J", "Q", "K")), "french",
        "rank then suit, like AS, 10H (ranks 10 J Q K A, suits S H D C)",
    ),
    "spanish40": Pack(
        "spanish40", _spanish(("1", "2", "3", "4", "5", "6", "7", "10", "11", "12")), "spanish",
        _SPANISH_HELP + "; numbers 1-7 and 10-12",
    ),
    "italian40": Pack(
        "italian40", _french(("A", "2", "3", "4", "5", "6", "7", "J", "Q", "K")), "french",
        "rank then suit, like AS, 7H, KD (ranks A 2-7 J Q K, suits S H D C)",
    ),
    "spanish48": Pack(
        "spanish48", _spanish(tuple(str(n) for n in range(1, 13))), "spanish",
        _SPANISH_HELP + "; numbers 1-12",
    ),
    "tarot78": Pack(
        "tarot78",
        tuple(r + s for s in FRENCH_SUITS for r in (*map(str, range(1, 11)), "J", "C", "Q", "K"))
        + tuple(f"T{n}" for n in range(1, 22)) + ("EX",),
        "tarot",
        "suit cards like 1S, 10H, CD (cavalier), KC; trumps T1-T21; the excuse EX",
    ),
}

TAROT_PIPS = tuple(map(str, range(1, 11)))
TAROT_STRIPPED = {  # the compendium's stripped tarot packs: the pips each keeps, red (H D) and black (S C)
    "tarocchini62": ("tarocchini", ("1", "6", "7", "8", "9", "10"), ("1", "6", "7", "8", "9", "10")),
    "tarock54": ("tarock", ("1", "2", "3", "4"), ("7", "8", "9", "10")),
    "troggu62": ("troggu", ("1", "2", "3", "4", "5", "6"), ("5", "6", "7", "8", "9", "10")),
}


def _stripped(red: tuple[str, ...], black: tuple[str, ...], diamonds: tuple[str, ...] | None = None) -> tuple[str, ...]:
    keep = {"H": red, "D": diamonds if diamonds is not None else red, "S": black, "C": black}
    return tuple(c for c in PACKS["tarot78"].cards if c[-1] not in keep or not c[:-1].isdigit()
                 or c[:-1] in keep[c[-1]] or c[0] == "T")


for _name, (_game, _red, _black) in TAROT_STRIPPED.items():
    PACKS[_name] = Pack(_name, _stripped(_red, _black), "tarot",
                        f"the {_game} pack: suit cards like {_black[-1]}S, {_red[0]}H, CD (cavalier), KC; "
                        "trumps T1-T21; the excuse EX")
PACKS["siciliani63"] = Pack("siciliani63", _stripped(TAROT_PIPS[4:], TAROT_PIPS[4:], TAROT_PIPS[3:]), "tarot",
                            "the siciliani pack: suit cards like 5S, 4D, CD (cavalier), KC; trumps T1-T21; "
                            "the excuse EX")


@cache
def _card_set(name: str) -> frozenset[str]:
    return frozenset(PACKS[name].cards)


def get_pack(name: str) -> Pack:
    try:
        return PACKS[name]
    except KeyError:
        raise InputError(
            f"unknown pack {name!r}: choose one of {', '.join(PACKS)}"
        ) from None


_FRENCH_RE = re.compile(r"^(10|[2-9]|[aA1]|[tT]|[jJ]|[qQ]|[kK])\s*([shdcSHDC])$")
_TAROT_RE = re.compile(r"^(10|[1-9]|[jJ]|[cC]|[qQ]|[kK])\s*([shdcSHDC])$")
_SPANISH_RE = re.compile(r"^(1[0-2]|[1-9])\s*(?:-|\s+de\s+|\s+of\s+|\s*)([a-zA-Z]+)$")


def _normalise(text: str) -> str:
    t = text.strip()
    for sym, letter in _UNICODE_SUITS.items():
        t = t.replace(sym, letter)
    return t


_PARSED: dict[tuple[str, str, bool], str] = {}  # (text, pack name, allow_unknown) -> the card, for the packs of PACKS


def parse_card(text: str, pack: Pack | str = "french52", *, allow_unknown: bool = True) -> str:
    """Parse one card in `pack`'s notation (see the module docstring) to its canonical form.

    Raises `InputError` naming what was wrong and what the pack accepts.
    """
    if type(text) is not str or not (isinstance(pack, str) or PACKS.get(pack.name) is pack):
        return _parse_card(text, pack, allow_unknown)
    # the same text in the same known pack reads the same: read once
    key = (text, pack if isinstance(pack, str) else pack.name, allow_unknown)
    card = _PARSED.get(key)
    if card is None:
        card = _parse_card(text, pack, allow_unknown)  # (a refusal raises: never kept)
        if len(_PARSED) > 4096:
            _PARSED.clear()
        _PARSED[key] = card
    return card


def _parse_card(text: str, pack: Pack | str, allow_unknown: bool) -> str:
    if isinstance(pack, str):
        pack = get_pack(pack)
    raw = text if isinstance(text, str) else str(text)
    t = _normalise(raw)
    if t == UNKNOWN:
        if allow_unknown:
            return UNKNOWN
        raise InputError(f"'??' (an unseen card) is not allowed here: name the card, {pack.accepted}")
    card = _parse_in_family(t, pack.family)
    if card is None or card not in pack:
        shown = raw if len(raw) <= 20 else raw[:20] + "…"
        why = "is not a card" if card is None else f"is not in the {pack.name} pack"
        raise InputError(f"{shown!r} {why}: write {pack.accepted}, or ?? for an unseen card")
    return card


def _parse_in_family(t: str, family: str) -> str | None:
    low = t.lower()
    if low in _JOKER_WORDS:
        return _JOKER_WORDS[low]
    if family == "french":
        m = _FRENCH_RE.match(t)
        if not m:
            return None
        rank = m.group(1).upper()
        rank = {"T": "10", "1": "A"}.get(rank, rank)
        return rank + m.group(2).upper()
    if family == "spanish":
        words = low.replace(" de ", " ").split()
        if len(words) == 2 and words[0] in _SPANISH_RANK_WORDS:
            rank, suit = _SPANISH_RANK_WORDS[words[0]], _SPANISH_SUIT_WORDS.get(words[1])
            return rank + suit if suit else None
        m = _SPANISH_RE.match(t)
        if not m:
            return None
        suit = _SPANISH_SUIT_WORDS.get(m.group(2).lower())
        return m.group(1) + suit if suit else None
    if family == "tarot":
        up = t.upper()
        if up in ("EX", "EXCUSE"):
            return "EX"
        if re.fullmatch(r"T([1-9]|1[0-9]|2[01])", up):
            return up
        m = _TAROT_RE.match(t)
        return m.group(1).upper() + m.group(2).upper() if m else tarot_converted(t)
    return None


# "Converting Between Tarot Decks": German, Italian and Universal Waite suits as the French ones
TAROT_SUIT_WORDS = {
    "acorns": "C", "acorn": "C", "bells": "D", "bell": "D", "hearts": "H", "heart": "H", "leaves": "S", "leaf": "S",
    "batons": "C", "baton": "C", "staves": "C", "stave": "C", "cups": "H", "cup": "H", "coins": "D", "coin": "D",
    "swords": "S", "sword": "S", "pentacles": "D", "pentacle": "D", "wands": "C", "wand": "C",
    "clubs": "C", "club": "C", "diamonds": "D", "diamond": "D", "spades": "S", "spade": "S",
}
_TAROT_RANK_WORDS = {
    "ace": "1", "jack": "J", "page": "J", "knave": "J", "fante": "J", "knight": "C", "cavalier": "C", "cavallo": "C",
    "queen": "Q", "regina": "Q", "donna": "Q", "king": "K", "re": "K", **{str(n): str(n) for n in range(1, 11)},
}


def tarot_converted(text: str) -> str | None:
    """A tarot card named with another deck's suits (the compendium's "Converting Between Tarot
    Decks": acorns, bells, leaves; batons, cups, coins, swords; pentacles, wands) or words:
    ``7 acorns`` 7C, ``king of cups`` KH, ``page of wands`` JC, ``21T``/``atout 21``/``trump 21`` T21,
    ``fool``/``matto``/``0`` EX; None when it is none of them."""
    low = " ".join(text.lower().replace("-", " ").replace(" of ", " ").split())
    if low in ("fool", "the fool", "matto", "0", "excuse"):
        return "EX"
    m = re.fullmatch(r"(?:(?:atout|trump|major)\s*)?([1-9]|1[0-9]|2[01])\s*(?:t|atout|trump)?", low)
    if m and (low != m.group(1)):
        return "T" + m.group(1)
    words = low.split()
    if len(words) == 2 and words[0] in _TAROT_RANK_WORDS and words[1] in TAROT_SUIT_WORDS:
        return _TAROT_RANK_WORDS[words[0]] + TAROT_SUIT_WORDS[words[1]]
    return None


def parse_cards(text: str | list[str] | tuple[str, ...], pack: Pack | str = "french52",
                *, allow_unknown: bool = True) -> list[str]:
    """Parse a list of cards, given as a list or as one string split on spaces or commas."""
    items: list[str]
    if isinstance(text, str):
        items = [x for x in re.split(r"[,\s]+", text.strip()) if x]
        # "7 swords" style needs its words kept together: retry as pairs for Spanish packs
        if isinstance(pack, str):
            pack = get_pack(pack)
        if pack.family == "spanish" and any(w.lower() in _SPANISH_SUIT_WORDS for w in items):
            items = [x.strip() for x in text.split(",") if x.strip()]
    else:
        items = list(text)
    return [parse_card(x, pack, allow_unknown=allow_unknown) for x in items]


def rank(card: str) -> str:
    """The rank part of a canonical card (``10`` of ``10H``); jokers and trumps are themselves."""
    if card in JOKERS or card == "EX" or (card.startswith("T") and card[1:].isdigit()):
        return card
    return card[:-1]


def suit(card: str) -> str | None:
    """The suit letter of a canonical card, or None for jokers, trumps and the excuse."""
    if card in JOKERS or card == "EX" or (card.startswith("T") and card[1:].isdigit()):
        return None
    return card[-1]


_PRETTY_SUITS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}


def pretty(card: str, family: str = "french") -> str:
    """A card for a person: ``10♥``; Spanish and tarot cards and ``??`` print as stored."""
    suit = _PRETTY_SUITS.get(card[-1:])
    if family == "french" and card not in JOKERS and card != UNKNOWN and suit is not None and not card.startswith("T"):
        return rank(card) + suit
    return card  # (a tarot atout, T5 or 21T, or the excuse: as stored)
