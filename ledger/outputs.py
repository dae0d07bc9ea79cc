"""What ``--json`` prints: one pydantic model per reading command, the contract for scripts.

Every command that prints JSON prints data of one model here, and `ledger.schemas` writes each
model's JSON Schema into ``schemas/output/<command>.schema.json`` (``python -m ledger.schemas``);
``tests/test_json_outputs.py`` validates the real output of every command against its schema.
The rules every model keeps:

- keys are identifiers (``snake_case``, no spaces); what a person reads as a label is a value
  (``game_view`` is a list of ``{"label", "value"}``); maps keyed by players, accounts or pots
  (``scores``, ``stacks_after``, ``put_in``) are data, and are keyed by those names;
- numbers are numbers: chips, points, seqs and counts are integers; money is a decimal string
  (``"12.50"``: exact, never a float);
- a refused command under ``--json`` prints `Error` on stderr, with the same exit code.

Nothing here runs when potlog records or shows a table: the CLI builds plain data (the
models are `defer_build`), so a script reading it and a test checking it see the same thing.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal, Optional, Union

from pydantic import BaseModel, ConfigDict, Field, RootModel

from .events import AnyEvent

Scalar = Union[bool, int, str]
JSONValue = Union[bool, int, float, str, None, list[Any], dict[str, Any]]
Money = Annotated[str, Field(pattern=r"^-?\d+(\.\d+)?$", description="an exact decimal, as a string")]
Hash = Annotated[str, Field(pattern=r"^[0-9a-f]{64}$")]


class Out(BaseModel):
    """Base of every output model: no key beyond the declared ones."""

    model_config = ConfigDict(extra="forbid", defer_build=True, populate_by_name=True)


# ----------------------------------------------------------------------------- errors

class Error(Out):
    """A refused or failed command under --json (on stderr; the exit code is `code`)."""

    error: str = Field(description="one line: what is wrong and what is accepted")
    code: int = Field(description="the exit code: 1 refused, 2 usage, 70 a bug, 130 interrupted")


# ----------------------------------------------------------------------------- events

class EventLine(Out):
    """One recorded event as exported (``potlog export --format jsonl``)."""

    session: str
    seq: int = Field(ge=1)
    recorded_at: str
    prev_hash: str
    hash: str
    event: AnyEvent  # type: ignore[valid-type]


class Recorded(RootModel[list[EventLine]]):
    """What a recording command (``bet``, ``deal``, a game's word ...) prints under --json:
    the events it recorded, in order."""


class Dropped(Out):
    seq: int = Field(description="the act's seq before the amendment")
    was: str = Field(description="the act, as the log said it")
    why: str = Field(description="why the rules no longer allow it")


class Amend(Out):
    """``potlog amend SEQ -- COMMAND --json`` (``potlog undo --json`` prints `Recorded`)."""

    voided: list[EventLine] = Field(description="the voids recorded, newest act first")
    recorded: list[EventLine] = Field(description="what the corrected command recorded")
    redone: list[EventLine] = Field(description="the later acts recorded again")
    dropped: list[Dropped] = Field(description="the later acts the rules no longer allow")
    counts: list[str] = Field(default=[], description="each physical count recorded again whose difference from "
                                                      "the ledger at its point the amendment changed, in words")


class LogLine(EventLine):
    """One event of ``potlog log``, with its hand and, when voided, the void's seq."""

    hand: Optional[int] = Field(description="the hand it belongs to (None before the first hand)")
    voided_by: Optional[int] = Field(description="the seq of the void that cancelled it, if any")


class Log(RootModel[list[LogLine]]):
    """``potlog log --json``."""


# ----------------------------------------------------------------------------- state

class CardOut(Out):
    card: str = Field(description="the card as potlog spells it (9S, 10H, ?? unseen)")
    up: bool = Field(description="face up: the table sees it")


class SeatOut(Out):
    name: str
    active: bool
    stack: int
    in_hand: bool
    folded: bool
    all_in: bool
    round_bet: int
    hand_bet: int
    cards: list[CardOut]
    bought_in: int
    rebought: int
    cashed_out: int
    score: Optional[int]
    net: int


class DiceOut(Out):
    player: Optional[str]
    faces: list[int]
    sides: int


class DeclarationOut(Out):
    player: Optional[str]
    name: str
    value: Optional[Scalar]


class PlayedOut(Out):
    player: str
    card: str


class HandOut(Out):
    number: int
    dealer: str
    first: Optional[str]
    phase: str
    round: int
    current_bet: int
    to_act: Optional[str]
    ended: bool
    dice: list[DiceOut]
    declarations: list[DeclarationOut]
    boards: dict[str, list[CardOut]] = Field(description="cards by board name (board, stock, trump ...)")
    trick: list[PlayedOut]
    tricks: dict[str, int] = Field(description="tricks taken per player this hand")


class ViewLine(Out):
    """One line of the game's own view of the table (``card cost: 2``)."""

    label: str = Field(description="what the line is about, as the game words it")
    value: Union[int, str] = Field(description="a whole number as a number; anything else as text")


class State(Out):
    """``potlog state --json`` (and each table in ``replay --json``)."""

    session: str
    game: str
    options: dict[str, Scalar]
    chip_unit: str
    seq: int
    closed: bool
    hands_played: int
    seats: list[SeatOut]
    accounts: dict[str, int] = Field(description="chips per account that is not a seat: pot, carry, house, pot:NAME ...")
    scores: dict[str, int] = Field(description="points per player, for games scored in points")
    hand: Optional[HandOut]
    legal: list[str] = Field(description="who may do what next, one line each")
    state_hash: Hash
    game_view: list[ViewLine]


# ----------------------------------------------------------------------------- sessions, games

class SessionLine(Out):
    session: str = Field(description="the name 'potlog use' takes")
    game: str
    title: str
    events: int
    started: str
    last: str
    closed: bool
    current: bool


class Sessions(RootModel[list[SessionLine]]):
    """``potlog sessions --json``."""


class OptionOut(Out):
    name: str
    default: JSONValue
    help: str


class WordOut(Out):
    word: str
    usage: str
    summary: str
    help: str


class GameOut(Out):
    name: str
    title: str
    summary: str
    options: list[OptionOut]
    words: list[WordOut]


class Games(RootModel[list[GameOut]]):
    """``potlog games --json`` (and ``potlog games GAME --json``)."""


# ----------------------------------------------------------------------------- verify, seal

class FindingOut(Out):
    session: str
    seq: int
    kind: str
    message: str


class HeadOut(Out):
    seq: int
    hash: str


class SealCheckOut(Out):
    seq: int
    hash: str
    ok: bool
    message: str
    events_since: int
    signature_checked: Optional[bool]


class VerifiedSession(Out):
    session: str
    game: str
    events: int
    ok: bool
    first_broken_seq: Optional[int]
    findings: list[FindingOut]
    overrides: list[FindingOut]
    rules_checked: Optional[str]
    head: HeadOut
    seal: Optional[SealCheckOut] = None


class Verify(Out):
    """``potlog verify --json``."""

    ok: bool
    sessions: list[VerifiedSession]


class SealOut(Out):
    session: str
    seq: int
    hash: str
    at: str
    mac: str
    line: str = Field(description="the seal as one line, as 'potlog seal' prints it")


class Seal(Out):
    """``potlog seal --json``."""

    seals: list[SealOut]
    file: Optional[str]


# ----------------------------------------------------------------------------- audit

class PlayerOut(Out):
    player: str
    bought_in: int
    rebought: int
    cashed_out: int
    stack: int
    net: int


class MovementOut(Out):
    seq: int
    source: str
    dest: str
    amount: int
    reason: str


class HandFlowOut(Out):
    hand: int
    dealer: str
    first_seq: int
    last_seq: int
    ended: bool
    players: list[str]
    put_in: dict[str, dict[str, int]] = Field(description="player -> pot account -> chips put in")
    took_out: dict[str, int]
    carry_in: int
    carry_out: int
    to_house: int
    pot_total: int
    cage: dict[str, int]
    other: list[MovementOut]
    stacks_before: dict[str, int]
    stacks_after: dict[str, int]
    net: dict[str, int]


class CountOut(Out):
    seq: int
    hand: Optional[int]
    player: str
    counted: int
    ledger: int
    difference: int


class VoidOut(Out):
    seq: int
    target: int
    reason: str
    cancelled: str


class RulingOut(Out):
    seq: int
    hand: Optional[int]
    ruling: str
    event: str
    voided: bool


class ProblemOut(Out):
    seq: int
    hand: Optional[int]
    kind: str
    message: str


class SessionAuditOut(Out):
    """One session's audit (``potlog audit --json``)."""

    session: str
    game: str
    title: str
    chip_unit: str
    events: int
    closed: bool
    players: list[PlayerOut]
    hands: list[HandFlowOut]
    between_hands: list[MovementOut]
    counts: list[CountOut]
    voids: list[VoidOut]
    rulings: list[RulingOut]
    problems: list[ProblemOut]
    accounts: dict[str, int]
    ok: bool


class SeasonLineOut(Out):
    player: str
    sessions: int
    bought_in: int
    rebought: int
    cashed_out: int
    stack: int
    net: int


class AuditAll(Out):
    """Every session's audit and the season's totals (``potlog audit --all --json``)."""

    ok: bool
    sessions: list[SessionAuditOut]
    season: list[SeasonLineOut]


class Audit(RootModel[Union[SessionAuditOut, AuditAll]]):
    """``potlog audit --json``: one session's audit, or with --all every session and the season."""


# ----------------------------------------------------------------------------- replay

class PostingOut(Out):
    source: str = Field(alias="from")
    dest: str = Field(alias="to")
    amount: int
    reason: str


class FrameOut(Out):
    """One event of a replay, with the chips it moved (and with --step the table after it)."""

    seq: int
    hand: Optional[int]
    event: str = Field(description="the event in plain English, as 'potlog log' says it")
    postings: list[PostingOut]
    table: Optional[State] = None


class HandSummaryOut(Out):
    hand: int
    dealer: str
    first_seq: int
    last_seq: int
    ended: bool
    players: list[str]
    pot: int
    took_out: dict[str, int]
    carry_in: int
    carry_out: int
    house: int
    net: dict[str, int]
    stacks_after: dict[str, int]


class ReplaySummary(Out):
    """``potlog replay --json``: the hands up to `upto`, and with --to the table then."""

    session: str
    upto: int
    hands: list[HandSummaryOut]
    table: Optional[State]


class Replay(RootModel[Union[ReplaySummary, list[FrameOut]]]):
    """``potlog replay --json``: a summary, or with --hand/--step the events one by one."""


# ----------------------------------------------------------------------------- settle

Cents = Annotated[str, Field(pattern=r"^-?\d+\.\d{2}$", description="money with two decimals, as a string")]


class PaymentOut(Out):
    payer: str = Field(alias="from")
    payee: str = Field(alias="to")
    chips: int
    money: Optional[Cents] = Field(description="with --rate: chips times the rate (exact Decimal), to the cent")


class Settle(Out):
    """``potlog settle --json``."""

    exact: bool = Field(description="the payments are proven the fewest possible")
    note: str
    transfers: int
    rate: Optional[Money]
    payments: list[PaymentOut]
    nets: dict[str, int] = Field(description="each party's net result in chips (the house too, if it took chips)")


# ----------------------------------------------------------------------------- report, stats

class GamePlayed(Out):
    game: str
    title: str = Field(description="the game's title, as 'potlog games' names it")
    hands: int = Field(description="finished hands of this game")


class ResultOut(Out):
    player: str
    chips_in: int = Field(description="bought in + rebought")
    chips_out: int = Field(description="cashed out + stack now")
    net: int = Field(description="chips_out - chips_in")
    money: Optional[Cents] = Field(description="with --rate: the net in money, to the cent")


class PotOut(Out):
    hand: int
    game: str
    winners: list[str] = Field(description="who took chips out of the hand's pots, most first (an uncalled bet "
                                           "given back is no win)")
    size: int = Field(description="chips put into the hand's pots, carry in included, uncalled bets given back not")


class ReportCount(Out):
    seq: int
    hand: Optional[int]
    player: str
    counted: int
    ledger: int
    difference: int


class Report(Out):
    """``potlog report --json``: the night's data (the Markdown and HTML reports show the same)."""

    session: str
    title: str
    unit: str = Field(description="what the session counts (chip unless 'new --unit' said otherwise)")
    started: str = Field(description="the first event's time")
    last: str = Field(description="the last event's time")
    hours: float = Field(description="from the first event to the last")
    closed: bool
    hands: int = Field(description="finished hands")
    games: list[GamePlayed] = Field(description="the games played, in the order first played")
    rate: Optional[Money]
    currency: Optional[str]
    results: list[ResultOut] = Field(description="best net first")
    house: int = Field(description="chips the house took")
    biggest_pots: list[PotOut]
    settle: Optional[Settle] = Field(description="who pays whom: what 'potlog settle --session S --json' prints; "
                                                 "null while chips are still in a pot or carry (see unsettled)")
    unsettled: Optional[str] = Field(description="why there is no settlement yet")
    problems: list[str] = Field(description="what 'potlog audit' finds wrong besides the counts, one line each")
    counts: list[ReportCount] = Field(description="every physical count against the ledger at that moment")


class Extreme(Out):
    chips: int
    session: str
    hand: int
    game: str


class PokerFigures(Out):
    hands: int = Field(description="poker hands dealt in (and finished)")
    vpip: int = Field(description="hands with a voluntary call, bet or raise in the first betting round")
    pfr: int = Field(description="hands with a bet or raise in the first betting round")
    bets_raises: int = Field(description="voluntary bets and raises, every round")
    calls: int = Field(description="calls, every round")
    showdowns: int = Field(description="hands still in when the betting ended with two or more players in")
    vpip_pct: float
    pfr_pct: float
    af: Optional[float] = Field(description="bets_raises / calls; null when calls is 0")
    wtsd_pct: float


class PlayerFigures(Out):
    player: str
    unit: str = Field(description="the chip unit of this line's sessions: a player has a line per unit")
    sessions: int
    hands: int = Field(description="finished hands dealt in")
    hours: float = Field(description="the time they sat (each join to their leave, or to the session's last event), added up")
    net: int
    biggest_win: Optional[Extreme] = Field(description="the best result in one hand (null: no hand won)")
    biggest_loss: Optional[Extreme] = Field(description="the worst result in one hand (null: no hand lost)")
    poker: Optional[PokerFigures] = Field(description="null without poker hands")


class Stats(Out):
    """``potlog stats --json``."""

    sessions: int = Field(description="sessions read (those the dates keep)")
    game: Optional[str]
    player: Optional[str]
    since: Optional[str]
    until: Optional[str]
    players: list[PlayerFigures] = Field(description="by chip unit, then best net first")


# ----------------------------------------------------------------------------- import

class Import(Out):
    """``potlog import FILE --json``."""

    added: dict[str, int] = Field(description="events added per session")
    skipped: dict[str, int] = Field(description="events already stored, per session")
    lines: int = Field(description="lines read")


class PhhFile(Out):
    file: str
    why: str


class ImportPhh(Out):
    """``potlog import-phh PATH --json``."""

    imported: list[str] = Field(description="the sessions made, one per hand")
    skipped: list[PhhFile] = Field(description="hands stored already (the same content)")
    failed: list[PhhFile] = Field(description="with --keep-going: the hands refused, and why (nothing of them is recorded)")
    differences: list[PhhFile] = Field(description="with --trust-actions: hands recorded as replayed though their "
                                                   "finishing_stacks differ, and how")


class ImportAny(RootModel[Union[Import, ImportPhh]]):
    """``potlog import FILE --json``: the counts of a JSONL import; for PHH hands (a .phh or
    .phhs file, or a directory) what ``potlog import-phh --json`` prints."""


# ----------------------------------------------------------------------------- game reading words

class ScoreCell(Out):
    bid: int
    taken: int
    points: int
    score: int
    result: str = Field(description="S set, O overtricks, P perfect")


class ScoreHand(Out):
    hand: int
    cards: int
    dealer: str
    trump: Optional[str]
    trump_card: Optional[str]
    mode: Literal["tally", "cards"]
    bids: int
    players: dict[str, Optional[ScoreCell]]


class ScoreNext(Out):
    hand: int
    cards: int
    bids: dict[str, int]
    playing: bool


class ScoreAdjustment(Out):
    hand: int
    player: str
    points: int
    reason: Optional[str]


class Revoke(Out):
    hand: int
    player: str
    suit: str
    trick: int
    shown: Union[int, str]
    card: str


class Scorecard(Out):
    """``potlog scorecard --json`` (Bluke): the scorecard as data, and its cells as printed."""

    session: str
    game: str
    players: list[str]
    new_jersey: bool
    stake: int
    schedule: list[int]
    hands: list[ScoreHand]
    next: Optional[ScoreNext]
    tallies: dict[str, dict[str, int]]
    totals: dict[str, dict[str, int]]
    adjustments: list[ScoreAdjustment]
    revokes: list[Revoke]
    over: bool
    settled: bool
    winners: list[str]
    layout: Literal["tricks", "bids"]
    rows: list[list[str]] = Field(description="the printed grid: the header row, then one row per line")


# ----------------------------------------------------------------------------- the list

# command -> the model of what it prints under --json (`ledger.schemas` writes one schema each).
OUTPUTS: dict[str, type[BaseModel]] = {
    "error": Error,
    "recorded": Recorded,
    "amend": Amend,
    "log": Log,
    "state": State,
    "sessions": Sessions,
    "games": Games,
    "verify": Verify,
    "seal": Seal,
    "audit": Audit,
    "replay": Replay,
    "settle": Settle,
    "import": ImportAny,
    "import-phh": ImportPhh,
    "scorecard": Scorecard,
    "report": Report,
    "stats": Stats,
}
