"""Same events, same state hash, in any process: every sample session is folded in separate
processes under several PYTHONHASHSEED values, from scratch and through a snapshot."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap

from tests.conftest import ROOT, SAMPLES

FOLD_ALL = textwrap.dedent("""
    import json, sys, tempfile
    from pathlib import Path
    from ledger.app import Ledger
    from ledger.state import state_hash

    out = {}
    with tempfile.TemporaryDirectory() as tmp:
        for i, path in enumerate(sys.argv[1:]):
            led = Ledger.open(str(Path(tmp) / f"{i}.db"))
            result = led.import_lines(Path(path).read_text(encoding="utf-8").splitlines())
            for sid in result.added:
                scratch = state_hash(led.fold_session(sid))
                first = state_hash(led.state(sid))   # may write a snapshot
                cached = state_hash(led.state(sid))  # may read it
                halfway = state_hash(led.state(sid, led.store.last_seq(sid) // 2))
                out[sid] = [scratch, first, cached, halfway, led.store.last_hash(sid)]
            led.close()
    print(json.dumps(out, sort_keys=True))
""")

SEEDS = ("0", "1", "42", "4242424")


def _fold_in_process(seed: str, files: list[str]) -> dict:
    env = {**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(ROOT)}
    out = subprocess.run([sys.executable, "-c", FOLD_ALL, *files], env=env, capture_output=True, text=True,
                         check=False, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def test_every_sample_session_folds_to_the_same_hash_under_any_hash_seed():
    files = sorted(str(p) for p in SAMPLES.glob("*.jsonl"))
    assert files, "no sample sessions"
    runs = {seed: _fold_in_process(seed, files) for seed in SEEDS}
    first = runs[SEEDS[0]]
    assert len(first) == len(files)
    for sid, (scratch, via_state, cached, _half, _head) in first.items():
        assert scratch == via_state == cached, sid  # the snapshot path agrees with a fold from scratch
    for seed, result in runs.items():
        assert result == first, f"PYTHONHASHSEED={seed} folds differently"


def test_a_generated_archive_folds_the_same_under_any_hash_seed(tmp_path):
    from benchmarks.workload import archive_rows, jsonl_line

    path = tmp_path / "archive.jsonl"
    path.write_text("\n".join(jsonl_line(r) for r in archive_rows(4000, seed=21)) + "\n", encoding="utf-8")
    here = _fold_in_process("7", [str(path)])
    there = _fold_in_process("123", [str(path)])
    assert here == there and len(here) >= 2
