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


def test_seal_out_dash_is_stdout_not_a_file_named_dash(potlog, own_keys, tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    """'seal -o -' wrote a file called '-' (and refused the next time: "-" exists, "or '-' for
    stdout"); '-' is stdout, as for export and report."""
    monkeypatch.chdir(tmp_path)
    potlog("new", "freeform", "--name", "s", "-p", "Ann=100", "-p", "Ben=100")
    for _ in range(2):
        r = potlog("seal", "-o", "-")
        assert r.stdout.count("potlog-seal/1 session=s ") == 1
    assert not (tmp_path / "-").exists()


def test_a_seal_path_that_looks_like_markup_is_said_as_it_is(potlog, own_keys, tmp_path: Path) -> None:
    """The 'written to PATH' line was Rich markup: '[red]' in a path vanished from it, and a
    path with '[/]' in it (a directory 'x[') ended in exit 70, the seal written."""
    potlog("new", "freeform", "--name", "s", "-p", "Ann=100", "-p", "Ben=100")
    (tmp_path / "x[").mkdir()
    for name in ("y[red]z.txt", "x[/].txt"):
        r = potlog("seal", "-o", str(tmp_path / name))
        assert f"written to {tmp_path / name};" in " ".join(r.stderr.split()), r.stderr
        assert (tmp_path / name).read_text().startswith("potlog-seal/1 session=s ")


@pytest.mark.sqlite_only  # (a SQLite file made and read beside the store)
def test_rehash_out_dash_writes_the_converted_export_to_stdout(potlog, tmp_path: Path,
                                                               monkeypatch: pytest.MonkeyPatch) -> None:
    import json

    from tests.test_seal import make_v1

    monkeypatch.chdir(tmp_path)
    potlog.run_script("new freeform --name night -p Ann=100 -p Ben=100\nhand\nbet Ann 10\ncall Ben\naward Ann\n",
                      tmp_path)
    old = make_v1(potlog.db, tmp_path / "old.db")
    export = tmp_path / "old.jsonl"
    potlog("export", "--db", old, "--out", str(export))
    r = potlog("rehash", str(export), "-o", "-")
    assert not (tmp_path / "-").exists()
    lines = r.stdout.splitlines()
    assert len(lines) == len(export.read_text().splitlines()) and json.loads(lines[-1])["session"] == "night"
    assert "re-chained" in r.stderr
    fresh = tmp_path / "fresh.db"
    (tmp_path / "new.jsonl").write_text(r.stdout, encoding="utf-8")
    potlog("import", "--db", str(fresh), str(tmp_path / "new.jsonl"))
    potlog("verify", "--db", str(fresh))


@pytest.mark.parametrize("args", [("bet", "Ann", "-5"), ("pay", "Ann", "Ben", "-1"), ("rebuy", "Ann", "-20")])
def test_a_negative_amount_is_said_as_a_number_not_an_unknown_option(args: tuple[str, ...], potlog, tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str]) -> None:
    """click read '-5' as an option: "No such option: -5", which names nothing a person typed
    as an option and not what is taken."""
    from cli.main import main

    potlog.run_script("new freeform --name n -p Ann=100 -p Ben=100\nhand\n", tmp_path)
    capsys.readouterr()
    assert main(["--db", potlog.db, *args]) == 2
    err = capsys.readouterr().err
    assert "No such option" not in err and err.count("\n") == 1
    assert f"{args[-1]} is a negative number: give a whole number without a minus sign, like 5" in err
    r = potlog.run_script(f"{' '.join(args)}\n", tmp_path, ok=False)
    assert r.exit_code == 2 and f"line 1: {args[-1]} is a negative number" in r.output
    assert main(["--db", potlog.db, "bet", "Ann", "-x"]) == 2
    assert "No such option: -x" in capsys.readouterr().err  # a real unknown option stays so
    from contextlib import closing

    with closing(potlog.ledger()) as led:
        assert led.store.last_seq("n") == 4  # nothing recorded after the opening, the seats and the hand


@pytest.mark.parametrize("args", [("bet", "Ann", "abc"), ("bet", "Ann", "1.5"), ("void", "x")])
def test_a_number_that_is_not_whole_is_said_in_table_words(args: tuple[str, ...], potlog, tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    """Typer checks an argument's number with pydantic and said so: "Input should be a valid
    integer, unable to parse string as an integer"."""
    from cli.main import main

    potlog.run_script("new freeform --name n -p Ann=100 -p Ben=100\nhand\n", tmp_path)
    capsys.readouterr()
    assert main(["--db", potlog.db, *args]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "Input should" not in err and "parse string" not in err
    assert "not a whole number: write it in digits, like 5" in err
    assert main(["--db", potlog.db, "bet", "Ann", "0"]) == 2
    assert "should be greater than or equal to 1" in capsys.readouterr().err
    r = potlog.run_script(f"{' '.join(args)}\n", tmp_path, ok=False)
    assert r.exit_code == 2 and "line 1: " in r.output and "not a whole number" in r.output


def _through_a_pipe(tmp_path: Path, text: str) -> Path:
    """A named pipe that gives `text` once (what 'potlog import <(potlog export)' reads)."""
    import os
    import threading

    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)

    def write() -> None:
        with open(fifo, "w", encoding="utf-8") as fh:
            fh.write(text)

    threading.Thread(target=write, daemon=True).start()
    return fifo


def test_import_and_run_read_a_pipe_as_a_file(potlog, tmp_path: Path) -> None:
    """'potlog import <(...)' and 'potlog run <(...)' were refused "no file '/dev/fd/63'": a
    pipe (or /dev/null) is not a regular file, but it is there and reads as one."""
    potlog("new", "freeform", "--name", "s", "-p", "Ann=100", "-p", "Ben=100")
    export = potlog("export").stdout
    other = tmp_path / "other.db"
    r = potlog("import", "--db", str(other), str(_through_a_pipe(tmp_path, export)))
    assert "s: 3 events added" in r.output
    (tmp_path / "pipe").unlink()
    r = potlog("run", "--db", str(other), str(_through_a_pipe(tmp_path, "note piped\n")))
    assert "#4 note: piped" in r.output and "ran 1 commands" in r.output
    assert "nothing to import" in potlog("import", "/dev/null").output
    r = potlog("run", str(tmp_path), ok=False)
    assert r.exit_code == 1 and "is a directory: give a file of potlog commands" in r.stderr
    r = potlog("import", str(tmp_path / "missing.jsonl"), ok=False)
    assert r.exit_code == 1 and "no file" in r.stderr


@pytest.mark.sqlite_only  # (a SQLite file made and read beside the store)
def test_a_damaged_database_file_is_a_refusal_not_an_internal_error(potlog, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """A database file SQLite finds malformed (a disk, a copy cut short, an editor) was exit 70,
    "internal error ... please report it": the file's fault, said as such, exit 1."""
    import sqlite3

    from cli.main import main

    db = tmp_path / "d.db"
    potlog.run_script("new freeform --name d -p Ann=100 -p Ben=100\n" + "note a note long enough to fill pages\n" * 300,
                      tmp_path)
    src = sqlite3.connect(potlog.db)
    dst = sqlite3.connect(db)
    src.backup(dst)  # one file, no -wal beside it
    src.close()
    page = dst.execute("PRAGMA page_size").fetchone()[0]
    dst.close()
    data = bytearray(db.read_bytes())
    data[page:] = b"\xa5" * (len(data) - page)  # every page but the first (the schema) overwritten
    db.write_bytes(bytes(data))
    capsys.readouterr()
    for args in (["state"], ["log"], ["note", "x"]):
        assert main(["--db", str(db), *args]) == 1, args
        err = capsys.readouterr().err
        assert err.startswith("potlog: the database file is damaged (") and "internal error" not in err, err
        assert err.count("\n") == 1


def test_play_completes_a_name_so_that_the_line_reads_it_back(potlog) -> None:
    """Tab in 'potlog play' put a seated name in the line as it is: "O'Neil" then read as an
    open quote ("No closing quotation"), "x #y" as x and a comment, "Ann Lee" as two words."""
    import shlex
    from contextlib import closing

    from prompt_toolkit.document import Document

    from cli.common import root_command
    from cli.play_complete import grammar_from_click, make_completer, split_line, table_for

    potlog("new", "holdem", "-p", "O'Neil=100", "-p", "x #y=100", "-p", "Ann Lee=100", "-p", "Ben=100")
    with closing(potlog.ledger()) as led:
        table = table_for(led.state(led.current()), grammar_from_click(root_command()))
    completer = make_completer(lambda: table)
    for typed, name in (("call O", "O'Neil"), ("call x", "x #y"), ("call ann", "Ann Lee"), ("call B", "Ben")):
        got = [c for c in completer.get_completions(Document(typed), None)]
        assert [c.display_text for c in got] == [name]
        line = typed[:len(typed) + got[0].start_position] + got[0].text
        assert shlex.split(line, comments=True) == ["call", name], line
    assert split_line('pay "Ann Lee" B') == (["pay", "Ann Lee"], "B")  # a quoted name is one finished word


def test_a_file_saved_with_a_byte_order_mark_runs_and_imports(potlog, tmp_path: Path) -> None:
    """A file an editor saved as "UTF-8 with BOM" (Notepad) failed at line 1: "No such command
    '\\ufeffnew'", "not JSON (Unexpected UTF-8 BOM)"."""
    script = tmp_path / "bom.potlog"
    script.write_bytes(b"\xef\xbb\xbfnew freeform --name b -p Ann=100 -p Ben=100\r\nnote hi\r\n")
    assert "ran 2 commands" in potlog("run", str(script)).output
    export = tmp_path / "b.jsonl"
    export.write_bytes(b"\xef\xbb\xbf" + potlog("export").stdout.encode("utf-8"))
    r = potlog("import", "--db", str(tmp_path / "other.db"), str(export))
    assert "b: 4 events added" in r.output


def test_the_web_page_of_a_damaged_database_says_so(potlog, monkeypatch: pytest.MonkeyPatch,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    """'potlog serve' answered a damaged database file with "internal error ... please report it"."""
    import sqlite3

    from ledger.web import views
    from tests.test_web import client  # (Starlette's test client, its warning about httpx silenced)

    potlog("new", "freeform", "--name", "w", "-p", "Ann=100", "-p", "Ben=100")

    def damaged(*args: object, **kwargs: object) -> object:
        raise sqlite3.DatabaseError("database disk image is malformed")

    monkeypatch.setattr(views, "table", damaged)
    with client(potlog.db) as web:
        r = web.get("/s/w")
    assert r.status_code == 500 and r.text.startswith("the database file is damaged (database disk image is malformed)")
    assert "internal error" not in r.text and r.text.count("\n") == 1
    err = capsys.readouterr().err
    assert "Traceback" not in err and "the database file is damaged" in err


def test_amend_refuses_a_command_that_records_nothing_before_running_it(potlog, tmp_path: Path) -> None:
    """'amend 5 -- import FILE' imported the file and then refused (exit 2), the database written;
    '-- export -o FILE' wrote the file, '-- use S' made S current, each then refused."""
    from contextlib import closing

    other = tmp_path / "other.db"
    potlog("new", "freeform", "--db", str(other), "--name", "other", "-p", "X=5", "-p", "Y=5")
    potlog("export", "--db", str(other), "-o", str(tmp_path / "other.jsonl"))
    potlog.run_script("new freeform --name n -p Ann=100 -p Ben=100\nhand\nbet Ann 5\n", tmp_path)
    potlog("use", "n")
    for args in (["import", str(tmp_path / "other.jsonl")], ["export", "-f", "csv", "-o", str(tmp_path / "x.csv")],
                 ["use", "other"], ["state"], ["--json", "bet", "Ann", "6"]):
        r = potlog("amend", "5", "--", *args, ok=False)
        assert r.exit_code == 2, (args, r.output)
        assert "amend needs" in r.stderr and r.stderr.count("\n") == 1
    assert not (tmp_path / "x.csv").exists()
    with closing(potlog.ledger()) as led:
        assert [s.session for s in led.store.sessions()] == ["n"] and led.current() == "n"
        assert led.store.last_seq("n") == 5
    assert "Ann bets 6" in potlog("amend", "5", "--", "bet", "Ann", "6").output  # a recording command still is
