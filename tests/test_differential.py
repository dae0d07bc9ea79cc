"""The differential harness (`benchmarks/differential.py`, issue 24 deliverable 9): the code
makes the very events and state hashes `tests/golden/differential.json` recorded at 63b0dbd.

The default run compares every sample session, the five famous PHH hands and one WSOP
directory, and the fuzz runs of a few games (seed 0); ``-m slow`` compares the whole corpus
(every sample, all 10,088 PHH hands, every game's fuzz runs of the golden's seeds). The
harness itself is checked to notice a changed event and to name it.
"""

from __future__ import annotations

import json
import os
import posixpath
import subprocess
import sys
from pathlib import Path
from typing import Iterator

import pytest

from benchmarks import differential as diff

GOLDEN = json.loads(diff.GOLDEN.read_text(encoding="utf-8"))
FAST_GAMES = ("holdem", "meier")
FAST_PHH = (".", "wsop/2023/43/5")


def _cache(where: Path) -> Iterator[Path]:
    saved = os.environ.get("POTLOG_PHH_CACHE")
    os.environ["POTLOG_PHH_CACHE"] = str(where)
    try:
        yield where
    finally:
        if saved is None:
            os.environ.pop("POTLOG_PHH_CACHE", None)
        else:
            os.environ["POTLOG_PHH_CACHE"] = saved


@pytest.fixture(scope="module")
def fast_phh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Only the fast slice's hands, unpacked from the tarball into a cache of their own."""
    tarball = diff.phh_tarball()
    if tarball is None:
        pytest.skip("no PHH data (shared/phh/ next to the repository)")

    def fast(name: str) -> bool:
        return name.endswith(".phh") and (posixpath.dirname(name.removeprefix("data/")) or ".") in FAST_PHH

    where = tmp_path_factory.mktemp("phh")
    diff.unpack(tarball, where, fast)
    yield from _cache(where)


@pytest.fixture(scope="module")
def all_phh(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    """Every hand: $POTLOG_PHH_CACHE when it holds them, else unpacked once here."""
    if (diff.phh_cache() / "data" / "pluribus").is_dir():
        yield diff.phh_cache()
        return
    tarball = diff.phh_tarball()
    if tarball is None:
        pytest.skip("no PHH data (shared/phh/ next to the repository)")
    where = tmp_path_factory.mktemp("phh-all")
    diff.unpack(tarball, where)
    yield from _cache(where)


def fast_corpus() -> list[diff.Item]:
    return diff.corpus(phh_only=FAST_PHH, seeds=1, games=FAST_GAMES)


def said(golden: dict, result: diff.Result, items: list[diff.Item], base=None) -> tuple[bool, str]:  # type: ignore[no-untyped-def]
    lines: list[str] = []
    ok = diff.compare(golden, result, items, say=lines.append, base=base)
    return ok, "\n".join(lines)


def test_the_golden_file_covers_the_whole_corpus() -> None:
    """Recorded for every sample, every fuzz game and seed, and every PHH directory."""
    groups = GOLDEN["groups"]
    assert GOLDEN["scope"] == {"samples": True, "phh": "all", "seeds": 3, "steps": 60}
    samples = sorted(p.name for p in diff.SAMPLES.iterdir() if p.suffix in (".potlog", ".jsonl"))
    assert sorted(g.removeprefix("sample/") for g in groups if g.startswith("sample/")) == samples
    fuzz = {g for g in groups if g.startswith("fuzz/")}
    assert fuzz == {f"fuzz/{game}/{seed}" for game in diff.game_names() for seed in range(3)}
    assert len([g for g in groups if g.startswith("phh/")]) == 94
    assert GOLDEN["total"] == diff.digest_named([(g, d) for g, (d, _) in groups.items()])
    assert GOLDEN["rows"] == sum(n for _, n in groups.values()) > 250_000


def test_the_fast_slice_is_what_the_golden_recorded(fast_phh: Path) -> None:
    items = fast_corpus()
    result = diff.compute(items)
    assert {"sample/holdem-night.potlog", "phh/.", "phh/wsop/2023/43/5", "fuzz/meier/0"} <= set(result.groups)
    ok, out = said(GOLDEN, result, items)
    assert ok, out
    assert f"{len(result.groups)} of {len(GOLDEN['groups'])} groups compared" in out


def test_a_changed_body_is_named_with_the_first_event_that_differs() -> None:
    """One body of one sample changed (its first bet one chip more): compare names that item
    alone, and the first row that differs, with both bodies."""
    name = "sample/holdem-night.potlog"
    item = next(it for it in diff.corpus(phh=0, seeds=0) if it.name == name)
    first = diff.compute([item], keep=True).rows[name]
    at = next(i for i, r in enumerate(first) if r[2] == "bet")
    body = json.loads(first[at][3])
    changed = json.dumps(dict(body, amount=body["amount"] + 1), sort_keys=True, separators=(",", ":"))

    def perturbed(where: Path) -> list[diff.Row]:
        rows = item.make(where)
        s, seq, etype, body, h = rows[at]
        rows[at] = (s, seq, etype, changed, h)
        return rows

    bad = diff.Item(name, item.group, perturbed)
    other = next(it for it in diff.corpus(phh=0, seeds=0) if it.name == "sample/meier-night.potlog")
    result = diff.compute([bad, other])
    ok, out = said(GOLDEN, result, [bad, other], base=lambda g: {name: first})
    assert not ok
    assert [x for x in out.splitlines() if x.startswith(("DIFFERS", "NEW", "MISSING"))] == [
        x for x in out.splitlines() if x.startswith(f"DIFFERS {name}:")] != []
    assert f"first difference in {name}, row {at}:" in out
    seq = first[at][1]
    assert f"before: session 0 seq {seq} bet {first[at][3]} state" in out and f"now:    session 0 seq {seq} bet {changed} state" in out
    assert "DIFFERENT: 2 of" in out


def test_a_changed_state_hash_differs_too() -> None:
    """Events alike, a state hash changed (a reducer that keeps one more field): named."""
    name = "fuzz/meier/0"
    item = diff.corpus(samples=False, phh=0, seeds=1, games=["meier"])[0]

    def perturbed(where: Path) -> list[diff.Row]:
        rows = item.make(where)
        rows[-1] = (*rows[-1][:4], "0" * 64)
        return rows

    result = diff.compute([diff.Item(name, name, perturbed)])
    ok, out = said(GOLDEN, result, [item])
    assert not ok and f"DIFFERS {name}" in out


def test_an_item_that_fails_is_a_difference_not_the_end() -> None:
    """A sample the code now refuses to run: named with its error, the other items compared."""
    name = "sample/meier-night.potlog"

    def fails(where: Path) -> list[diff.Row]:
        raise RuntimeError("potlog run exited 1: line 3: no game 'meier'")

    other = next(it for it in diff.corpus(phh=0, seeds=0) if it.name == "sample/meier-night.jsonl")
    items = [diff.Item(name, name, fails), other]
    result = diff.compute(items, keep=True)
    assert result.rows[name] == [(-1, 0, "failed", "RuntimeError: potlog run exited 1: line 3: no game 'meier'", "")]
    real = next(it for it in diff.corpus(phh=0, seeds=0) if it.name == name)
    ok, out = said(GOLDEN, result, items, base=lambda g: diff.compute([real], keep=True).rows)
    assert not ok and f"DIFFERS {name}: 1 rows" in out and "DIFFERS sample/meier-night.jsonl" not in out
    assert "now:    session -1 seq 0 failed RuntimeError: potlog run exited 1" in out


def test_compare_exits_1_and_names_the_group_the_golden_disagrees_with(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    """The command: a golden file whose digest of one sample is not what the code makes."""
    golden = dict(GOLDEN, groups=dict(GOLDEN["groups"]))
    d, n = golden["groups"]["sample/meier-night.jsonl"]
    golden["groups"]["sample/meier-night.jsonl"] = ["0" * 64, n]
    path = tmp_path / "golden.json"
    path.write_text(diff.golden_text(golden), encoding="utf-8")
    code = diff.main(["compare", str(path), "--only", "sample/meier-night", "-q", "--base", "no-such-commit"])
    out = capsys.readouterr().out
    assert code == 1
    assert "DIFFERS sample/meier-night.jsonl" in out and "DIFFERS sample/meier-night.potlog" not in out
    assert "no rows from the golden's code" in out  # (no such commit: said, not raised)
    assert diff.main(["compare", str(diff.GOLDEN), "--only", "sample/meier-night", "-q"]) == 0


def test_record_writes_a_golden_compare_reads_and_never_overwrites(tmp_path: Path, capsys) -> None:  # type: ignore[no-untyped-def]
    out = tmp_path / "g.json"
    assert diff.main(["record", str(out), "--phh", "0", "--seeds", "0", "--only", "sample/dice-night-pig", "-q"]) == 0
    made = json.loads(out.read_text(encoding="utf-8"))
    assert set(made["groups"]) == {"sample/dice-night-pig.jsonl", "sample/dice-night-pig.potlog"}
    out.write_text("mine", encoding="utf-8")
    assert diff.main(["record", str(out), "--phh", "0", "--seeds", "0", "--only", "sample/dice-night-pig", "-q"]) == 2
    assert "exists: --force overwrites it" in capsys.readouterr().err
    assert out.read_text(encoding="utf-8") == "mine"
    assert diff.main(["record", str(out), "--force", "--phh", "0", "--seeds", "0", "--only",
                      "sample/dice-night-pig", "-q"]) == 0
    made = json.loads(out.read_text(encoding="utf-8"))
    assert made["groups"] == {g: GOLDEN["groups"][g] for g in made["groups"]} and len(made["groups"]) == 2


def test_phh_n_takes_whole_directories(fast_phh: Path) -> None:
    dirs = diff.phh_dirs(6)
    assert [(d, len(files)) for d, files in dirs] == [(".", 5), ("wsop/2023/43/5", 83)]
    assert [d for d, _ in diff.phh_dirs(5)] == ["."]
    assert diff.phh_dirs(0) == []


@pytest.mark.slow
def test_the_base_explains_the_first_difference_with_the_golden_s_code(tmp_path: Path) -> None:
    """The real path: ``dump`` run on the golden's commit (git archive) gives the rows before."""
    rev = diff.base_commit(diff.GOLDEN)
    if rev is None:
        pytest.skip("no git history")
    then = diff.base_rows(rev, "sample/dice-night-pig.potlog", {"steps": 60})
    now = diff.compute([it for it in diff.corpus(phh=0, seeds=0) if it.name == "sample/dice-night-pig.potlog"],
                       keep=True).rows
    assert list(then) == ["sample/dice-night-pig.potlog"] and then == now


@pytest.mark.slow
def test_the_fuzz_corpus_is_the_same_in_two_processes_with_other_hash_seeds() -> None:
    outs = []
    for seed in ("1", "2"):
        env = dict(__import__("os").environ, PYTHONHASHSEED=seed, PYTHONPATH=str(diff.ROOT))
        done = subprocess.run([sys.executable, "-m", "benchmarks.differential", "dump", "fuzz/holdem/1"],
                              cwd=diff.ROOT, env=env, capture_output=True, text=True, timeout=600)
        assert done.returncode == 0, done.stderr
        outs.append(done.stdout)
    assert outs[0] == outs[1] and len(json.loads(outs[0])["fuzz/holdem/1"]) > 20


@pytest.mark.slow
def test_the_whole_corpus_is_what_the_golden_recorded(all_phh: Path) -> None:
    items = diff.corpus(phh=None, seeds=GOLDEN["scope"]["seeds"], steps=GOLDEN["scope"]["steps"])
    ok, out = said(GOLDEN, diff.compute(items), items)
    assert ok, out
    assert "total equal" in out


@pytest.mark.slow
def test_the_clock_decides_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """The samples and every game's fuzz run (seed 0) on a stopped clock in 2030 make what the
    golden recorded on the wall clock: the time of recording is in no body and no state."""
    import time

    monkeypatch.setattr(time, "time_ns", lambda: 1_900_000_000_000_000_000)
    items = diff.corpus(phh=0, seeds=1)
    ok, out = said(GOLDEN, diff.compute(items), items)
    assert ok, out
