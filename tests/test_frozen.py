"""`ledger.core.frozen`: a class made on first use behaves as ``@dataclass(frozen=True,
kw_only=True)`` does, whichever way it is first touched."""

import copy
import dataclasses
import pickle
from dataclasses import dataclass, field

import pytest

from ledger.core import commands as C
from ledger.core.frozen import frozen


@dataclass(frozen=True, kw_only=True)
class Base:
    pass


def pair(doc: bool = True) -> tuple[type, type]:
    """The same class twice: made by `frozen`, and by `dataclass` at once."""

    def body(ns: dict) -> None:
        ns["__annotations__"] = {"player": str, "cards": tuple, "options": dict, "count": "int | None"}
        ns["cards"] = ()
        ns["options"] = field(default_factory=dict)
        ns["count"] = None
        ns["__module__"] = __name__
        if doc:
            ns["__doc__"] = "A test command."

    import types
    lazy = frozen(types.new_class("Sample", (Base,), {}, body))
    eager = dataclass(frozen=True, kw_only=True)(types.new_class("Sample", (Base,), {}, body))
    return lazy, eager


FIRST_TOUCH = {
    "init": lambda c: c(player="Ann"),
    "fields": lambda c: dataclasses.fields(c),
    "is_dataclass": lambda c: dataclasses.is_dataclass(c),
    "doc": lambda c: c.__doc__,
    "match_args": lambda c: c.__match_args__,
    "params": lambda c: c.__dataclass_params__,
}


@pytest.mark.parametrize("touch", sorted(FIRST_TOUCH))
@pytest.mark.parametrize("doc", [True, False])
def test_same_as_dataclass_whatever_is_touched_first(touch: str, doc: bool) -> None:
    lazy, eager = pair(doc)
    assert "__frozen_pending__" in lazy.__dict__
    FIRST_TOUCH[touch](lazy)
    assert "__frozen_pending__" not in lazy.__dict__
    assert lazy.__doc__ == eager.__doc__
    assert lazy.__match_args__ == eager.__match_args__ == ()
    assert [(f.name, f.type, f.default, f.default_factory, f.kw_only) for f in dataclasses.fields(lazy)] == \
        [(f.name, f.type, f.default, f.default_factory, f.kw_only) for f in dataclasses.fields(eager)]
    assert repr(lazy.__dataclass_params__) == repr(eager.__dataclass_params__)
    a, b = lazy(player="Ann", cards=("AS",)), eager(player="Ann", cards=("AS",))
    assert repr(a) == repr(b) == "Sample(player='Ann', cards=('AS',), options={}, count=None)"
    assert a == lazy(player="Ann", cards=("AS",)) and a != lazy(player="Bob") and a != b
    assert a.options == {} and a.options is not lazy(player="Ann").options  # the factory, per instance
    assert dataclasses.replace(a, count=2).count == 2
    assert dataclasses.asdict(a) == dataclasses.asdict(b)
    with pytest.raises(dataclasses.FrozenInstanceError):
        a.player = "Bob"  # type: ignore[misc]
    with pytest.raises(dataclasses.FrozenInstanceError):
        del a.player  # type: ignore[misc]


@pytest.mark.parametrize("call", [lambda c: c("Ann"), lambda c: c(), lambda c: c(player="Ann", colour=1)])
def test_refused_arguments_say_what_dataclass_says(call) -> None:
    lazy, eager = pair()
    with pytest.raises(TypeError) as lazy_err:
        call(lazy)
    with pytest.raises(TypeError) as eager_err:
        call(eager)
    assert str(lazy_err.value) == str(eager_err.value)


def test_hash_of_a_frozen_command_is_the_dataclass_hash() -> None:
    lazy, eager = pair()
    Flat = frozen(type("Flat", (Base,), {"__annotations__": {"player": str, "amount": int}, "__module__": __name__}))
    assert hash(Flat(player="Ann", amount=3)) == hash(("Ann", 3))
    assert len({Flat(player="Ann", amount=3), Flat(player="Ann", amount=3)}) == 1
    with pytest.raises(TypeError, match="unhashable type: 'dict'"):
        hash(lazy(player="Ann"))  # its dict field, as the dataclass says


def test_copied_and_unpickled_instances_compare_and_hash() -> None:
    bet = C.Bet(player="Ann", amount=5)
    assert pickle.loads(pickle.dumps(bet)) == bet
    assert copy.deepcopy(bet) == bet and hash(copy.copy(bet)) == hash(bet)
    match bet:
        case C.Bet(player="Ann", amount=amount):
            assert amount == 5
        case _:
            pytest.fail("no match")


def test_a_subclass_made_at_once_makes_its_frozen_base() -> None:
    lazy, _ = pair()

    @dataclass(frozen=True, kw_only=True)
    class More(lazy):  # type: ignore[misc, valid-type]
        extra: int = 0

    assert [f.name for f in dataclasses.fields(More)] == ["player", "cards", "options", "count", "extra"]
    assert More(player="Ann", extra=1) == More(player="Ann", extra=1)


def test_a_base_that_is_no_dataclass_is_refused() -> None:
    with pytest.raises(TypeError, match="is not a dataclass"):
        frozen(type("Bad", (Exception,), {}))


def test_every_command_is_a_frozen_keyword_only_dataclass() -> None:
    for cls in C.COMMANDS:
        assert dataclasses.is_dataclass(cls)
        params = cls.__dataclass_params__  # type: ignore[attr-defined]
        assert params.frozen and all(f.kw_only for f in dataclasses.fields(cls)), cls


@pytest.mark.parametrize("frozen_", [False, True])
def test_later_is_the_dataclass_with_its_parameters(frozen_: bool) -> None:
    from ledger.core.frozen import later

    def make(decorate):
        ns = {"__annotations__": {"name": str, "seen": list}, "seen": field(default_factory=list),
              "__module__": __name__}
        return decorate(type("Row", (), ns))

    lazy, eager = make(later(frozen=frozen_)), make(dataclass(frozen=frozen_))
    a, b = lazy("Ann"), eager("Ann")  # positional, as a dataclass that is not kw_only takes
    assert repr(a) == repr(b) == "Row(name='Ann', seen=[])"
    assert a == lazy("Ann", []) and a != lazy("Bob") and lazy.__doc__ == eager.__doc__ == \
        "Row(name: str, seen: list = <factory>)"
    assert (lazy.__hash__ is None) == (eager.__hash__ is None) == (not frozen_)
    if frozen_:
        with pytest.raises(dataclasses.FrozenInstanceError):
            a.name = "Bob"  # type: ignore[misc]
    else:
        a.name = "Bob"
        assert a.name == "Bob" and a != lazy("Ann")
        with pytest.raises(TypeError, match="unhashable type: 'Row'"):
            hash(a)


def test_an_instance_met_before_its_class_is_made_is_unhashable_as_a_dataclass_says() -> None:
    from ledger.core.frozen import later

    Row = later()(type("Row", (), {"__annotations__": {"name": str}, "__module__": __name__}))
    row = object.__new__(Row)  # as pickle and copy make one: no __init__
    with pytest.raises(TypeError, match="unhashable type: 'Row'"):
        hash(row)
    row.name = "Ann"
    assert repr(row) == "Row(name='Ann')"



def test_a_module_later_is_imported_on_first_use_and_then_is_the_module_itself(tmp_path, monkeypatch) -> None:
    import sys
    import threading

    from ledger.core.frozen import module_later

    (tmp_path / "later_sample.py").write_text("import time\ntime.sleep(0.05)\nVALUE = [42]\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "later_sample", raising=False)
    scope: dict = {}
    scope["sample"] = module_later("later_sample", scope, "sample")
    assert "later_sample" not in sys.modules and "imported on first use" in repr(scope["sample"])
    stand_in, got = scope["sample"], []
    readers = [threading.Thread(target=lambda: got.append(stand_in.VALUE)) for _ in range(4)]
    for t in readers:
        t.start()
    for t in readers:
        t.join()
    module = sys.modules["later_sample"]
    assert scope["sample"] is module and got == [[42]] * 4 and all(v is module.VALUE for v in got)  # made once
    assert stand_in.VALUE is module.VALUE  # a stand-in someone kept still answers
    monkeypatch.delitem(sys.modules, "later_sample")


def test_a_generic_subclass_of_a_dataclass_is_made_later_as_the_dataclass_is() -> None:
    from typing import Generic, TypeVar

    from ledger.core.frozen import later

    T = TypeVar("T")

    @dataclass(frozen=True)
    class Box(Generic[T]):
        item: T

    def sub() -> type:
        import types

        def body(ns: dict) -> None:
            ns.update({"__annotations__": {"tag": str}, "tag": "", "__module__": __name__})

        return types.new_class("Tagged", (Box[int],), {}, body)

    lazy, eager = later(frozen=True)(sub()), dataclass(frozen=True)(sub())
    assert "__frozen_pending__" in lazy.__dict__
    assert repr(lazy(1, "x")) == repr(eager(1, "x")) == "Tagged(item=1, tag='x')"
    assert lazy(1) == lazy(1) and hash(lazy(1)) == hash(eager(1)) and lazy.__doc__ == eager.__doc__


def test_make_all_makes_every_waiting_class_and_loads_every_waiting_module(tmp_path, monkeypatch) -> None:
    """What the live prompt does before its first line, so that no line pays for a first use."""
    import sys

    from ledger.core.frozen import later, make_all, module_later

    @later(frozen=True)
    class Waiting:
        n: int = 1

    (tmp_path / "later_sample2.py").write_text("VALUE = 7\n")
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "later_sample2", raising=False)
    scope: dict = {}
    scope["sample"] = module_later("later_sample2", scope, "sample")
    assert "__frozen_pending__" in Waiting.__dict__ and "later_sample2" not in sys.modules
    make_all()
    assert "__frozen_pending__" not in Waiting.__dict__ and "__dataclass_fields__" in Waiting.__dict__
    assert scope["sample"] is sys.modules["later_sample2"] and scope["sample"].VALUE == 7
    assert Waiting() == Waiting(n=1) and repr(Waiting()) == "test_make_all_makes_every_waiting_class_and_loads_every_waiting_module.<locals>.Waiting(n=1)"
    monkeypatch.delitem(sys.modules, "later_sample2")
