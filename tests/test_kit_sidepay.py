"""Side payments for hands shown (ledger.games.bouillotte.sidepay), at the kit's level on a freeform table:
every holder paid by each other player, once, in order, never more than a payer has."""

from __future__ import annotations

from ledger import events as ev
from ledger.games.bouillotte import sidepay
from tests.test_kit_pots import play, table


def worded(holder: str, payer: str, chips: int) -> str:
    return f"bonus of {chips}: {payer} pays {holder}"


def test_each_holder_is_paid_by_every_other_player_once_and_a_short_payer_pays_what_they_have():
    state = table({"Ann": 10, "Ben": 1, "Cy": 10, "Dee": 0})
    order, made = ["Ann", "Ben", "Cy", "Dee"], []
    owed = {"Cy": 2, "Ben": 0, "Ann": 1}                              # Ben holds nothing that pays
    paid = []
    while step := sidepay.next_payment(state, order, owed, made, worded):
        play(state, *step)
        assert sidepay.record(made, step[0], prefix="bonus")
        paid.append((step[0].from_account, step[0].to_account, step[0].amount, step[0].reason))
    assert paid == [("seat:Ann", "seat:Cy", 2, "bonus of 2: Ann pays Cy"),
                    ("seat:Ben", "seat:Cy", 1, "bonus of 2: Ben pays Cy"),   # Ben had one chip
                    ("seat:Cy", "seat:Ann", 1, "bonus of 1: Cy pays Ann")]   # Ben is out of chips, Dee had none
    assert made == ["Cy>Ann", "Cy>Ben", "Ann>Cy"]
    assert sidepay.next_payment(state, order, owed, made, worded) == []


def test_only_the_side_payments_are_recorded_as_made():
    made: list[str] = []
    assert not sidepay.record(made, ev.Transfer(from_account="seat:Ann", to_account="seat:Cy", amount=1,
                                                reason="Cy is out"), prefix="bonus")
    assert not sidepay.record(made, ev.Check(player="Ann"), prefix="bonus")
    assert made == []
