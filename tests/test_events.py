import json

import pytest
from pydantic import ValidationError

from ledger import events as ev
from ledger.schemas import DEFAULT_DIR, render


def test_schemas_are_up_to_date():
    wanted = render()
    on_disk = {p.name: p.read_text(encoding="utf-8") for p in DEFAULT_DIR.glob("*.schema.json")}
    stale = sorted(n for n in wanted if on_disk.get(n) != wanted[n]) + sorted(set(on_disk) - set(wanted))
    assert not stale, f"schemas/events is stale ({stale}): run python -m ledger.schemas"


def test_every_type_has_a_schema_and_a_distinct_name():
    assert len(set(ev.TYPE_NAMES)) == len(ev.TYPE_NAMES)
    assert set(f"{n}.schema.json" for n in ev.TYPE_NAMES) < set(render())


def test_body_is_canonical_and_round_trips():
    e = ev.Bet(player="Ann", amount=5)
    body = ev.event_body(e)
    assert body == '{"amount":5,"player":"Ann","type":"bet"}'
    assert ev.parse_event(body) == e


def test_events_are_frozen():
    e = ev.Bet(player="Ann", amount=5)
    with pytest.raises(ValidationError):
        e.amount = 6  # type: ignore[misc]


@pytest.mark.parametrize("body", [
    {"type": "bet", "player": "Ann", "amount": 0},
    {"type": "bet", "player": "Ann", "amount": -5},
    {"type": "bet", "player": "Ann", "amount": "5"},
    {"type": "bet", "player": "Ann", "amount": 5.0},
    {"type": "bet", "player": "A:nn", "amount": 5},
    {"type": "bet", "player": "Ann", "amount": 10**13},
    {"type": "bet", "player": "Ann", "amount": 5, "extra": 1},
    {"type": "teleport", "player": "Ann"},
    {"type": "transfer", "from_account": "nowhere", "to_account": "pot", "amount": 1},
    {"type": "dice_rolled", "faces": []},
])
def test_malformed_bodies_are_refused(body):
    with pytest.raises(ValidationError):
        ev.parse_event(json.dumps(body))


def test_chain_hash_depends_on_prev_and_body():
    at = dict(session="s", seq=1, etype="note", recorded_at="t")
    a = ev.chain_hash(ev.GENESIS, "x", **at)  # type: ignore[arg-type]
    assert a != ev.chain_hash(ev.GENESIS, "y", **at) and a != ev.chain_hash("1" * 64, "x", **at)  # type: ignore[arg-type]
    assert len(a) == 64


def test_a_body_is_the_json_modules_canonical_text_whoever_writes_it():
    """`event_body` writes with orjson when it can: the very text `canonical_json` writes, for
    every code point a note can hold and for every kind of field."""
    from hypothesis import given, settings
    from hypothesis import strategies as st

    text = st.text(st.characters(blacklist_categories=("Cs",)), min_size=1, max_size=12)

    @settings(max_examples=300, deadline=None)
    @given(text, text, st.integers(1, ev.MAX_CHIPS), st.booleans())
    def same(note: str, reason: str, amount: int, up: bool) -> None:
        for event in (ev.Note(text=note), ev.Bet(player="Ann", amount=amount),
                      ev.CardsDealt(to="Ann", cards=["AS", "??"], face_up=up),
                      ev.PotAwarded(shares=[ev.Share(player="Ann", amount=amount)], reason=reason)):
            assert ev.event_body(event) == ev.canonical_json(ev.event_to_dict(event))

    same()
    every = "".join(chr(c) for c in range(1, 0x20000) if not 0xD800 <= c < 0xE000)
    for at in range(0, len(every), 2000):
        note = ev.Note(text=every[at:at + 2000])
        assert ev.event_body(note) == ev.canonical_json(ev.event_to_dict(note))
        assert json.loads(ev.event_body(note))["text"] == note.text


def test_a_type_is_shared_when_its_fields_hold_only_scalars_and_every_event_of_it_does():
    """`parse_typed` decides once per type whether its events can be kept in `SEEN` and shared
    (`_scalars_only`): a type said to be scalar-only has only scalars in every event of every
    sample session, and a type that can hold a list or a mapping is never shared."""
    import glob

    import orjson

    import ledger.games  # noqa: F401  (the game modules declare their own event classes)

    said = {t: ev._scalars_only(m) for t, m in ev._MODEL_OF.items()}
    assert said["call"] and said["declared"] and said["hand_started"] and said["note"]
    assert not (said["cards_dealt"] or said["session_opened"] or said["pot_awarded"] or said["dice_rolled"])
    seen_types: set[str] = set()
    for path in sorted(glob.glob("sample_sessions/*.jsonl")):
        for line in open(path, encoding="utf-8"):
            body = ev.canonical_json(orjson.loads(line)["event"])
            etype = orjson.loads(body)["type"]
            event = ev.parse_typed(etype, body)
            values = {type(v) for v in event.__dict__.values()}
            if said[etype]:
                assert values <= {str, int, bool, type(None)}, (path, body)
            assert (ev.SEEN.get(body) is event) == said[etype], (path, body)
            seen_types.add(etype)
    assert {"call", "cards_dealt", "session_opened"} <= seen_types
