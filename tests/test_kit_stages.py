"""The stages of a hand as data (`ledger.kit.stages`): what follows what, who acts, and how the
engine moves a phase on, on a freeform table in memory."""

from __future__ import annotations

from dataclasses import dataclass

import pytest

from ledger import events as ev
from ledger.errors import RuleViolation
from ledger.kit import betting as bets
from ledger.kit.stages import (Flow, Stage, Turn, actor, advance, due_steps, ext_of, hand_on, legal, moved, opened,
                                own_move, step, turn, walk)
from ledger.reducer import apply
from ledger.state import TableState
from ledger.commands import Deal, Declare, End, NewHand, RollDice

BET = bets.Betting(structure="declared", limit=lambda s: 5, reraise=False, lone_ends=False)
FLOW = Flow((
    Stage("deal", "deal", ("deal",), actor="anyone"),
    Stage("open", "bet", ("bet", "call", "fold"), betting=BET),
    Stage("roll", "roll", ("roll",), actor="first"),
    Stage("round", "bet", ("check", "bet", "call", "raise", "fold"), betting=BET, repeat=3, recorded_start=True),
    Stage("showdown", "showdown", ("showdown",), actor="anyone"),
), due="round-over")


def table() -> TableState:
    state = TableState()
    events: list[ev.Event] = [ev.SessionOpened(game="freeform", options={})]
    events += [ev.PlayerJoined(player=n, buyin=20) for n in ("Ann", "Ben", "Cy")]
    events += [ev.HandStarted(hand=1, dealer="Cy")]
    for i, e in enumerate(events, 1):
        apply(state, i, e)
    return state


def test_what_follows_each_stage():
    assert FLOW.names == ("deal", "open", "roll", "round", "showdown")
    assert FLOW.after("deal") == ("open", FLOW.stage("open"))
    assert FLOW.after("roll") == ("round-over", FLOW.stage("round"))
    assert FLOW.after("round", 2) == ("round-over", FLOW.stage("round"))
    assert FLOW.after("round", 3) == ("showdown", FLOW.stage("showdown"))
    assert FLOW.after("showdown") == ("", None)
    assert FLOW.after("nowhere") == ("", None)


def test_advance_walks_the_stages():
    state, book, order = table(), bets.RoundBook(), ["Ann", "Ben", "Cy"]
    dealt = {"done": False}
    finished = lambda st: st.name == "deal" and dealt["done"]  # noqa: E731
    rolled = {"done": False}
    done = lambda seat: rolled["done"]  # noqa: E731
    assert advance(state, FLOW, "deal", book, order, done, finished) == ("deal", None)
    dealt["done"] = True
    assert advance(state, FLOW, "deal", book, order, done, finished) == ("open", "Ann")
    for e in (ev.Bet(player="Ann", amount=2), ev.Call(player="Ben", amount=2), ev.Fold(player="Cy")):
        apply(state, state.seq + 1, e)
        bets.record(state, book, BET, e)
    assert advance(state, FLOW, "open", book, order, done, finished) == ("roll", "Ann")
    rolled["done"] = True
    assert advance(state, FLOW, "roll", book, order, done, finished) == ("round-over", None)
    apply(state, state.seq + 1, ev.RoundStarted(round=3))
    bets.reset(book)
    assert advance(state, FLOW, "round", book, order, done, finished) == ("round", "Ann")
    for e in (ev.Check(player="Ann"), ev.Check(player="Ben")):
        apply(state, state.seq + 1, e)
        bets.record(state, book, BET, e)
    assert advance(state, FLOW, "round", book, order, done, finished) == ("showdown", None)


def test_actors_and_legal():
    state, book = table(), bets.RoundBook()
    each = Stage("draw", "draw", ("exchange",))
    assert actor(state, each, book, ["Ben", "Cy", "Ann"]) == "Ben"
    assert actor(state, each, book, ["Ben", "Cy", "Ann"], done=lambda s: s.name == "Ben") == "Cy"
    assert actor(state, Stage("cut", "deal", actor="dealer"), book, []) == "Cy"
    item = legal(each, "Ben", "one card")
    assert (item.player, item.verbs, item.note) == ("Ben", ("exchange",), "one card")


def test_texts_turns_and_a_hand_won_when_all_but_one_have_left():
    flow = Flow(FLOW.stages[:1] + (Stage("open", "bet", ("bet",), betting=BET, text="the opening is under way"),)
                + FLOW.stages[2:], due="round-over", won="won", texts={"won": "everyone else has folded"})
    assert flow.text("open") == "the opening is under way" and flow.text("won") == "everyone else has folded"
    assert flow.text("round") == flow.text("idle") == "no hand is in progress"
    state, book, order = table(), bets.RoundBook(), ["Ann", "Ben", "Cy"]
    assert hand_on(state).number == 1
    state.hand.to_act = None
    with pytest.raises(RuleViolation, match="Ann cannot roll now: the opening is under way"):
        turn(state, flow, "open", "Ann", "roll")
    state.hand.to_act = "Ben"
    with pytest.raises(RuleViolation, match="Ann cannot roll now: it is Ben's turn"):
        turn(state, flow, "open", "Ann", "roll")
    for e in (ev.Fold(player="Ann"), ev.Fold(player="Ben")):
        apply(state, state.seq + 1, e)
    assert advance(state, flow, "open", book, order, left=True) == ("won", None)
    assert advance(state, flow, "deal", book, order, left=True) == ("deal", None)  # not before the deal is over
    assert advance(state, FLOW, "open", book, order, left=True)[0] != "won"  # a flow without a won phase

    @dataclass
    class Book:
        phase: str = "idle"

    state.ext = {"phase": "open"}
    assert ext_of(state, Book, lambda s: Book()) == Book("open") and isinstance(state.ext, Book)
    state.ext = None
    assert ext_of(state, Book, lambda s: Book("fresh")).phase == "fresh"


# ----------------------------------------------------------------------------- a hand like Bluffjack's

NOLIMIT = bets.Betting(structure="no-limit", min_bet=1, forced=(bets.Forced("raise"),), reopens="highest",
                       folds_act=False)
LATER = bets.Betting(structure="no-limit", min_bet=1, reopens="highest", folds_act=False)
ANTES: set[str] = set()
OPTS = {"two": False, "more": False}


def _two(state: TableState) -> bool:
    return OPTS["two"]


def _more(state: TableState) -> bool:
    return OPTS["more"]


BJ = Flow((
    Stage("deal", "deal", ("deal",), actor="fewest", cards=1, ready=lambda s: ANTES >= {"Ann", "Ben", "Cy"},
          when=_two),
    Stage("deal", "deal", ("deal",), actor="fewest", cards=2, ready=lambda s: ANTES >= {"Ann", "Ben", "Cy"},
          when=lambda s: not _two(s)),
    Stage("opening", "bet", ("bet",), betting=NOLIMIT, recorded_start=True, start="opening"),
    Stage("deal-up", "deal", ("deal",), actor="fewest", cards=2, when=_two),
    Stage("second", "bet", ("bet",), betting=LATER, recorded_start=True, when=_two),
    Stage("drawing", "draw", ("hit",), start="draws", when=lambda s: not _more(s)),
    Stage("drawing", "draw", ("hit", "bet"), betting=LATER, actor="each+bet", recorded_start=True, start="draws",
          when=_more),
    Stage("final", "bet", ("bet",), betting=LATER, recorded_start=True),
    Stage("showdown", "showdown", ("showdown",), actor="anyone"),
))
ORDER = ["Ann", "Ben", "Cy"]


def _play(state: TableState, book: bets.RoundBook, *events: ev.Event) -> None:
    for e in events:
        apply(state, state.seq + 1, e)
        if isinstance(e, (ev.Bet, ev.Call, ev.Raise, ev.Check, ev.AllIn, ev.Fold)):
            bets.record(state, book, NOLIMIT, e)


def test_stages_by_the_options_and_the_round_a_recorded_start_opens():
    state = table()
    OPTS.update(two=False, more=False)
    assert BJ.stage("deal", state).cards == 2 and BJ.stage("deal").cards == 1  # without the table: the first
    assert BJ.after("opening", 1, state) == ("drawing", BJ.stages[5])  # deal-up and second are passed over
    OPTS["two"] = True
    assert BJ.stage("deal", state).cards == 1
    assert BJ.after("opening", 1, state) == ("deal-up", BJ.stage("deal-up"))
    assert BJ.after("deal-up", 1, state) == ("due", BJ.stage("second"))
    assert BJ.starting("draws", state) is BJ.stages[5] and BJ.starting("second", state).name == "second"
    OPTS["more"] = True
    assert BJ.starting("draws", state) is BJ.stages[6] and BJ.stages[6].round_name == "draws"
    assert BJ.starting("deal", state) is None and BJ.starting("", state) is None  # a stage no round opens
    OPTS["two"] = False
    assert BJ.starting("second", state).name == "second"  # a ruling may open a stage the options pass over
    OPTS.update(two=False, more=False)


def test_walk_deals_fewest_first_waits_for_the_antes_and_names_the_round_due():
    state, book = table(), bets.RoundBook()
    OPTS.update(two=False, more=False)
    ANTES.clear()
    at = walk(state, BJ, Turn("deal"), book, ORDER)
    assert at == Turn("deal", "Ann")
    _play(state, book, ev.CardsDealt(to="Ann", cards=["2C"]), ev.CardsDealt(to="Ben", cards=["3C"]))
    assert walk(state, BJ, at, book, ORDER).to_act == "Cy"
    _play(state, book, ev.CardsDealt(to="Cy", cards=["4C"]), ev.CardsDealt(to="Ann", cards=["5C"]))
    assert walk(state, BJ, at, book, ORDER).to_act == "Ben"
    _play(state, book, ev.CardsDealt(to="Ben", cards=["6C"]), ev.CardsDealt(to="Cy", cards=["7C"]))
    assert walk(state, BJ, at, book, ORDER) == Turn("deal")  # every card out, but not every ante
    ANTES.update(ORDER)
    at = walk(state, BJ, at, book, ORDER)
    assert at == Turn("deal", None, "opening")  # the phase stays; the round to record is named
    assert walk(state, BJ, at, book, ORDER) == at  # nothing moves while it is due
    assert due_steps(state, BJ, at, ORDER) == [ev.RoundStarted(round=1, name="opening")]
    _play(state, book, ev.RoundStarted(round=1, name="opening"))
    at = opened(state, BJ, at, "opening", ORDER)
    assert at == Turn("opening", None, "forced")
    forced = due_steps(state, BJ, at, ORDER)
    assert [type(e) for e in forced] == [ev.Raise] and forced[0].player == "Ann"
    assert opened(state, BJ, at, "", ORDER) == Turn("opening")  # a round no stage carries: the phase stays
    ANTES.clear()


def test_walk_moves_past_a_finished_round_into_a_draw_turn_after_turn():
    state, book = table(), bets.RoundBook()
    OPTS.update(two=False, more=False)
    stood: set[str] = set()
    done = lambda seat: seat.name in stood  # noqa: E731
    _play(state, book, ev.RoundStarted(round=1, name="opening"), ev.Bet(player="Ann", amount=1),
          ev.Call(player="Ben", amount=1), ev.Call(player="Cy", amount=1))
    at = walk(state, BJ, Turn("opening", last="Cy"), book, ORDER, done)
    assert at == Turn("drawing", "Ann")  # a stage without a recorded start is entered at once
    at = walk(state, BJ, Turn("drawing", last="Ann"), book, ORDER, done)
    assert at.to_act == "Ben"  # round and round, after the last to move
    stood.update(("Ben", "Cy"))
    assert walk(state, BJ, Turn("drawing", last="Ann"), book, ORDER, done).to_act == "Ann"
    assert actor(state, BJ.stages[5], book, ORDER, done, last="Ann") == "Ann"
    stood.add("Ann")
    assert walk(state, BJ, Turn("drawing", last="Ann"), book, ORDER, done) == Turn("drawing", None, "final", "Ann")


def test_a_draw_with_a_betting_step_each_turn():
    state, book = table(), bets.RoundBook()
    OPTS.update(two=False, more=True)
    stood: set[str] = set()
    done = lambda seat: seat.name in stood  # noqa: E731
    _play(state, book, ev.RoundStarted(round=1, name="draws"))
    assert walk(state, BJ, Turn("drawing"), book, ORDER, done) == Turn("drawing", "Ann")  # Ann's card first
    at = walk(state, BJ, Turn("drawing", drew="Ann"), book, ORDER, done)
    assert at == Turn("drawing", "Ann", drew="Ann")  # then Ann's betting step
    _play(state, book, ev.Bet(player="Ann", amount=2))
    at = walk(state, BJ, Turn("drawing", last="Ann"), book, ORDER, done)
    assert at.to_act == "Ben"
    stood.add("Ben")  # Ben stands and still bets
    _play(state, book, ev.Call(player="Ben", amount=2))
    stood.update(("Ann", "Cy"))  # with everyone stood, the betting goes on until the bets are level
    _play(state, book, ev.Fold(player="Cy"))
    assert walk(state, BJ, Turn("drawing", last="Cy"), book, ORDER, done) == Turn("drawing", None, "final", "Cy")
    OPTS.update(two=False, more=False)


def test_a_drawer_without_a_betting_step_hands_the_turn_on():
    state, book = table(), bets.RoundBook()
    OPTS.update(two=False, more=True)
    _play(state, book, ev.Fold(player="Cy"), ev.AllIn(player="Ben", amount=20), ev.Call(player="Ann", amount=20))
    at = walk(state, BJ, Turn("drawing", drew="Ann"), book, ORDER, lambda seat: False)
    assert at == Turn("drawing", "Ben", last="Ann")  # Ann has nothing to bet: her turn is over after her card
    OPTS.update(two=False, more=False)


def test_a_move_of_ones_own_in_a_draw_and_the_turn_after_it():
    state = table()
    state.hand.to_act = "Ann"  # type: ignore[union-attr]
    wait = lambda: "Ann to take a card"  # noqa: E731
    OPTS.update(two=False, more=True)
    own_move(state, BJ, Turn("drawing"), "Ann", "hit", done=False, waiting=wait)  # her turn: no refusal
    with pytest.raises(RuleViolation, match="^Ann cannot hit now: Ann to take a card$"):
        own_move(state, BJ, Turn("final"), "Ann", "hit", done=False, waiting=wait)
    with pytest.raises(RuleViolation, match="^Ann has stood: a player who stands"):
        own_move(state, BJ, Turn("drawing"), "Ann", "hit", done=True, waiting=wait)
    with pytest.raises(RuleViolation, match="^Ann has had a card or stood this turn"):
        own_move(state, BJ, Turn("drawing", drew="Ann"), "Ann", "hit", done=False, waiting=wait)
    with pytest.raises(RuleViolation, match="^it is Ann's turn, not Ben's: Ann to take a card$"):
        own_move(state, BJ, Turn("drawing"), "Ben", "hit", done=False, waiting=wait)
    with pytest.raises(RuleViolation, match="^no: Ben$"):
        own_move(state, BJ, Turn("drawing"), "Ben", "hit", done=False, waiting=wait, messages={"turn": "no: {player}"})
    assert moved(BJ, Turn("drawing", "Ann", last="Cy"), "Ann", state) == Turn("drawing", "Ann", last="Cy", drew="Ann")
    OPTS.update(two=False, more=False)
    assert moved(BJ, Turn("drawing", "Ann", last="Cy"), "Ann", state) == Turn("drawing", "Ann", last="Ann")


def test_what_the_player_to_act_does_now():
    state = table()
    OPTS.update(two=False, more=True)
    assert step(BJ, Turn("drawing", "Ann"), False, state) == "move"  # her card first
    assert step(BJ, Turn("drawing", "Ann", drew="Ann"), False, state) == "bet"  # then her betting step
    assert step(BJ, Turn("drawing", "Ann"), True, state) == "bet"  # stood: she only bets
    assert step(BJ, Turn("drawing"), False, state) == ""
    assert step(BJ, Turn("final", "Ann"), False, state) == "bet"
    OPTS.update(two=False, more=False)
    assert step(BJ, Turn("drawing", "Ann", drew="Ann"), False, state) == "move"  # no betting step in this draw
    assert step(BJ, Turn("deal", "Ann"), False, state) == "move"
    assert step(BJ, Turn("idle", "Ann"), False, state) == ""


# ----------------------------------------------------------------------------- prompts and the staged wiring

def test_prompt_is_derived_from_the_stage_the_phase_names():
    from ledger.core.contract import Legal
    from ledger.kit.stages import everyone, prompt

    state, book, order = table(), bets.RoundBook(), ["Ann", "Ben", "Cy"]
    assert prompt(state, FLOW, "deal", book, "3 each") == [Legal(None, ("deal",), "3 each")]  # the recorder's
    phase, state.hand.to_act = advance(state, FLOW, "deal", book, order, finished=lambda st: True)
    assert prompt(state, FLOW, phase, book) == [bets.prompt(state, book, BET, "Ann")]  # the betting prompt
    assert prompt(state, FLOW, "roll", book, "roll") == [Legal("Ann", ("roll",), "roll")]  # the player to act
    assert prompt(state, FLOW, "round-over", book) == []  # not a stage
    state.hand.to_act = None
    assert prompt(state, FLOW, "open", book) == []  # nobody bets
    assert advance(state, FLOW, "roll", book, order, done=everyone) == ("round-over", None)  # the roll is made


def _bluecher(**players: int):
    from tests.table import Table

    t = Table("bluecher", **players)
    t(NewHand(dealer="Cy"))
    t(Deal(to="all", count=3))
    return t


def test_decider_refuses_dispatches_falls_back_and_follows():
    from ledger.commands import Ante, Bet, Note
    from ledger.games.freeform import Options
    from ledger.games.bluecher import staged

    t = _bluecher(Ann=20, Ben=20, Cy=20)
    seen: list[str] = []
    after = lambda st: seen.append("after") or []  # noqa: E731
    decide = staged.decider("freeform", Options, {Bet: lambda s, c: [ev.Note(text=c.verb)]},
                            refused={Ante: "no antes here"}, after=after, following={Bet})
    with pytest.raises(RuleViolation, match="no antes here"):
        decide(t.state, Ante(player="Ann", amount=1))
    assert decide(t.state, Bet(player="Ann", amount=1)) == [ev.Note(text="bet")] and seen == ["after"]
    assert [e.type for e in decide(t.state, Note(text="n"))] == ["note"]  # the shared mechanics
    assert seen == ["after"]  # only the `following` verbs are followed


def test_roll_end_and_tally():
    from ledger.games.bluecher import staged

    t = _bluecher(Ann=20, Ben=20, Cy=20)
    roll = lambda who, *faces: staged.roll(t.state, RollDice(player=who, faces=faces), by="Ann", dice=2)  # noqa: E731
    with pytest.raises(RuleViolation, match="Ann rolls the dice, not Ben"):
        roll("Ben", "3", "4")
    with pytest.raises(RuleViolation, match="Ann declared 2 dice: record all 2 faces, not 1"):
        roll("Ann", "3")
    assert [e.faces for e in roll("Ann", "3", "4")] == [[3, 4]]
    t.state.balances["pot"] = 2
    with pytest.raises(RuleViolation, match="the pot is not empty"):
        staged.end(t.state, End(), "deal", "the pot is not empty")

    @dataclass
    class Book:
        paid: int = 0
        settled: int = 0
        next_dealer: str | None = None

    book = Book()
    assert staged.tally(book, ev.Declared(name="next-dealer", value="Ben")) and book.next_dealer == "Ben"
    assert staged.tally(book, ev.PotAwarded(shares=[ev.Share(player="Ben", amount=3)], reason="r"))
    assert not staged.tally(book, ev.Declared(name="dice", value=3))
    assert (book.paid, book.settled) == (3, 2)


def test_follows_and_the_prompt_between_hands():
    from ledger.games.bluecher import staged

    t = _bluecher(Ann=20, Ben=20, Cy=20)
    flow = Flow(FLOW.stages, due="round-over", won="won")
    assert [e.type for e in staged.follows(t.state, flow, "round-over", names={1: "first"})] == ["round_started"]
    assert staged.follows(t.state, flow, "round-over", names={1: "first"})[0].name == "first"
    assert staged.follows(t.state, flow, "won", won=lambda s: [ev.Note(text="won")]) == [ev.Note(text="won")]
    assert staged.follows(t.state, flow, "open") == []
    assert staged.between("Ann deals").verbs == staged.BETWEEN and staged.between("Ann deals").player is None


def test_hole_cards_and_the_showdown_refusal():
    from ledger.kit import deal
    from ledger.games.bluecher import staged

    t = _bluecher(Ann=20, Ben=20, Cy=20)
    hands, missing = staged.hole_hands(t.state, ["Ann", "Ben", "Cy"], {}, lambda p, hole, others: (p, hole, others))
    assert hands == [] and len(missing) == 3  # nobody has placed a hole card
    gated: list[str] = []
    placed = staged.hole(t.state, Declare(player="Ann", name="hole", value="??"), deal.Dealing(3), {},
                         gated.append, showing=lambda: False)
    assert gated == ["Ann"] and [(e.name, e.value) for e in placed] == [("hole", "??")]
    flow = Flow(FLOW.stages, won="won", texts={"open": "the opening"})
    with pytest.raises(RuleViolation, match=r"^not yet: the opening \(Ann to act\)$"):
        staged.showdown(t.state, flow, lambda s: "open", lambda s: [], lambda s, h, n: [], player=str,
                        refusal="not yet: {now}{acting}")


def test_a_flows_gates_place_each_verb_in_the_stages_that_take_it():
    from ledger.kit.stages import gate

    flow = Flow(FLOW.stages, due="round-over", texts={"roll": "the dice are next"}, gates={
        "fold": bets.Gate((), "{player} cannot fold now: {now}", live=True),
        "call": bets.Gate(("open",), "only in the opening; {now}")})
    assert flow.taking("fold") == ("open", "round") and flow.taking("roll") == ("roll",)
    state = table()
    assert gate(state, flow, "fold", "round", "Ann") == "Ann"  # a stage that takes it
    with pytest.raises(RuleViolation, match="^Ann cannot fold now: the dice are next$"):
        gate(state, flow, "fold", "roll", "Ann")
    with pytest.raises(RuleViolation, match="only in the opening"):  # explicit phases win over the stages' verbs
        gate(state, flow, "call", "round", "Ann")
    assert gate(state, flow, "roll", "deal", "Ann") == "Ann"  # a verb without a gate passes
