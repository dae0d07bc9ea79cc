"""Jellyfish MAT interchange: GNU Backgammon's games (``../shared/backgammon``, the referee)
imported through the backgammon rules, every result and score equal to the file's; exported
back and read again; refused with the game, the move and the reason when a file breaks the
rules; and read by gnubg itself where it is installed."""

from __future__ import annotations

import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from benchmarks import mat as bench
from ledger import events as ev
from ledger.mat.play import replay
from ledger.mat.read import MatError, loads
from ledger.mat.write import session_mat

SAMPLE = ["matches/match001.mat", "matches/match005.mat", "matches/match006.mat", "matches/match015.mat",
          "matches/match025.mat", "matches/match032.mat", "matches/match040.mat", "matches/match044.mat",
          "matches/match063.mat", "matches/match079.mat", "matches/match100.mat", "money/money001.mat",
          "money/money002.mat", "money/money061.mat", "money/money080.mat"]
"""Matches to 1, 3, 5, 7, 9 and 11 and money sessions, with gammons, backgammons, drops,
resignations, cubes of 8 and more, hits and entering from the bar."""
GNUBG = "/usr/games/gnubg"


def _unpack(tmp_path_factory: pytest.TempPathFactory, names: list[str] | None) -> list[Path]:
    if bench.tarball() is None:
        pytest.skip("no MAT data (shared/backgammon/ next to the repository)")
    return bench.unpack(tmp_path_factory.mktemp("mat"), names)


@pytest.fixture(scope="module")
def sample(tmp_path_factory: pytest.TempPathFactory) -> list[Path]:
    files = _unpack(tmp_path_factory, SAMPLE)
    assert len(files) == len(SAMPLE)
    return files


def results(log: list[tuple[int, ev.Event]]) -> list[tuple[str, int]]:
    return [(e.player, e.points) for _, e in log if isinstance(e, ev.Scored)]


def file_results(text: str) -> tuple[list[tuple[str, int]], list[tuple[int, int]]]:
    """What the file says, read without potlog: each game's winner and points (by the column
    of its "Wins" line) and each game's opening score line."""
    names = re.search(r"^ (\S+) : \d+\s+(\S+) : \d+", text, re.M)
    assert names is not None
    wins = [(names.group(1) if len(m.group(1)) < 20 else names.group(2), int(m.group(2)))
            for m in re.finditer(r"^(.*?)Wins (\d+) points?", text, re.M)]
    scores = [(int(a), int(b)) for a, b in re.findall(r"^ \S+ : (\d+)\s+\S+ : (\d+)", text, re.M)]
    return wins, scores


def check_file(path: Path) -> list[tuple[int, ev.Event]]:
    text = path.read_text(encoding="utf-8")
    log: list[tuple[int, ev.Event]] = []
    state = replay(text, log)
    wins, scores = file_results(text)
    assert results(log) == wins, path
    a, b = loads(text).players
    running = [(0, 0)]
    for who, points in wins:
        last = running[-1]
        running.append((last[0] + points, last[1]) if who == a else (last[0], last[1] + points))
    assert running[:-1] == scores, path                   # every game's score line is the running score
    assert (state.scores.get(a, 0), state.scores.get(b, 0)) == running[-1]
    cubes = [int(v) for v in re.findall(r"Doubles => (\d+)", text)]
    assert [e.value for _, e in log if isinstance(e, ev.Declared) and e.name == "double"] == cubes
    return log


def test_a_sample_of_gnubgs_games_imports_every_result_and_score_as_the_file_says(sample):
    games = 0
    for path in sample:
        log = check_file(path)
        games += sum(isinstance(e, ev.HandEnded) for _, e in log)
    assert games >= 60


@pytest.mark.slow
def test_every_mat_file_of_the_referee_imports(tmp_path_factory):
    files = _unpack(tmp_path_factory, None)
    assert len(files) == 380
    assert sum(sum(isinstance(e, ev.HandEnded) for _, e in check_file(f)) for f in files) > 1500


def test_exported_and_read_again_the_same_moves_and_results(sample):
    for path in sample:
        text = path.read_text(encoding="utf-8")
        log: list[tuple[int, ev.Event]] = []
        replay(text, log)
        out = session_mat(log)
        theirs = [line.rstrip() for line in text.splitlines() if line.strip() and not line.startswith(";")]
        assert [line.rstrip() for line in out.splitlines() if line.strip()] == theirs, path  # gnubg's own layout
        again: list[tuple[int, ev.Event]] = []
        replay(out, again)
        assert [e for _, e in again] == [e for _, e in log]


def _broken(sample: list[Path], old: str, new: str) -> str:
    text = sample[0].read_text(encoding="utf-8")
    assert old in text
    return text.replace(old, new, 1)


def test_an_illegal_move_is_refused_with_the_game_the_move_and_why(sample):
    text = _broken(sample, "  1) 62: 24/18 13/11 ", "  1) 62: 24/18 13/10 ")  # match001: game 2, move 1
    with pytest.raises(MatError, match=r"game 2, move 1 \(line 22\): gnubg's 24/18 13/10: that is 9 pips and 6-2 "
                                       r"moves 8"):
        replay(text)


def test_a_wrong_wins_line_or_score_line_is_refused(sample):
    with pytest.raises(MatError, match="game 1: the file says root wins 3, the rules give root wins 2"):
        replay(_broken(sample, "Wins 2 points", "Wins 3 points"))
    with pytest.raises(MatError, match="game 2: the file's score is 0-1, the rules give 0-2"):
        replay(_broken(sample, " gnubg : 0                      root : 2", " gnubg : 0                      root : 1"))


def test_a_roll_played_as_nothing_must_have_no_legal_move(sample):
    with pytest.raises(MatError, match="game 2, move 1 .*: gnubg rolled 62 and played nothing, but has a legal move"):
        replay(_broken(sample, "  1) 62: 24/18 13/11 ", "  1) 62: "))


def test_a_line_potlog_cannot_read_is_named():
    with pytest.raises(MatError, match="line 5: potlog does not read 'Beavers'"):
        loads(" 1 point match\n\n Game 1\n a : 0      b : 0\n  1)  Beavers\n")
    with pytest.raises(MatError, match="no 'N point match' line"):
        loads("")


def test_import_a_file_and_a_directory_then_state_and_export_from_the_cli(potlog, sample, tmp_path):
    out = potlog("import", str(sample[0]), "--use").output
    assert "1 match(es) imported (3 games)" in out
    assert "0 match(es) imported (0 games), 1 skipped" in potlog("import", str(sample[0])).output  # the same file
    final = replay(sample[0].read_text(encoding="utf-8")).scores
    data = json.loads(potlog("state", "--json").output)
    score = next(r["value"] for r in data["game_view"] if r["label"] == "score")
    assert data["game"] == "backgammon" and score == f"gnubg {final['gnubg']} · root {final['root']} (match to 7)"
    assert "rules kept" in potlog("verify", "--rules").output
    target = tmp_path / "out.mat"
    potlog("export", "-f", "mat", "--out", str(target))
    assert target.read_text().startswith(" 7 point match\n")
    folder = tmp_path / "dir"
    folder.mkdir()
    for f in sample[1:3]:
        shutil.copy(f, folder / f.name)
    assert "2 match(es) imported" in potlog("import", str(folder)).output
    bad = tmp_path / "bad.mat"
    bad.write_text(_broken(sample, "Wins 2 points", "Wins 3 points"))
    result = potlog("import", str(bad), ok=False)
    assert result.exit_code == 1 and "the file says root wins 3" in result.output


def test_the_cli_records_a_game_in_the_words_a_recorder_types(potlog):
    potlog("new", "backgammon", "-p", "Ann=20", "-p", "Ben=20", "-o", "stake=2")
    potlog("hand")
    potlog("roll", "Ann", "6", "1")
    potlog("move", "Ann", "13/7", "8/7")
    potlog("roll", "Ben", "6", "5")
    result = potlog("move", "Ben", "24/18", "18/13", ok=False)
    assert result.exit_code == 1 and result.output.strip().endswith("Ben's 24/18 is blocked: Ann holds 18")
    result = potlog("move", "Ben", "13/2", "--up", ok=False)
    assert result.exit_code == 1 and "--count, --bottom, --up and --down are for cards" in result.output
    potlog("move", "Ben", "13/2")
    potlog("double", "Ann")
    potlog("drop", "Ben")
    data = json.loads(potlog("state", "--json").output)
    stacks = {s["name"]: s["stack"] for s in data["seats"]}
    assert stacks == {"Ann": 22, "Ben": 18}
    assert "Ann (X)" in potlog("state").output
    assert "Ben pays Ann 2" in potlog("settle").output and potlog("audit").exit_code == 0
    potlog("new", "backgammon", "-p", "Cy=0", "-p", "Di=0", "-o", "rules=willughby")
    refused = potlog("export", "-f", "mat", ok=False)
    assert refused.exit_code == 1 and "MAT holds matches of the modern backgammon" in refused.output


def test_potlog_play_records_a_game_and_says_what_is_legal(potlog):
    potlog("new", "backgammon", "-p", "Ann=20", "-p", "Ben=20", "-o", "match=3")
    out = potlog("play", input="hand\nroll Ann 6 6\nroll Ann 6 4\nmove Ann 24/14\ndouble Ben\ntake Ann\n"
                               "roll Ben 6 1\nmove Ben 13/7 8/7\n").output
    assert "the opening roll is never a double" in out
    assert "next: Ben: roll, double" in out and "cube: 2, Ann owns it" in out
    assert "next: Ann: roll, double — rolls or doubles to 4" in out


@pytest.mark.skipif(not Path(GNUBG).exists(), reason="gnubg is not installed (apt-get install gnubg)")
def test_gnubg_reads_potlogs_mat_export_and_reports_the_final_score(sample, tmp_path):
    path = next(p for p in sample if p.name == "match040.mat")
    log: list[tuple[int, ev.Event]] = []
    state = replay(path.read_text(encoding="utf-8"), log)
    exported = tmp_path / "potlog.mat"
    exported.write_text(session_mat(log))
    (tmp_path / "home").mkdir()
    commands = f"import mat {exported}\nshow score\n"
    done = subprocess.run([GNUBG, "-t", "-q"], input=commands, capture_output=True, text=True, timeout=120,
                          cwd=tmp_path, env={"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"})
    said = re.search(r"The score \(after (\d+) games?\) is: gnubg (\d+), root (\d+)", done.stdout)
    assert said is not None, done.stdout[-2000:]
    games = sum(isinstance(e, ev.HandEnded) for _, e in log)
    assert (int(said.group(1)), int(said.group(2)), int(said.group(3))) == \
        (games, state.scores.get("gnubg", 0), state.scores.get("root", 0))
