"""The deal engine (ledger.kit.deal) and the declarations (ledger.games.bluecher.declare), at the kit's
level on a freeform table, then as Blücher declares them."""

from __future__ import annotations

from dataclasses import dataclass, field

import pytest

from ledger import events as ev
from ledger.commands import Deal, Declare, Exchange, NewHand, Reshuffle
from ledger.errors import InputError, RuleViolation
from ledger.kit import deal
from ledger.games.bluecher import declare
from ledger.kit import pots
from tests.table import Table
from tests.test_kit_pots import play, put, table


@dataclass
class Book:
    stock: int = 10
    cost: int | None = None
    dice: int | None = None
    order: list[str] = field(default_factory=list)


THREE = deal.Dealing(3)


def test_deal_all_gives_each_short_player_unseen_cards_and_then_refuses():
    state = table({"Ann": 10, "Ben": 10, "Cy": 10})
    play(state, ev.CardsDealt(to="Ben", cards=["AS"]))
    events = deal.deal(state, Deal(to="all"), THREE, ["Ann", "Ben", "Cy"], 40)
    assert [(e.to, len(e.cards)) for e in events if isinstance(e, ev.CardsDealt)] == [("Ann", 3), ("Ben", 2), ("Cy", 3)]
    play(state, *events)
    assert deal.dealt(state, 3) and deal.short(state, 3) == []
    with pytest.raises(RuleViolation, match="everyone has 3 cards already"):
        deal.deal(state, Deal(to="everyone"), THREE, ["Ann", "Ben", "Cy"], 40)
    with pytest.raises(InputError, match="one player at a time"):
        deal.deal(state, Deal(to="all", cards=("AS",)), THREE, ["Ann"], 40)


def test_deal_to_one_player_is_capped_by_each_and_by_the_stock():
    state = table({"Ann": 10, "Ben": 10})
    with pytest.raises(RuleViolation, match="Ann gets 3 cards and has 0: deal 3 more at most"):
        deal.deal(state, Deal(to="Ann", count=4), THREE, ["Ann", "Ben"], 40)
    with pytest.raises(RuleViolation, match="the stock has only 1 cards left"):
        deal.deal(state, Deal(to="Ann", count=2), THREE, ["Ann", "Ben"], 1)
    with pytest.raises(RuleViolation, match=r"only to players in the hand \(Ann, Ben\), not to nobody"):
        deal.deal(state, Deal(to=""), THREE, ["Ann", "Ben"], 40)
    assert deal.short(state, 3, ["Ben", "Ann"]) == ["Ben", "Ann"]


def test_the_stock_is_tracked_and_the_reshuffle_waits_for_it_to_run_out():
    state, book = table({"Ann": 10, "Ben": 10}), Book(stock=4)
    for e in (ev.CardsDealt(to="Ann", cards=["??", "??"]), ev.CardsDealt(to="board", cards=["AS"]),
              ev.CardsExchanged(player="Ann", discard=["??"], draw=["??"])):
        play(state, e)
        deal.track(state, book, e)
    assert book.stock == 1  # the board's card is not from the stock
    with pytest.raises(RuleViolation, match="the stock still holds 1 cards"):
        deal.reshuffle(state, Reshuffle(), THREE, book.stock)
    book.stock = 0
    [shuffled] = deal.reshuffle(state, Reshuffle(), THREE, book.stock)
    deal.track(state, book, shuffled)
    assert book.stock == 1


def test_a_buy_is_one_card_for_one_at_the_cost_and_never_the_kept_card():
    state = table({"Ann": 10, "Ben": 1})
    play(state, ev.CardsDealt(to="Ann", cards=["5H", "9C", "2D"]), ev.CardsDealt(to="Ben", cards=["??"] * 3))
    buy = Exchange(player="Ann", cards=("7H",), discard=("2D",))
    [e] = deal.buy(state, buy, THREE, "Ann", cost=2, stock=5, kept="5H")
    assert isinstance(e, ev.CardsExchanged) and (e.discard, e.draw, e.cost) == (["2D"], ["7H"], 2)
    says = {
        "the hole card (5H)": dict(cmd=Exchange(player="Ann", discard=("5H",))),
        "say which card Ann discards: 9C or 2D": dict(cmd=Exchange(player="Ann")),
        "does not hold KD besides the hole card (holds 9C 2D)": dict(cmd=Exchange(player="Ann",
                                                                                 discard=("KD",))),
        "one card per round": dict(cmd=buy, bought=["Ann"]),
        "bought before checking": dict(cmd=buy, acted=["Ann"]),
        "the stock is empty": dict(cmd=buy, stock=0),
        "a card costs 2 this hand, not 3": dict(cmd=Exchange(player="Ann", discard=("2D",), amount=3)),
        "buys one card at a time": dict(cmd=Exchange(player="Ann", discard=("2D", "9C"))),
    }
    for text, kw in says.items():
        cmd = kw.pop("cmd")
        with pytest.raises(RuleViolation, match=text.replace("(", r"\(").replace(")", r"\)")):
            deal.buy(state, cmd, THREE, "Ann", cost=2, **{"stock": 5, "kept": "5H", **kw})
    with pytest.raises(RuleViolation, match="Ben has 1 chips and a card costs 2"):
        deal.buy(state, Exchange(player="Ben"), THREE, "Ben", cost=2, stock=5)


def test_start_passes_the_deal_to_the_winner_or_the_left_and_refuses_another_dealer():
    t = Table("bluecher", Ann=10, Ben=10, Cy=10)
    [started] = deal.start(t.state, NewHand(dealer="Ben"), THREE, players=(3, 10))
    assert isinstance(started, ev.HandStarted) and (started.dealer, started.first) == ("Ben", "Cy")
    t.state.hand = None
    with pytest.raises(RuleViolation, match="a hand needs 4 to 10 players with chips, not 3"):
        deal.start(t.state, NewHand(), THREE, players=(4, 10))


def test_declarations_refuse_the_wrong_player_time_repeat_and_range():
    state = table({"Ann": 10, "Ben": 10})
    book = Book()
    dice = declare.Declaration("dice", "dice", by=lambda s: "Ann", high=5)
    late = declare.Declaration("cost", "cost", by=lambda s: "Ben", role="the dealer", when=lambda s: False,
                               error=InputError)
    unknown = "no declaration {name!r}"
    [e] = declare.decide(state, Declare(player="Ann", name="dice", value="3"), (dice, late), book, unknown)
    assert isinstance(e, ev.Declared) and e.value == 3
    assert declare.record(book, (dice, late), e) and book.dice == 3
    assert declare.pending(book, (dice, late)) == [late]
    cases = [
        (Declare(player="Ann", name="bid", value=1), "no declaration 'bid'"),
        (Declare(player="Ben", name="dice", value=1), "Ben cannot declare the dice: Ann, the first player, does"),
        (Declare(player="Ann", name="dice", value=1), "Ann declared the dice already (3)"),
        (Declare(player="Ben", name="cost", value=1), "the cost cannot be declared now"),
    ]
    for cmd, says in cases:
        with pytest.raises(RuleViolation, match=says.replace("(", r"\(").replace(")", r"\)")):
            declare.decide(state, cmd, (dice, late), book, unknown)
    book.dice = None
    with pytest.raises(RuleViolation, match="Ann may declare 1 to 5 for the dice, not 6"):
        declare.decide(state, Declare(player="Ann", name="dice", value="6"), (dice,), book, unknown)
    assert declare.as_int(" 12 ") == 12 and declare.as_int("x") == "x"


def test_award_by_rank_with_a_payout_for_hands_that_all_lose():
    state = table({"Ann": 10, "Ben": 10, "Cy": 4})
    put(state, Ann=6, Ben=6, Cy=4)
    ranks = {"Ann": pots.Ranked((1,), "a"), "Ben": pots.Ranked((2,), "b"), "Cy": pots.Ranked((3,), "c")}

    def lost(layer: pots.Layer, contenders: list[str]) -> tuple[list[ev.Event], int]:
        return [pots.award([(contenders[0], 1)], f"{layer.name}: least wrong")], layer.amount - 1

    payout = pots.Payout(single="main pot", returned=False, lone="{layer}: back to {player}",
                         reason=lambda layer, won: f"{layer.name}: {won[0]} wins", loses=lambda p: p != "Cy", lost=lost)
    out = pots.award_by_rank(state, ranks, ["Ann", "Ben", "Cy"], payout=payout)
    assert [(type(e).__name__, getattr(e, "reason", ""), pots.paid_out(e)) for e in out] == [
        ("PotAwarded", "main pot: Cy wins", 12), ("PotAwarded", "side pot 1: least wrong", 1),
        ("PotCarried", "", 3)]
    assert pots.layers(state, total=20, returned=False)[0].amount == 16  # 4 chips from outside the bets


def test_a_hole_card_is_placed_once_then_named_and_turned_up():
    state = table({"Ann": 10, "Ben": 10})
    play(state, ev.CardsDealt(to="Ann", cards=["5H", "??", "??"]), ev.CardsDealt(to="Ben", cards=["AS", "KD", "2C"]))
    assert deal.one_card(state, (), THREE) == "??" and deal.one_card(state, ("5h",), THREE) == "5H"
    with pytest.raises(InputError, match="a hole card is one card"):
        deal.one_card(state, ("5H", "6H"), THREE)
    [placed] = deal.hole(state, THREE, "Ann", "??", None, showing=False)
    assert isinstance(placed, ev.Declared) and (placed.name, placed.value) == ("hole", "??")
    with pytest.raises(RuleViolation, match=r"Ben's cards are known \(AS KD 2C\): name the hole card"):
        deal.hole(state, THREE, "Ben", "??", None, showing=False)
    with pytest.raises(RuleViolation, match=r"Ben does not hold 9C \(holds AS KD 2C\)"):
        deal.hole(state, THREE, "Ben", "9C", None, showing=False)
    with pytest.raises(RuleViolation, match="AS is already in Ben's hand"):
        deal.held_or_unseen(state, THREE, "Ann", "AS", "hole_one_of")
    play(state, placed)
    holes: dict[str, str] = {}
    assert deal.track_hole(state, holes, placed) and holes == {"Ann": "??"}
    assert deal.hole_missing(state, "Ann", "??") == "name Ann's hole card: potlog hole Ann CARD"
    assert deal.hole_text(state, "Ann", "??") == "▒▒" and deal.hole_text(state, "Ben", None) == "—"
    with pytest.raises(RuleViolation, match="Ann has placed a hole card already"):
        deal.hole(state, THREE, "Ann", "7C", "??", showing=False)
    named = deal.hole(state, THREE, "Ann", "7C", "??", showing=True)
    assert [type(e) for e in named] == [ev.Declared, ev.CardsRevealed]
    play(state, *named)
    assert deal.track_hole(state, holes, named[0]) and holes == {"Ann": "7C"}
    assert [h.card for h in state.seat("Ann").cards] == ["5H", "7C", "??"]
    assert deal.hole_text(state, "Ann", "7C") == "7C"
    assert deal.hole_missing(state, "Ann", "7C") == "Ann's cards are not all known: potlog reveal Ann CARD ..."
    with pytest.raises(RuleViolation, match="Ann's hole card 7C is shown already"):
        deal.hole(state, THREE, "Ann", "7C", "7C", showing=True)
    with pytest.raises(RuleViolation, match="Ann's hole card is 7C; once placed"):
        deal.hole(state, THREE, "Ann", "5H", "7C", showing=True)
    [up] = deal.turn_up(state, ["Ann", "Ben"])[1:]
    assert isinstance(up, ev.CardsRevealed) and (up.holder, up.cards) == ("Ben", ["AS", "KD", "2C"])
    assert deal.hole_missing(state, "Ben", None) == "Ben has no hole card recorded"


def test_seat_in_sits_out_players_without_chips_and_orders_the_hand():
    state = put(table({"Ann": 10, "Ben": 10, "Cy": 10, "Dee": 5}, dealer="Ben"), Dee=5)
    assert deal.seat_in(state, ev.HandStarted(hand=2, dealer="Ben")) == ["Cy", "Ann", "Ben"]
    assert not state.seat("Dee").in_hand
    assert deal.seat_in(state, ev.HandStarted(hand=2, dealer="Ben", first="Ann")) == ["Ann", "Ben", "Cy"]


def test_fewest_first_deals_one_at_a_time_to_the_first_with_the_fewest_cards():
    state = table({"Ann": 10, "Ben": 10, "Cy": 10, "Dee": 10})
    order = ["Cy", "Dee", "Ann", "Ben"]
    assert deal.fewest_first(state, order, 2) == "Cy"  # everyone has none: the first in order
    play(state, ev.CardsDealt(to="Cy", cards=["??"]))
    assert deal.fewest_first(state, order, 2) == "Dee"
    play(state, ev.CardsDealt(to="Ann", cards=["??", "??"]), ev.CardsDealt(to="Dee", cards=["??"]))
    assert deal.fewest_first(state, order, 2) == "Ben"  # Ben alone has none
    play(state, ev.CardsDealt(to="Ben", cards=["??"]))
    assert deal.fewest_first(state, order, 2) == "Cy"  # all but Ann have one: the first of them
    play(state, ev.Fold(player="Cy"))
    assert deal.fewest_first(state, order, 2) == "Dee"  # a folded player gets no more
    assert deal.fewest_first(state, ["Zed", "Ben", "Dee"], 2) == "Ben"  # unknown names are skipped
    play(state, ev.CardsDealt(to="Dee", cards=["??"]), ev.CardsDealt(to="Ben", cards=["??"]))
    assert deal.fewest_first(state, order, 2) is None  # everyone still in has 2
    assert deal.fewest_first(state, order, 3) == "Dee"
    assert deal.fewest_first(state, [], 3) is None


def test_dealt_needs_everyone_in_the_hand_to_have_their_cards():
    state = table({"Ann": 10, "Ben": 10})
    assert not deal.dealt(state, 1)
    play(state, ev.CardsDealt(to="Ann", cards=["??"]))
    assert not deal.dealt(state, 1) and deal.dealt(state, 0)
    play(state, ev.CardsDealt(to="Ben", cards=["??", "??"]))
    assert deal.dealt(state, 1) and not deal.dealt(state, 2)
    for s in state.seats:
        s.in_hand = False
    assert not deal.dealt(state, 0)  # nobody in the hand: nothing is dealt


def test_next_dealer_is_the_winner_or_the_seat_after_the_dealer():
    state = table({"Ann": 10, "Ben": 10, "Cy": 10})  # Ann deals
    assert deal.next_dealer(state, "Cy") == ev.Declared(name="next-dealer", value="Cy")
    assert deal.next_dealer(state, None) == ev.Declared(name="next-dealer", value="Ben")
    assert declare.dealer(state) == "Ann" and deal.undealt(state)
    play(state, ev.CardsDealt(to="Cy", cards=["??"]))
    assert not deal.undealt(state)


def test_next_card_is_one_card_named_or_unseen_and_nowhere_else():
    state = table({"Ann": 10, "Ben": 10})
    play(state, ev.CardsDealt(to="Ben", cards=["AS"]))
    assert deal.next_card(state, Deal(to="Ann", cards=("7H",)), "Ann") == "7H"
    assert deal.next_card(state, Deal(to="Ann", count=1), "Ann") == "??"
    with pytest.raises(InputError, match="^name the card Ann gets"):
        deal.next_card(state, Deal(to="Ann"), "Ann")
    with pytest.raises(InputError, match="^one card at a time: Ann gets 2 here$"):
        deal.next_card(state, Deal(to="Ann", cards=("7H",), count=1), "Ann")
    with pytest.raises(RuleViolation):
        deal.next_card(state, Deal(to="Ann", cards=("AS",)), "Ann")  # Ben holds it
    with pytest.raises(InputError, match="^one, Ann$"):
        deal.next_card(state, Deal(to="Ann", count=2), "Ann",
                       deal.Dealing(1, messages={"one_at_a_time": "one, {player}"}))


def test_face_down_first_then_face_up_and_named():
    state = table({"Ann": 10, "Ben": 10})
    assert deal.face_down_first(state, Deal(to="Ann", count=1), "Ann") == [
        ev.CardsDealt(to="Ann", cards=["??"], face_up=False)]
    with pytest.raises(RuleViolation, match="Ann's first card is dealt face down: drop --up"):
        deal.face_down_first(state, Deal(to="Ann", cards=("7S",), face_up=True), "Ann")
    play(state, ev.CardsDealt(to="Ann", cards=["??"], face_up=False))
    assert deal.face_down_first(state, Deal(to="Ann", cards=("7S",)), "Ann") == [
        ev.CardsDealt(to="Ann", cards=["7S"], face_up=True)]
    with pytest.raises(RuleViolation, match="Ann's second card is dealt face up, so the table sees it"):
        deal.face_down_first(state, Deal(to="Ann", count=1), "Ann")


from hypothesis import given, settings, strategies as st  # noqa: E402

from ledger.cards import PACKS, UNKNOWN  # noqa: E402
from ledger.core.table import check_unseen, where_is  # noqa: E402
from ledger.state import Held, Played  # noqa: E402

_PLACES = ["Ann", "Ben", "Cy", "board", "stock", "trick", "out"]


@settings(max_examples=60, deadline=None)
@given(st.lists(st.tuples(st.sampled_from(_PLACES), st.sampled_from(PACKS["french52"].cards[:12] + (UNKNOWN,))),
                max_size=20), st.sampled_from([None, "Ann's hand", "the board"]))
def test_check_unseen_refuses_exactly_where_where_is_finds_the_card(placed, allow_at):
    """`check_unseen` finds every known card's place in one pass over the hand: it must refuse
    each card exactly where `where_is` (card by card) finds it, naming the same place, a card
    in two places included (the first place `where_is` names)."""
    state = table({"Ann": 10, "Ben": 10, "Cy": 10})
    hand = state.hand
    for place, card in placed:
        if place in ("Ann", "Ben", "Cy"):
            state.seat(place).cards.append(Held(card))
        elif place == "trick":
            hand.trick.append(Played(player="Ann", card=card))
        elif place == "out":
            hand.out.append(card)
        else:
            hand.boards.setdefault(place, []).append(Held(card, up=True))
    for card in PACKS["french52"].cards[:14] + (UNKNOWN,):
        where = where_is(state, card)
        if where is None or where == allow_at:
            check_unseen(state, [card], allow_at=allow_at)
        else:
            with pytest.raises(RuleViolation, match=f"^{card} is already in {where}:"):
                check_unseen(state, [card], allow_at=allow_at)
    with pytest.raises(RuleViolation, match="named twice"):
        check_unseen(state, ["KD", "KD"])
