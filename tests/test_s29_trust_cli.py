"""Session 29, the attack on input and output (s29-trustB): what it found in the command line,
each pinned here (every test failed before its fix)."""

from __future__ import annotations

from pathlib import Path

import pytest


@pytest.mark.parametrize("line", ["serve", "serve --port 0"])
def test_serve_inside_run_is_refused_not_left_serving(line: str, potlog, tmp_path: Path,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    """A 'serve' line of a run file (or of the play prompt) served until Ctrl-C, the run (and its
    write transaction) held under it; it is refused as 'play' without arguments is."""
    import ledger.web.server as server

    served: list[object] = []
    monkeypatch.setattr(server, "serve", lambda *args, **kw: served.append(args))  # not to block if it were started
    r = potlog.run_script(f"new freeform --name r -p Ann=100 -p Ben=100\n{line}\nnote after\n", tmp_path, ok=False)
    assert not served
    assert r.exit_code == 2
    assert "line 2: 'serve' runs until Ctrl-C" in r.output and "not inside 'potlog run'" in r.output
    assert "note after" not in r.output


def test_serve_in_the_play_prompt_is_refused_and_the_prompt_goes_on(potlog, monkeypatch: pytest.MonkeyPatch) -> None:
    import ledger.web.server as server

    served: list[object] = []
    monkeypatch.setattr(server, "serve", lambda *args, **kw: served.append(args))
    potlog("new", "freeform", "--name", "p", "-p", "Ann=100", "-p", "Ben=100")
    r = potlog("play", input="serve\nnote still here\n", ok=False)
    assert not served
    assert "'serve' runs until Ctrl-C" in r.output and "note: still here" in r.output


@pytest.mark.parametrize("name, text, command", [
    ("bad.phh", 'variant = "XX"\n', "import-phh"),
    ("bad.phh", 'variant = "XX"\n', "import"),
    ("bad.mat", "not a match\n", "import"),
])
def test_a_refused_phh_or_mat_import_is_one_line_on_stderr(name: str, text: str, command: str, potlog,
                                                           tmp_path: Path) -> None:
    """The progress bar (rich's, transient) ended with a line break when stderr is not a
    terminal: a blank line before the refusal's one line."""
    bad = tmp_path / name
    bad.write_text(text, encoding="utf-8")
    r = potlog(command, str(bad), ok=False)
    assert r.exit_code == 1
    assert r.stderr.startswith("potlog: refused ") and r.stderr.count("\n") == 1, repr(r.stderr)


def test_a_phh_import_from_a_script_writes_nothing_but_its_summary(potlog, tmp_path: Path) -> None:
    hand = tmp_path / "h.phh"
    hand.write_text('variant = "NT"\nante_trimming_status = true\nantes = [0, 0]\nblinds_or_straddles = [1, 2]\n'
                    'min_bet = 2\nstarting_stacks = [100, 100]\nactions = ["d dh p1 AsKs", "d dh p2 7h2d", '
                    '"p2 f"]\nplayers = ["Ann", "Ben"]\n', encoding="utf-8")
    r = potlog("import-phh", str(hand))
    assert r.stderr == ""
    assert r.stdout.startswith("1 hand(s) imported")


def test_an_empty_phh_file_says_it_names_no_variant(potlog, tmp_path: Path) -> None:
    empty = tmp_path / "empty.phh"
    empty.write_text("", encoding="utf-8")
    r = potlog("import-phh", str(empty), ok=False)
    assert r.exit_code == 1 and "None" not in r.stderr
    assert "names no variant" in r.stderr and "NT" in r.stderr
