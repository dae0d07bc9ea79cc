"""Events: the facts potlog records. One frozen pydantic model per type, a union on `type`.

An event is never edited or deleted; a mistake is corrected by a `Void` naming its seq.
Every event may carry `ruling`: the reason given with ``--override`` when the table
recorded something the rules refused. Chips are whole numbers.

The envelope (`Recorded`) wraps a body with its session, seq (gapless from 1), the time it
was recorded (for people only: the reducer never reads it), the previous event's hash and
its own hash (`chain_hash`): SHA-256 of the canonical JSON array
``["potlog/2", session, seq, type, body, recorded_at, prev_hash]``, where body is the
canonical JSON text of the event, so every stored field is covered and no two different
rows encode alike. Logs written before that (hash scheme 1, ``sha256(prev_hash + body)``,
which left the session and the time out) are recognised (`v1_hash`) and named, never
accepted: ``potlog rehash`` converts them once.

Names used in events:
    player: a person at the table: 1 to 40 characters, NFC, with no ``:``, no control, format,
        line-break or other invisible character and no space at either end (`ledger.names`).
    account: where chips can be: ``bank``, ``seat:NAME``, ``pot``, ``pot:NAME``, ``carry``,
        ``house``.
    holder: where cards can be: a player's name, or a board such as ``board``, ``stock``,
        ``trump``, ``discard``.
"""

# (no `from __future__ import annotations`: pydantic would evaluate every annotation string
# again when it builds each model, and every command imports this module)
import hashlib
import json
import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Annotated, Any, Literal, Union

from pydantic import AfterValidator, BaseModel, ConfigDict, Field, TypeAdapter

from .chips import Posting
from .names import name_problem

MAX_CHIPS = 10**12  # the most chips one event moves, and one account (a seat, a pot, carry) holds
MAX_INT = 10**15  # any other whole number an event holds (a hand's number, a declared value)
GENESIS = "0" * 64



_GOOD_NAMES: set[str] = set()  # names found good already: every event of a fold names its players again


def _check_name(v: str) -> str:
    if v in _GOOD_NAMES:
        return v
    why = name_problem(v)  # one rule for typed and imported names (`ledger.names`)
    if why is not None:
        raise ValueError(why)
    if len(_GOOD_NAMES) > 4096:
        _GOOD_NAMES.clear()
    _GOOD_NAMES.add(v)
    return v


_ACCOUNT = re.compile(r"^(bank|pot|carry|house|seat:.+|pot:.+)$")


def _check_account(v: str) -> str:
    if not _ACCOUNT.match(v) or (":" in v and _check_name(v.split(":", 1)[1]) is None):
        raise ValueError("an account is bank, pot, pot:NAME, carry, house or seat:NAME")
    return v


_ZONE_KIND = re.compile(r"^[a-z]+$")


def _check_zone(v: str) -> str:
    """A zone (`ledger.core.zones`): a player or a board by name, or ``KIND:NAME`` (``stack:Ann``)."""
    kind, colon, owner = v.partition(":")
    if not colon:
        return _check_name(v)
    if not _ZONE_KIND.match(kind):
        raise ValueError(f"a zone is a name or KIND:NAME with a lower-case kind (stack:Ann, pile:3), not {v!r}")
    _check_name(owner)
    return v


Name = Annotated[str, AfterValidator(_check_name)]
Zone = Annotated[str, AfterValidator(_check_zone)]
Account = Annotated[str, AfterValidator(_check_account)]
Chips = Annotated[int, Field(ge=1, le=MAX_CHIPS)]
ChipsOrZero = Annotated[int, Field(ge=0, le=MAX_CHIPS)]
Card = Annotated[str, Field(min_length=2, max_length=3)]
Int = Annotated[int, Field(ge=-MAX_INT, le=MAX_INT)]
Count = Annotated[int, Field(ge=1, le=MAX_INT)]
Scalar = Union[bool, Int, str]


class Event(BaseModel):
    """Base of every event body.

    Attributes:
        ruling: set when the table recorded this against the rules (``--override REASON``).
    """

    model_config = ConfigDict(frozen=True, extra="forbid", strict=True, defer_build=True)
    ruling: str | None = Field(default=None, max_length=500)
    if TYPE_CHECKING:  # every subclass declares its own ``type: Literal[...]``, the union's tag
        type: str

    def summary(self) -> str:
        """One line for people (`ledger.describe` has one for every core event; a class added
        for one game says its own here)."""
        return self.type

    def postings(self) -> list[Posting]:
        """The chips this event moves, for a class added for one game (the reducer has the
        core events' own steps); the game's ``evolve`` does the rest of what it means."""
        return []


class SessionOpened(Event):
    """A sitting begins. Always seq 1.

    Attributes:
        game: the ruleset's name (``potlog games``).
        options: the table's choices, validated by the ruleset's ``Options``.
        chip_unit: what one chip is called (``chip``, ``token``, ``cent``).
        title: a free label for people (``Friday at Ann's``).
    """

    type: Literal["session_opened"] = "session_opened"
    game: Name
    options: dict[str, Scalar] = {}
    chip_unit: Name = "chip"
    title: str = Field(default="", max_length=200)


class PlayerJoined(Event):
    """A player sits down and buys in (bank -> seat).

    Attributes:
        position: where the seat goes in clockwise order (0 is first); None appends.
    """

    type: Literal["player_joined"] = "player_joined"
    player: Name
    buyin: ChipsOrZero
    position: Annotated[int, Field(ge=0, le=100)] | None = None


class Rebuy(Event):
    """A seated player buys more chips (bank -> seat)."""

    type: Literal["rebuy"] = "rebuy"
    player: Name
    amount: Chips


class PlayerLeft(Event):
    """A player leaves the table and cashes out their whole stack (seat -> bank)."""

    type: Literal["player_left"] = "player_left"
    player: Name
    cashout: ChipsOrZero
    reason: str = Field(default="", max_length=200)


class HandStarted(Event):
    """A deal begins. What rode over from the last hand moves carry -> pot.

    Attributes:
        hand: the hand's number in the session, from 1.
        dealer: who deals.
        first: who acts first, if the game says.
        carry_in: chips moved from ``carry`` into ``pot``.
    """

    type: Literal["hand_started"] = "hand_started"
    hand: Count
    dealer: Name
    first: Name | None = None
    carry_in: ChipsOrZero = 0


class RoundStarted(Event):
    """A new betting round: everyone's bet in the round goes back to zero."""

    type: Literal["round_started"] = "round_started"
    round: Annotated[int, Field(ge=1, le=1000)]
    name: str = Field(default="", max_length=40)


class CardsDealt(Event):
    """Cards dealt to a player or a board. ``??`` is a card dealt face down and unseen.

    Attributes:
        to: a player's name or a board (``board``, ``stock``, ``trump`` ...).
        face_up: whether the table sees them.
    """

    type: Literal["cards_dealt"] = "cards_dealt"
    to: Zone
    cards: list[Card] = Field(min_length=1, max_length=200)
    face_up: bool = False


class CardsMoved(Event):
    """The top cards of one zone moved, as a packet in the order they lay, onto the top (or
    under the bottom) of another (`ledger.core.zones`): a card turned from a stack, a trick put
    under the winner's stack, the talon taken up.

    Attributes:
        source, dest: the zones: a player's name (their hand) or a named zone (``stack:Ann``,
            ``pile:3``, ``talon``, ``skat``, ``dog``, ``discards``, ``tricks:Ann``).
        cards: the cards moved, bottom to top, as known once moved (``??`` still unseen); a
            name given to an unseen card is what it turned out to be.
        bottom: put under the bottom of `dest`, not on its top.
        face_up: the moved cards face up (True), face down (False), or as they were (None).
    """

    type: Literal["cards_moved"] = "cards_moved"
    source: Zone
    dest: Zone
    cards: list[Card] = Field(min_length=1, max_length=200)
    bottom: bool = False
    face_up: bool | None = None


class CardsRevealed(Event):
    """Cards shown face up; each names a known face-down card or fills in an unseen ``??``."""

    type: Literal["cards_revealed"] = "cards_revealed"
    holder: Name
    cards: list[Card] = Field(min_length=1, max_length=200)


class CardsExchanged(Event):
    """Discard and draw, with an optional cost paid from the seat to an account."""

    type: Literal["cards_exchanged"] = "cards_exchanged"
    player: Name
    discard: list[Card] = Field(default=[], max_length=60)
    draw: list[Card] = Field(default=[], max_length=60)
    cost: ChipsOrZero = 0
    to_account: Account = "pot"
    face_up: bool = False


class CardPlayed(Event):
    """A card played from a hand to the current trick or the table."""

    type: Literal["card_played"] = "card_played"
    player: Name
    card: Card


class TrickWon(Event):
    """A trick is taken; the cards played to it leave the table."""

    type: Literal["trick_won"] = "trick_won"
    player: Name
    trick: Count


class DiceRolled(Event):
    """Dice rolled: every face, and the die size."""

    type: Literal["dice_rolled"] = "dice_rolled"
    player: Name | None = None
    faces: list[Annotated[int, Field(ge=1, le=100)]] = Field(min_length=1, max_length=100)
    sides: Annotated[int, Field(ge=2, le=100)] = 6


class Declared(Event):
    """A game-defined declaration: a dice count, a betting limit, a bid, a target, a stand."""

    type: Literal["declared"] = "declared"
    player: Name | None = None
    name: Annotated[str, Field(min_length=1, max_length=40, pattern=r"^[a-z][a-z0-9_-]*$")]
    value: Scalar | None = None


class _Stake(Event):
    player: Name
    amount: Chips
    pot: Account = "pot"


class Ante(_Stake):
    """An ante: seat -> pot, before the betting."""

    type: Literal["ante"] = "ante"


class Bet(_Stake):
    """An opening bet in a round: seat -> pot."""

    type: Literal["bet"] = "bet"


class Call(_Stake):
    """Matching the highest bet of the round: seat -> pot."""

    type: Literal["call"] = "call"


class Raise(_Stake):
    """A raise: ``amount`` is what the seat puts in now, ``by`` how far the bet went up."""

    type: Literal["raise"] = "raise"
    by: Chips


class AllIn(_Stake):
    """Everything the seat has left goes in."""

    type: Literal["all_in"] = "all_in"


class Check(Event):
    """Nothing to call, nothing put in."""

    type: Literal["check"] = "check"
    player: Name


class Fold(Event):
    """The player gives up the hand."""

    type: Literal["fold"] = "fold"
    player: Name


class Transfer(Event):
    """A game-specific payment between any two accounts, with its reason."""

    type: Literal["transfer"] = "transfer"
    from_account: Account
    to_account: Account
    amount: Chips
    reason: str = Field(default="", max_length=200)


class Share(BaseModel):
    model_config = ConfigDict(frozen=True, extra="forbid", strict=True, defer_build=True)
    player: Name
    amount: Chips


class PotAwarded(Event):
    """A pot (or part of it) paid out to one or several players (pot -> seats)."""

    type: Literal["pot_awarded"] = "pot_awarded"
    pot: Account = "pot"
    shares: list[Share] = Field(min_length=1, max_length=100)
    reason: str = Field(default="", max_length=200)


class PotCarried(Event):
    """Chips that ride into the next hand (pot -> carry)."""

    type: Literal["pot_carried"] = "pot_carried"
    pot: Account = "pot"
    amount: Chips
    to_account: Account = "carry"


class HandEnded(Event):
    """The hand is over; every pot must be empty unless it persists by the game's rules."""

    type: Literal["hand_ended"] = "hand_ended"
    hand: Count


class ChipCount(Event):
    """A physical count of a player's chips, to be compared with the ledger."""

    type: Literal["chip_count"] = "chip_count"
    player: Name
    counted: ChipsOrZero


class Note(Event):
    """Free text for the record."""

    type: Literal["note"] = "note"
    text: str = Field(min_length=1, max_length=2000)


class Void(Event):
    """Cancels an earlier event (by seq): the table is as if it had never been recorded."""

    type: Literal["void"] = "void"
    target: Annotated[int, Field(ge=2, le=MAX_INT)]
    reason: str = Field(min_length=1, max_length=500)


class Scored(Event):
    """Points to a player, for games scored in points."""

    type: Literal["scored"] = "scored"
    player: Name
    points: Annotated[int, Field(ge=-MAX_CHIPS, le=MAX_CHIPS)]
    reason: str = Field(default="", max_length=200)


class DeckReshuffled(Event):
    """The discards are shuffled into a new stock; cards seen in them may come again."""

    type: Literal["deck_reshuffled"] = "deck_reshuffled"
    cards: ChipsOrZero = 0


class SessionClosed(Event):
    """The sitting is over; nothing more can be recorded."""

    type: Literal["session_closed"] = "session_closed"


Face = Annotated[int, Field(ge=1, le=100)]


class DiceCupped(Event):
    """Dice rolled under a player's cup: the table does not see them (Liar's Dice, Meier,
    Poker Dice played with cups). The player's dice are now the `kept` ones plus these.

    Attributes:
        count: how many dice were rolled under the cup (not counting `kept`).
        faces: what they show, when the recorder saw them (the table still does not);
            empty when nobody but the player knows (``??`` until the cup is lifted).
        kept: dice the player held from their last roll (a re-roll); they stay as they were.
        sides: the die size.
    """

    type: Literal["dice_cupped"] = "dice_cupped"
    player: Name
    count: Annotated[int, Field(ge=1, le=100)]
    faces: list[Face] = Field(default=[], max_length=100)
    kept: list[Face] = Field(default=[], max_length=100)
    sides: Annotated[int, Field(ge=2, le=100)] = 6

    def summary(self) -> str:
        seen = f" (the recorder saw {' '.join(map(str, self.faces))})" if self.faces else ""
        held = f", keeping {' '.join(map(str, self.kept))}" if self.kept else ""
        return f"{self.player} rolls {self.count} d{self.sides} under the cup{held}{seen}"


class DiceRerolled(Event):
    """A player keeps some of their dice and rolls the rest in the open: their dice are now
    `kept` plus `faces` (Poker Dice, Generala: up to three rolls a turn)."""

    type: Literal["dice_rerolled"] = "dice_rerolled"
    player: Name
    kept: list[Face] = Field(default=[], max_length=100)
    faces: list[Face] = Field(min_length=1, max_length=100)
    sides: Annotated[int, Field(ge=2, le=100)] = 6

    def summary(self) -> str:
        held = " ".join(map(str, self.kept)) or "nothing"
        return f"{self.player} keeps {held} and rolls {' '.join(map(str, self.faces))} (d{self.sides})"


class DiceShown(Event):
    """A player's cup is lifted: `faces` are the dice that were under it, now seen by all."""

    type: Literal["dice_shown"] = "dice_shown"
    player: Name
    faces: list[Face] = Field(min_length=1, max_length=100)

    def summary(self) -> str:
        return f"{self.player} lifts the cup: {' '.join(map(str, self.faces))}"


class GameSwitched(Event):
    """Between hands, the table moves on to another game in the same session: the seats, the
    stacks and a kitty standing in ``carry`` stay (it rides into the new game's first hand).

    Attributes:
        game: the ruleset played from now on (``potlog games``).
        options: its table choices, validated by that ruleset's ``Options``.
    """

    type: Literal["game_switched"] = "game_switched"
    game: Name
    options: dict[str, Scalar] = {}

    def summary(self) -> str:
        opts = " ".join(f"{k}={v}" for k, v in self.options.items())
        return f"the table switches to {self.game}" + (f" ({opts})" if opts else "")


EVENT_TYPES: tuple[type[Event], ...] = (
    SessionOpened, PlayerJoined, Rebuy, PlayerLeft, HandStarted, RoundStarted, CardsDealt,
    CardsRevealed, CardsExchanged, CardPlayed, TrickWon, DiceRolled, Declared, Ante, Bet,
    Call, Raise, AllIn, Check, Fold, Transfer, PotAwarded, PotCarried, HandEnded, ChipCount,
    Note, Void, Scored, DeckReshuffled, SessionClosed, DiceCupped, DiceRerolled, DiceShown,
    GameSwitched, CardsMoved,
)

AnyEvent = Annotated[Union[EVENT_TYPES], Field(discriminator="type")]  # type: ignore[valid-type]
EVENT_ADAPTER: TypeAdapter[Any] = TypeAdapter(AnyEvent, config=ConfigDict(defer_build=True))
TYPE_NAMES: tuple[str, ...] = tuple(t.model_fields["type"].default for t in EVENT_TYPES)


def canonical_json(obj: Any) -> str:
    """Canonical JSON: sorted keys, no spaces, UTF-8 text. Used for bodies and state hashes."""
    return json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def event_to_dict(event: Event) -> dict[str, Any]:
    """The body as stored: the type plus every field that differs from its default."""
    data = event.model_dump(mode="json", exclude_defaults=True)
    data["type"] = event.type
    return data


def event_body(event: Event) -> str:
    """The stored body: `canonical_json` of `event_to_dict`, written by orjson when it can
    (the same text for everything an event holds: text, integers, booleans, null, lists and
    objects, every code point escaped alike, `tests/test_store_head.py`); anything it refuses
    (a lone surrogate, an integer past 64 bits) goes through the json module."""
    data = event_to_dict(event)
    try:
        return _orjson_sorted(data)
    except TypeError:  # orjson.JSONEncodeError (a TypeError): a lone surrogate, an integer past 64 bits
        return canonical_json(data)


def _orjson_sorted(data: dict[str, Any]) -> str:
    global _orjson_sorted
    import orjson  # (on first use: a program that never writes an event never loads it)

    dumps, sort = orjson.dumps, orjson.OPT_SORT_KEYS

    def sorted_json(data: dict[str, Any]) -> str:
        return dumps(data, option=sort).decode()

    _orjson_sorted = sorted_json
    return sorted_json(data)


def parse_event(body: str | bytes) -> Event:
    """Validate a stored body (JSON text) into its event model."""
    event: Event = EVENT_ADAPTER.validate_json(body)
    return event


_MODEL_OF: dict[str, type[Event]] = dict(zip(TYPE_NAMES, EVENT_TYPES))
_VALIDATORS: dict[str, Any] = {}


def parse_typed(etype: str, body: str | bytes) -> Event:
    """`parse_event` for a stored row whose type column says `etype`: validates with that one
    model (so a short read builds one validator, not the whole union); when the column and
    the body disagree, the body decides, exactly as `parse_event`. A body met before gives the
    same (frozen) event again (`SEEN`: what it gives depends on the body alone)."""
    seen = SEEN.get(body)
    if seen is not None:
        return seen
    validator = _VALIDATORS.get(etype)
    if validator is None:
        model = _MODEL_OF.get(etype)
        if model is None:
            return parse_event(body)
        model.model_rebuild()  # the deferred schema, built once
        validator = _VALIDATORS[etype] = model.__pydantic_validator__
    try:
        event: Event = validator.validate_json(body)
    except ValueError:  # pydantic's ValidationError; let the union say what is wrong
        return parse_event(body)
    shared = _SHARED.get(etype)
    if shared is None:  # (decided once per type: whether its fields can hold only scalars)
        shared = _SHARED[etype] = _scalars_only(type(event))
    if shared:  # (nothing in it a table could change)
        if len(SEEN) >= _SEEN_MAX:
            SEEN.clear()
        SEEN[body] = event
    return event


_SCALARS = frozenset({str, int, bool, type(None)})
_SHARED: dict[str, bool] = {}  # type -> every event of it holds only scalars (`_scalars_only`)


def _scalars_only(model: type[Event]) -> bool:
    """Whether every field of `model` can hold only text, whole numbers, true, false or null
    (then every event of it can be shared, `SEEN`, without looking at its values)."""
    import types
    from typing import get_args, get_origin

    def scalar(tp: Any) -> bool:
        if tp in _SCALARS:
            return True
        origin = get_origin(tp)
        if origin is Literal:
            return all(type(a) in _SCALARS for a in get_args(tp))
        if origin is Annotated:
            return scalar(get_args(tp)[0])
        if origin is Union or origin is types.UnionType:
            return all(scalar(a) for a in get_args(tp))
        return False
    return all(scalar(f.annotation) for f in model.model_fields.values())


SEEN: dict[str | bytes, Event] = {}
"""Bodies already validated by their model -> their event, for events that hold only scalars
(frozen models: one instance serves every row with the same body; a body that validated with
its type column's model is of that type, so the body alone decides). A table repeats its
bodies (``check Ann``, ``call Ben 2``, the same stakes hand after hand), so a fold validates
each distinct body once; `Store.events` looks here first."""
_SEEN_MAX = 1 << 16


def parse_event_dict(data: dict[str, Any]) -> Event:
    event: Event = EVENT_ADAPTER.validate_json(canonical_json(data))
    return event


HASH_SCHEME = 2  # what `chain_hash` computes; the ``hash_scheme`` meta row of a database
_HASH_TAG = "potlog/2"
_HASH_JSON = json.JSONEncoder(ensure_ascii=False, separators=(",", ":"))
_esc = json.encoder.encode_basestring  # exactly what _HASH_JSON writes for a string


def chain_hash(prev_hash: str, body: str, *, session: str, seq: int, etype: str, recorded_at: str) -> str:
    """An event's hash: SHA-256 (hex) of the canonical JSON array
    ``["potlog/2", session, seq, type, body, recorded_at, prev_hash]`` (UTF-8, no spaces).

    Every stored field of the row is in it, each as one JSON value, so a changed time, a
    renamed session or a different type column changes the hash, and no two rows encode to
    the same text. Anyone can recompute it (``python -c``, ``jq``) from an export line.
    """
    if (type(seq) is int and type(session) is str and type(etype) is str and type(body) is str
            and type(recorded_at) is str and type(prev_hash) is str):  # the usual row: the same text, quicker
        text = (f'["{_HASH_TAG}",{_esc(session)},{seq},{_esc(etype)},{_esc(body)},{_esc(recorded_at)},'
                f'{_esc(prev_hash)}]')
    else:  # whatever else a tampered row holds, as JSON
        text = _HASH_JSON.encode([_HASH_TAG, session, seq, etype, body, recorded_at, prev_hash])
    return hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest()


def chain_hashes(prev_hash: str, rows: list[tuple[int, str, str]], *, session: str, recorded_at: str) -> list[str]:
    """`chain_hash` of each (seq, type, body) of `rows` in turn, each chained to the one before
    (the first to `prev_hash`): the same hashes, the session and the time encoded once."""
    head, tail, sha, out = f'["{_HASH_TAG}",{_esc(session)},', f",{_esc(recorded_at)},", hashlib.sha256, []
    for seq, etype, body in rows:
        text = f"{head}{seq},{_esc(etype)},{_esc(body)}{tail}{_esc(prev_hash)}]"
        prev_hash = sha(text.encode("utf-8", "surrogatepass")).hexdigest()
        out.append(prev_hash)
    return out


def v1_hash(prev_hash: str, body: str) -> str:
    """The hash of potlog's first scheme, ``sha256(prev_hash + body)``: only to recognise (and
    `rehash`) logs written before the session and the time were covered."""
    return hashlib.sha256((prev_hash + body).encode("utf-8")).hexdigest()


def line_hash(line: dict[str, Any]) -> str:
    """The hash an export line (`Recorded.to_line`) should carry, from its other fields."""
    event = line["event"]
    return chain_hash(line["prev_hash"], canonical_json(event), session=line["session"], seq=line["seq"],
                      etype=event["type"], recorded_at=line["recorded_at"])


def hash_mismatch(seq: int, prev_hash: str, body: str, stored: str) -> str:
    """One line for a row whose hash is not `chain_hash` of its fields: the old scheme, named
    with its fix, or an alteration."""
    if v1_hash(prev_hash, body) == stored:
        return (f"seq {seq} is hashed with potlog's old scheme (1), which does not cover the session or the "
                "time: convert it once with 'potlog rehash' (a database) or 'potlog rehash FILE --out NEW' "
                "(an export)")
    return f"hash of seq {seq} does not match its content: the event was altered"


@dataclass(frozen=True, slots=True)
class Recorded:
    """A recorded event with its place in the log.

    Attributes:
        session: the session's id.
        seq: 1, 2, 3 ... with no gaps.
        recorded_at: UTC time of recording, ISO 8601; never read by the reducer.
        prev_hash: the previous event's hash (64 zeros for seq 1).
        hash: `chain_hash` of all the fields above and the body.
        body: the canonical JSON text of the event, exactly as stored and hashed.
        event: the body parsed into its model.
    """

    session: str
    seq: int
    recorded_at: str
    prev_hash: str
    hash: str
    body: str
    event: Event

    def to_line(self) -> dict[str, Any]:
        """The JSONL export form of this event (``potlog export --format jsonl``)."""
        return {
            "session": self.session, "seq": self.seq, "recorded_at": self.recorded_at,
            "prev_hash": self.prev_hash, "hash": self.hash, "event": json.loads(self.body),
        }
