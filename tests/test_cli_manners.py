"""What a user expects of any command-line tool, and one way of telling the story: --version,
shell completion, colour only on a colour terminal, -h everywhere, help without type noise or
lines broken mid-sentence, session names never cut, cards spelled one way, declarations as
sentences, option values refused naming the choices."""

from __future__ import annotations

import io
import os
import re
import shutil
import sys

import pytest

from ledger import events as ev
from ledger.describe import describe
from ledger.errors import InputError
from ledger.games import get_ruleset
from ledger.core.options import validate_options

ANSI = re.compile(r"\x1b\[[0-9;]*m")

HAND = """\
new freeform --name fri -p Ann=100 -p Ben=100
hand
deal Ann 9H KS --up
deal Ben -n 2
bet Ann 10
call Ben
award Ann
"""


# ----------------------------------------------------------------------------- --version, completion

def test_version(potlog):
    from ledger import __version__

    r = potlog("--version")
    assert r.output == f"potlog {__version__}\n"


def test_version_matches_the_package_metadata_when_installed():
    from importlib import metadata

    from ledger import __version__

    try:
        installed = metadata.version("potlog")
    except metadata.PackageNotFoundError:  # pragma: no cover - running from a checkout
        pytest.skip("potlog is not installed")
    assert installed == __version__


def test_shell_completion_is_offered_and_completes_commands_words_and_options(potlog, monkeypatch, capsys):
    r = potlog("--help")
    assert "--install-completion" in r.output and "--show-completion" in r.output
    assert "_POTLOG_COMPLETE" in potlog("--show-completion", "bash").output
    from cli.main import main

    for words, cword, expected in (("potlog sta", "1", {"state", "stand", "stands", "stats"}),
                                   ("potlog state --al", "2", {"--all-cards"}),
                                   ("potlog scoreca", "1", {"scorecard"})):
        monkeypatch.setenv("_POTLOG_COMPLETE", "complete_bash")
        monkeypatch.setenv("COMP_WORDS", words)
        monkeypatch.setenv("COMP_CWORD", cword)
        with pytest.raises(SystemExit) as done:
            main([])
        assert done.value.code == 0
        assert set(capsys.readouterr().out.split()) == expected


# ----------------------------------------------------------------------------- help

def _all_commands() -> list[str]:
    from cli.common import app
    from cli.words import words_by_name
    from typer.main import get_command_name

    core = [c.name or get_command_name(c.callback.__name__) for c in app.registered_commands if c.callback]
    return core + sorted(words_by_name())[:3]


def test_dash_h_is_help_everywhere_and_help_has_no_type_noise(potlog):
    for name in _all_commands():
        r = potlog(name, "-h")
        assert r.exit_code == 0 and "Usage" in r.output, name
        for noise in ("<bool>", "<str>", "<int", "{"):
            assert noise not in r.output.split("Options")[0 if noise == "{" else -1], (name, noise)
    top = potlog("-h").output
    assert "<bool>" not in top and "--version" in top


def test_dash_h_still_works_after_a_run_file_ran_the_command(potlog, tmp_path):
    potlog.run_script("new freeform --name x -p Ann=10 -p Ben=10\nstate\n", tmp_path)
    for name in ("new", "state"):
        assert "Usage: potlog " + name in potlog(name, "-h").output


def test_flags_show_no_value_and_values_show_their_kind(potlog):
    out = potlog("deal", "--help").output
    up = next(line for line in out.splitlines() if line.startswith("│ --up"))
    count = next(line for line in out.splitlines() if line.startswith("│ --count"))
    assert "<" not in up and "BOOL" not in up.upper().replace("--UP", "")
    assert "INTEGER" in count
    assert "Usage: potlog deal [OPTIONS] TO [CARDS]..." in out


def _help(potlog, *args: str, columns: int = 400) -> str:
    from conftest import invoke

    return invoke(potlog.runner, [*args, "--help"], env={"POTLOG_DB": potlog.db, "COLUMNS": str(columns)}).output


def test_command_help_keeps_sentences_whole(potlog):
    top = _help(potlog)
    # the first paragraph of a docstring written over several lines reads as one line
    assert re.search(r"verify +Check that the stored log is what was written: seq numbers gapless from 1, every "
                     r"event chained to the one before by its hash", top)
    assert re.search(r"settle +Who pays whom, from each player's net result, in as few payments as possible: "
                     r"the proven fewest", top)
    assert re.search(r" Close the session: everyone still seated cashes out, and nothing more can be "
                     r"recorded\.", _help(potlog, "close"))
    own = _help(potlog, "verify")
    assert "Names the first broken link (an edited, missing, reordered or inserted event) by its seq" in own
    lines = [ANSI.sub("", x).strip(" │") for x in top.splitlines()]
    assert not any(x in ("event", "first", "its", "checked", "proven", "beyond", "off", "and", "the") for x in lines)


# ----------------------------------------------------------------------------- colour

def _table(potlog, tmp_path):
    potlog.run_script(HAND, tmp_path)
    led = potlog.ledger()
    try:
        return led.state("fri")
    finally:
        led.close()


def _printed(state, *, terminal: bool, monkeypatch, no_color: bool = False) -> str:
    from rich.console import Console

    from cli.render import render_state

    if no_color:
        monkeypatch.setenv("NO_COLOR", "1")
    else:
        monkeypatch.delenv("NO_COLOR", raising=False)
    buf = io.StringIO()
    Console(file=buf, force_terminal=terminal, color_system="standard" if terminal else None, width=100,
            highlight=False, emoji=False).print(render_state(state, all_cards=True))
    return buf.getvalue()


def test_red_suits_and_red_losses_on_a_colour_terminal(potlog, tmp_path, monkeypatch):
    state = _table(potlog, tmp_path)
    out = _printed(state, terminal=True, monkeypatch=monkeypatch)
    assert "\x1b[31m9H" in out  # hearts red
    assert re.search(r"KS", out) and "\x1b[31mKS" not in out  # spades in the terminal's own colour
    assert re.search(r"\x1b\[31m\s*-10", out)  # Ben's loss
    assert not re.search(r"\x1b\[31m\s*\+10", out)


def test_no_colour_when_piped_or_no_color_is_set(potlog, tmp_path, monkeypatch):
    state = _table(potlog, tmp_path)
    assert "\x1b[" not in _printed(state, terminal=False, monkeypatch=monkeypatch)
    assert "\x1b[31m" not in _printed(state, terminal=True, monkeypatch=monkeypatch, no_color=True)
    assert "\x1b[" not in potlog("state", "--all-cards").output  # the runner is no terminal


@pytest.mark.skipif(shutil.which("potlog") is None or sys.platform == "win32", reason="needs the installed potlog")
def test_a_real_terminal_gets_colour_and_no_color_turns_it_off(potlog, tmp_path):
    pexpect = pytest.importorskip("pexpect")
    potlog.run_script(HAND, tmp_path)
    env = {k: v for k, v in os.environ.items() if k not in ("NO_COLOR", "FORCE_COLOR", "TERM", "COLUMNS")}
    env.update(POTLOG_DB=potlog.db, TERM="xterm-256color", COLUMNS="100")

    def shown(extra: dict[str, str]) -> str:
        child = pexpect.spawn("potlog", ["state", "--all-cards"], env={**env, **extra}, encoding="utf-8",
                              dimensions=(40, 100), timeout=30)
        text = child.read()
        child.close()
        assert child.exitstatus == 0, text
        return text

    coloured = shown({})
    assert re.search(r"\x1b\[[0-9;]*31m9H", coloured)
    plain = shown({"NO_COLOR": "1"})
    assert "9H" in plain and not re.search(r"\x1b\[[0-9;]*31m", plain)
    import subprocess

    piped = subprocess.run(["potlog", "state", "--all-cards"], env=env, capture_output=True, text=True, timeout=60)
    assert "9H" in piped.stdout and "\x1b[" not in piped.stdout


# ----------------------------------------------------------------------------- sessions

def test_sessions_never_cuts_the_name_use_needs():
    from rich.console import Console

    from cli.render import sessions_table
    from ledger.store import SessionInfo

    long = "friday-night-at-the-long-table-of-ben-2026-11-20"
    infos = [SessionInfo(long, "freeform", "a title that goes on for quite a while", 12, "2026-11-20T19:00:00",
                         "2026-11-20T23:59:00", False),
             SessionInfo("short", "bluecher", "", 3, "2026-11-21T19:00:00", "2026-11-21T20:00:00", True)]
    for width in (160, 100, 80, 60, 54):
        buf = io.StringIO()
        Console(file=buf, width=width).print(sessions_table(infos, "short", width))
        out = buf.getvalue()
        assert long in out and "…" not in out.split(long)[0].splitlines()[-1], (width, out)
        assert max(len(x) for x in out.splitlines()) <= width
    buf = io.StringIO()
    Console(file=buf, width=120).print(sessions_table(infos, "short", 120))
    assert "freeform" in buf.getvalue() and "open" in buf.getvalue()
    buf = io.StringIO()  # narrower than the name itself: folded onto two lines, never shortened
    Console(file=buf, width=30).print(sessions_table(infos, None, 30))
    assert long in "".join(x.strip(" │") for x in buf.getvalue().splitlines()[2:4])


# ----------------------------------------------------------------------------- one story

def test_cards_print_one_way_in_state_log_and_replay(potlog, tmp_path):
    potlog.run_script(HAND, tmp_path)
    for args in (("state", "--all-cards"), ("log",), ("replay", "--to", "6", "--all-cards"),
                 ("replay", "--hand", "1", "--all-cards")):
        out = potlog(*args).output
        assert "9H" in out and "KS" in out, args
        assert not re.search("[♠♥♦♣]", out), (args, out)


@pytest.mark.parametrize("event,text", [
    (ev.Declared(player="Ben", name="hole", value="??"), "Ben places a hole card"),
    (ev.Declared(player="Ben", name="hole", value="KS"), "Ben places a hole card (KS)"),
    (ev.Declared(player="Cy", name="stand"), "Cy stands"),
    (ev.Declared(player="Cy", name="stop"), "Cy stops"),
    (ev.Declared(player="Ann", name="pass"), "Ann passes"),
    (ev.Declared(player="Ann", name="bid", value=3), "Ann bids 3"),
    (ev.Declared(player="Ann", name="bid", value="2 sixes"), "Ann bids 2 sixes"),
    (ev.Declared(player="Ann", name="claim", value="65"), "Ann claims 65"),
    (ev.Declared(player="Ann", name="taken", value=1), "Ann took 1 trick"),
    (ev.Declared(player="Ann", name="taken", value=4), "Ann took 4 tricks"),
    (ev.Declared(player="Ann", name="dice", value=3), "Ann declares 3 dice"),
    (ev.Declared(player="Ann", name="lives-left", value=1), "Ann has 1 life left"),
    (ev.Declared(player=None, name="next-dealer", value="Ben"), "Ben deals next"),
    (ev.Declared(player="Ann", name="weather", value="fine"), "Ann declares weather fine"),
    (ev.Declared(player=None, name="wild-card", value="2"), "the table declares wild card 2"),
    (ev.Declared(player="Ann", name="stand", ruling="late"), "Ann stands  [table ruling: late]"),
])
def test_declarations_read_as_sentences(event, text):
    assert describe(event) == text


def test_the_log_says_hole_card_not_declares_hole(potlog, tmp_path):
    potlog.run_script("new bluecher --name bl -p Ann=50 -p Ben=50 -p Cy=50\nhand --dealer Ann\ndeal all -n 3\n"
                      "declare Ben dice 2\ndeclare Ben limit 4\nhole Ben\n", tmp_path)
    out = potlog("log").output
    hole = out.splitlines()[-1]
    assert hole.endswith("Ben places a hole card") and "declares hole" not in out


def test_a_bad_option_value_names_the_choices(potlog):
    r = potlog("new", "freeform", "-p", "Ann=10", "-o", "pack=italian40x", ok=False)
    assert r.exit_code == 1
    assert "pack must be one of french52, french54," in r.output and "italian40x" in r.output
    assert "pattern" not in r.output and "^(" not in r.output


@pytest.mark.parametrize("game,raw,says", [
    ("pig", {"variant": "hogs"}, "option variant must be one of pig, big-pig, hog, not hogs"),
    ("freeform", {"dice_sides": "1"}, "option dice_sides must be at least 2, not 1"),
    ("freeform", {"dice_sides": "many"}, "option dice_sides must be a whole number, not many"),
    ("freeform", {"pack": "italian40x"}, "option pack must be one of french52, french54, "),
])
def test_option_errors_are_sentences(game, raw, says):
    with pytest.raises(InputError) as exc:
        validate_options(get_ruleset(game).options, raw, game)
    assert says in str(exc.value)


def test_sessions_never_cuts_the_name_use_needs(potlog):
    long = "a-long-session-name-for-the-friday-dealers-choice-at-anns"
    potlog("new", "freeform", "-p", "Ann=10", "--name", long, "--title", "x" * 80)
    out = potlog("sessions").output
    assert long in out
    potlog("use", long)
