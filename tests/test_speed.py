"""Issue 28's shortcuts keep what they replace: a stored body met again gives the same event
(and only an event nothing can change), whatever its type column says."""

from ledger import events as ev


def test_a_body_met_again_is_the_same_event_and_the_body_decides():
    body = '{"player":"Ann","type":"check"}'
    first = ev.parse_typed("check", body)
    assert ev.parse_typed("check", body) is first  # validated once
    assert ev.parse_typed("bet", body) is first  # a wrong type column: the body decides, as before
    assert ev.parse_typed("bet", body) == ev.parse_event(body)


def test_an_event_holding_a_list_is_never_shared():
    body = '{"cards":["AS","KD"],"to":"Ann","type":"cards_dealt"}'
    a, b = ev.parse_typed("cards_dealt", body), ev.parse_typed("cards_dealt", body)
    assert a == b and a is not b  # a table may keep the list: each row its own
