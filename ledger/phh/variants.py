"""The PHH variants and the potlog rulesets that play them, both ways (import and export).

    NT  no-limit Texas hold'em           holdem
    FT  fixed-limit Texas hold'em        holdem        structure=fixed-limit
    NS  no-limit short-deck hold'em      shortdeck
    PO  pot-limit Omaha                  omaha         structure=pot-limit
    FO/8  fixed-limit Omaha hi-lo        omaha         structure=fixed-limit split=hi-lo
    F7S  fixed-limit seven-card stud     stud
    F7S/8  ... hi-lo eight or better     stud          split=hi-lo
    FR  fixed-limit razz                 razz
    N2L1D  no-limit 2-7 single draw      deucetoseven  draws=1 structure=no-limit
    F2L3D  fixed-limit 2-7 triple draw   deucetoseven  draws=3 structure=fixed-limit
    FB  fixed-limit badugi               badugi

The stakes come from the PHH fields: ``blinds_or_straddles`` (small blind, big blind, a
straddle), ``antes`` (the same from everyone, or a big-blind ante), ``min_bet`` (no-limit and
pot-limit), ``small_bet`` and ``big_bet`` (fixed-limit), ``bring_in`` (stud and razz). An
option the ruleset does not have is left out when the PHH value is what the ruleset does
anyway (a ``min_bet`` of the big blind, fixed-limit bets of the big blind and twice it), and
refused otherwise, naming it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Mapping

from ..errors import InputError


class PhhError(InputError):
    """A PHH hand potlog cannot read (or a session it cannot write as PHH)."""


@dataclass(frozen=True)
class Variant:
    """One PHH variant: its code, the potlog game and the options that make it that variant,
    its betting structure, and whether it has blinds (else a bring-in) and draws."""

    code: str
    game: str
    fixed: tuple[tuple[str, Any], ...]
    structure: str
    blinds: bool = True
    title: str = ""

    @property
    def limit(self) -> bool:
        return self.structure == "fixed-limit"


VARIANTS: dict[str, Variant] = {v.code: v for v in (
    Variant("NT", "holdem", (), "no-limit", title="no-limit Texas hold'em"),
    Variant("FT", "holdem", (("structure", "fixed-limit"),), "fixed-limit", title="fixed-limit Texas hold'em"),
    Variant("NS", "shortdeck", (), "no-limit", title="no-limit short-deck hold'em"),
    Variant("PO", "omaha", (("structure", "pot-limit"),), "pot-limit", title="pot-limit Omaha"),
    Variant("FO/8", "omaha", (("structure", "fixed-limit"), ("split", "hi-lo")), "fixed-limit",
            title="fixed-limit Omaha hi-lo"),
    Variant("F7S", "stud", (), "fixed-limit", blinds=False, title="seven-card stud"),
    Variant("F7S/8", "stud", (("split", "hi-lo"),), "fixed-limit", blinds=False, title="seven-card stud hi-lo"),
    Variant("FR", "razz", (), "fixed-limit", blinds=False, title="razz"),
    Variant("N2L1D", "deucetoseven", (("draws", 1), ("structure", "no-limit")), "no-limit",
            title="no-limit 2-7 single draw"),
    Variant("F2L3D", "deucetoseven", (("draws", 3), ("structure", "fixed-limit")), "fixed-limit",
            title="fixed-limit 2-7 triple draw"),
    Variant("FB", "badugi", (), "fixed-limit", title="fixed-limit badugi"),
)}
CHIPS = frozenset({"small_blind", "big_blind", "straddle", "button_blind", "ante", "bb_ante", "bring_in", "small_bet",
                   "big_bet", "min_bet"})
"""The options that are amounts of chips."""
GAMES: tuple[str, ...] = tuple(dict.fromkeys(v.game for v in VARIANTS.values()))


def known() -> str:
    return ", ".join(VARIANTS)


def _amounts(value: Any, n: int, what: str) -> list[Any]:
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return [value] * n
    if not isinstance(value, list) or len(value) != n:
        raise PhhError(f"{what} needs one entry for each of the {n} players")
    return value


def stakes(data: Mapping[str, Any], variant: Variant, n: int) -> dict[str, Any]:
    """The stakes the PHH fields ask for, every one named (0 for none), before the ruleset's say
    (`fit`)."""
    opts: dict[str, Any] = dict(variant.fixed)
    antes = _amounts(data.get("antes", 0), n, "antes")
    if variant.blinds:
        blinds = _amounts(data.get("blinds_or_straddles", [0] * n), n, "blinds_or_straddles")
        opts.update(small_blind=0, big_blind=0, straddle=0, button_blind=0)
        if any(b < 0 for b in blinds):
            raise PhhError(f"blinds_or_straddles {blinds}: potlog has no bring-in blinds (negative entries)")
        if n >= 3 and not any(blinds[:-1]) and blinds[-1]:
            opts["button_blind"] = blinds[-1]
        elif any(blinds[3:]):
            raise PhhError(f"blinds_or_straddles {blinds}: potlog has a small and a big blind and a straddle "
                           "(or a button blind alone)")
        else:
            opts["small_blind"], opts["big_blind"] = blinds[0], blinds[1]
            if n >= 3:
                opts["straddle"] = blinds[2]
    elif any(_amounts(data.get("blinds_or_straddles", 0), n, "blinds_or_straddles")):
        raise PhhError(f"{variant.title} has a bring-in, no blinds")
    opts.update(ante=0, bb_ante=0)
    if any(antes):
        if len(set(antes)) == 1 and data.get("ante_trimming_status", True) is not False:
            opts["ante"] = antes[0]
        elif variant.blinds and [i for i, a in enumerate(antes) if a] == [1]:
            opts["bb_ante"] = antes[1]
        elif len(set(antes)) == 1:
            raise PhhError(f"antes {antes} with ante_trimming_status false (dead antes, outside the side pots): "
                           "potlog's antes from everyone are each player's own chips in the pot")
        else:
            raise PhhError(f"antes {antes}: potlog has an ante from everyone or a big-blind ante")
    if not variant.blinds:
        opts["bring_in"] = data.get("bring_in", 0)
    if variant.limit:
        opts["small_bet"] = data.get("small_bet", opts.get("big_blind", 0))
        opts["big_bet"] = data.get("big_bet", 2 * opts["small_bet"])
    else:
        opts["min_bet"] = data.get("min_bet", opts.get("big_blind", 0))
    return opts


def fit(opts: dict[str, Any], fields: Mapping[str, Any], variant: Variant) -> dict[str, Any]:
    """`opts` as the ruleset takes them (`fields`: its options model's fields): what it does not
    have is dropped when it is what the ruleset does anyway, else refused."""
    out: dict[str, Any] = {}
    implied = {"min_bet": opts.get("big_blind"), "small_bet": opts.get("big_blind"),
               "big_bet": 2 * opts.get("big_blind", 0)}
    for key, value in opts.items():
        if key in fields:
            default = fields[key].default
            if value != default and not (key == "min_bet" and value == implied["min_bet"] and default == 0):
                out[key] = value
        elif key in implied and value == implied[key]:
            continue
        elif value:
            shown = key.replace("_", " ")
            raise PhhError(f"{shown} {value}: potlog's {variant.game} has no {shown} option "
                           f"({variant.title} as potlog plays it: {', '.join(fields)})")
    return out


def variant_of(game: str, options: Any) -> Variant | None:
    """The PHH variant a table of `game` with `options` (its options model) plays, if any."""
    fields = getattr(type(options), "model_fields", {})
    same = [v for v in VARIANTS.values() if v.game == game]
    keys = {"structure"} | {k for v in same for k, _ in v.fixed}
    for v in same:
        fixed = dict(v.fixed)
        want = {k: fixed.get(k, v.structure if k == "structure" else getattr(fields.get(k), "default", None))
                for k in keys}
        if all(getattr(options, k, w) == w for k, w in want.items()):
            return v
    return None
