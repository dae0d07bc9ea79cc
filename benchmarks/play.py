"""The live-table figure (issue 28, target 4): `potlog play` through a real pseudo-terminal,
from the key press (Enter) to the redrawn table and the next prompt, on a long session.

    python -m benchmarks.play                        # 100k-event sessions, three games
    python -m benchmarks.play --events 20000 --lines 30
    python -m benchmarks.play --games all            # every sample script

For each game (a sample script of `sample_sessions/`): its `new` line opens the session in a
database of its own, the session is then padded with notes to `--events` events (notes change
no game: the table is the script's, its log is long; a script's ``void SEQ`` names one of the
script's own events, so its seq is moved past the padding), `potlog state` writes its snapshot once,
as after a first command, and `potlog play` is started on a pseudo-terminal (Python's `pty`,
100x50, TERM=xterm). The script's lines are typed one by one: the line's text first (its echo
awaited, untimed), then Enter, timed until the table is drawn again (for a line that records)
and prompt_toolkit has drawn the next prompt (its cursor-position request, answered as a
terminal does, then the session's prompt). Every line must be recorded (a refusal fails the
figure). The baseline, in the same run and the same process: an empty line (Enter alone),
the prompt's own round trip, typed between the script's lines.

The figure is the 99th percentile (and the median) of the script's lines, per game.

    python -m benchmarks.play --cpu --games bluffjack-game   # CPU time per line, in process

``--cpu`` measures instead the CPU time of each line as `potlog play` runs it from a pipe (`cpu`):
repeatable on a busy machine, where the terminal's wall clock is not; ``--void-as-written`` keeps
a script's ``void SEQ`` as the script writes it (with the padding: an event far back).
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import re
import select
import shlex
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SAMPLES = ROOT / "sample_sessions"
GAMES = ("holdem-night", "freeform-night", "dice-night-pig")
ENDS = ("close", "leave")  # the end of the night: not a common command, and the table goes
CPR = b"\x1b[6n"  # prompt_toolkit asks where the cursor is when it starts a prompt


def every_script() -> tuple[str, ...]:
    """Every sample script (`sample_sessions/*.potlog`): the games the samples record."""
    return tuple(sorted(p.stem for p in SAMPLES.glob("*.potlog")))


def chosen(names: str) -> tuple[str, ...]:
    """``all`` (every sample script) or a comma-separated list of them."""
    return every_script() if names.strip() == "all" else tuple(n for n in names.split(",") if n)


def script(name: str) -> tuple[list[str], list[str]]:
    """The sample's `new` line (its arguments) and the command lines after it, up to the next
    session or the first `close`/`leave` (one game, one table, the common commands)."""
    new: list[str] = []
    lines: list[str] = []
    for raw in (SAMPLES / f"{name}.potlog").read_text(encoding="utf-8").splitlines():
        text = raw.strip()
        if not text or text.startswith("#"):
            continue
        args = shlex.split(text, comments=True)
        if args[0] in ("new", "use"):
            if new:
                break
            new = args
            continue
        if args[0] in ENDS:
            break
        lines.append(text)
    return new, lines


def build(db: Path, new: list[str], events: int) -> tuple[str, int, int]:
    """The session of `new`, padded with notes to `events` events, its snapshot written: its
    id, the last seq `new` recorded and how many notes pad it."""
    from ledger.app import Ledger
    from ledger.events import Note, event_body

    db.unlink(missing_ok=True)
    env = {**os.environ, "POTLOG_DB": str(db)}
    subprocess.run([sys.executable, "-m", "cli.main", *new], env=env, check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    led = Ledger.open(str(db))
    sid = led.store.get_meta("current_session")
    assert sid
    seq = opened = led.store.last_seq(sid)
    while seq < events:
        n = min(5000, events - seq)
        bodies = [("note", event_body(Note(text=f"padding {seq + i + 1}"))) for i in range(n)]
        led.store.append(sid, seq + 1, bodies, "2026-11-27T20:00:00.000Z")
        seq += n
    led.close()
    subprocess.run([sys.executable, "-m", "cli.main", "state"], env=env, check=True, cwd=ROOT,
                   stdout=subprocess.DEVNULL)
    return sid, opened, max(0, events - opened)


_VOID = re.compile(r"^(void\s+)(\d+)\b")


def past_padding(line: str, opened: int, padding: int) -> str:
    """`line` with the seq of a ``void SEQ`` after the session's opening events moved past the
    `padding` notes (the script's seq names the script's own event); any other line as it is."""
    m = _VOID.match(line)
    if m is None or int(m.group(2)) <= opened:
        return line
    return f"{m.group(1)}{int(m.group(2)) + padding}{line[m.end():]}"


_CONTROL = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|[\r\n]")  # a CSI sequence (cursor, colour, mode), a line break


def visible(data: bytes) -> str:
    """The text a terminal's output draws, in order, without its control sequences and line
    breaks (so a typed line wrapped at the terminal's width reads as typed)."""
    return _CONTROL.sub("", data.decode("utf-8", "replace"))


class Terminal:
    """`potlog play` on a pseudo-terminal; answers prompt_toolkit's cursor-position requests."""

    def __init__(self, db: Path, sid: str):
        self.fd, slave = pty.openpty()
        fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 50, 100, 0, 0))
        env = {**os.environ, "POTLOG_DB": str(db), "TERM": "xterm", "COLUMNS": "100", "LINES": "50",
               "POTLOG_HISTORY": str(db.with_suffix(".history"))}
        self.proc = subprocess.Popen([sys.executable, "-m", "cli.main", "play"], stdin=slave, stdout=slave,
                                     stderr=slave, env=env, cwd=ROOT, start_new_session=True)
        os.close(slave)
        self.prompt = f"{sid}>".encode()
        self.seen = b""
        self.wait_prompt(timeout=60)

    def _read(self, timeout: float) -> bytes:
        r, _, _ = select.select([self.fd], [], [], timeout)
        if not r:
            raise TimeoutError(f"no output in {timeout} s; last: {self.seen[-300:]!r}")
        data = os.read(self.fd, 65536)
        if CPR in data:
            os.write(self.fd, b"\x1b[1;1R")
        return data

    def wait_prompt(self, timeout: float = 30) -> bytes:
        """Read until a new prompt has started (its CPR) and its name is drawn; what was read."""
        out = b""
        while True:
            out += self._read(timeout)
            at = out.find(CPR)
            if at >= 0 and self.prompt in out[at:]:
                self.seen = out
                return out

    def type_text(self, text: str) -> None:
        """Type `text` and wait for its echo: as the screen shows it (`visible`), since a line
        longer than the terminal is wide comes back wrapped (cursor moves and line breaks
        within it)."""
        os.write(self.fd, text.encode())
        out = b""
        while text not in visible(out):
            out += self._read(10)

    def enter(self) -> tuple[float, bytes]:
        t = time.perf_counter()
        os.write(self.fd, b"\r")
        out = self.wait_prompt()
        return time.perf_counter() - t, out

    def close(self) -> None:
        try:
            os.write(self.fd, b"quit\r")
            self.proc.wait(timeout=10)
        except (OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
        os.close(self.fd)


def p99(xs: list[float]) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(0.99 * (len(xs) - 1))))]


def measure(work: Path, game: str, events: int, lines: int) -> dict:
    """The latencies (seconds) of `game`'s script lines and of empty lines, on a session of
    `events` events."""
    new, todo = script(game)
    todo = todo[:lines]
    db = work / f"play-{game}-{events}.db"
    sid, opened, padding = build(db, new, events)
    todo = [past_padding(line, opened, padding) for line in todo]
    term = Terminal(db, sid)
    ours: list[float] = []
    empty: list[float] = []
    try:
        for line in todo:
            took, _ = term.enter()  # an empty line: the prompt's own round trip
            empty.append(took)
            term.type_text(line)
            took, out = term.enter()
            text = out.decode("utf-8", "replace")
            if "potlog:" in text.replace("potlog: warning:", ""):  # a warning is said of a line that was recorded
                raise SystemExit(f"{game}: {line!r} was refused: {text[text.find('potlog:'):][:200]!r}")
            if "\u256f" not in text:  # the table's bottom corner: it was drawn again
                raise SystemExit(f"{game}: {line!r} recorded nothing (no table drawn)")
            ours.append(took)
    finally:
        term.close()
    return {"game": game, "events": events, "lines": ours, "empty": empty}


def cpu(work: Path, game: str, events: int, lines: int, *, shift: bool = True) -> list[tuple[float, str]]:
    """The CPU time (seconds, `time.process_time`) of each of `game`'s script lines as `potlog
    play` runs it (`cli.cmd_play.Play.run_line`, and the next prompt's hint), its lines read
    from a pipe (the table drawn to the pipe), on the same padded session: repeatable where the
    pseudo-terminal's wall clock is not (other work on the machine), and without the
    terminal's round trip. A note goes first, untimed: it pays what the prompt pays before its
    first line on a terminal (the table's first drawing). `shift`: a ``void SEQ`` moved past
    the padding (`past_padding`); else as the script writes it (an event 100,000 back, say)."""
    new, todo = script(game)
    db = work / f"cpu-{game}-{events}.db"
    sid, opened, padding = build(db, new, events)
    todo = [past_padding(line, opened, padding if shift else 0) for line in todo[:lines]]
    times = db.with_suffix(".times")
    env = {**os.environ, "POTLOG_DB": str(db), "POTLOG_HISTORY": str(db.with_suffix(".history"))}
    subprocess.run([sys.executable, "-m", "benchmarks.play", "--run-lines", str(times)],
                   input="\n".join(["note warm-up", *todo]),
                   env=env, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, text=True)
    return [(float(took), line) for took, line in
            (row.split(" ", 1) for row in times.read_text(encoding="utf-8").splitlines()[1:])]


def _run_lines(out: Path) -> None:
    """`cpu`'s child: ``potlog play`` (`cli.main.main`, as the program), each line it runs timed
    into `out` (``SECONDS LINE``)."""
    from cli import cmd_play
    from cli.main import main

    run_line = cmd_play.Play.run_line
    rows: list[str] = []

    def timed(play: cmd_play.Play, text: str) -> bool:
        t = time.process_time()
        going = run_line(play, text)
        play.hint()  # (the next prompt's, as the terminal's reader asks for it)
        rows.append(f"{time.process_time() - t:.6f} {text.rstrip()}")
        return going

    setattr(cmd_play.Play, "run_line", timed)
    try:
        main(["play"], program=True)
    finally:
        out.write_text("\n".join(rows) + "\n", encoding="utf-8")


def summary(r: dict) -> tuple[float, float, float, float]:
    """p99 and median of the lines, p99 and median of the empty lines (ms)."""
    return (p99(r["lines"]) * 1000, statistics.median(r["lines"]) * 1000,
            p99(r["empty"]) * 1000, statistics.median(r["empty"]) * 1000)


def bench(data: Path, events: int, lines: int, games: tuple[str, ...] = GAMES) -> list:
    """The figures for `python -m benchmarks` (benchmarks/run.py)."""
    from .run import Figure, say

    figs = []
    for game in games:
        say(f"potlog play: {game} on a {events:,}-event session")
        r = measure(data, game, events, lines)
        ours99, ours50, e99, e50 = summary(r)
        figs.append(Figure(f"play: Enter to redrawn table, p99 ({game}, {len(r['lines'])} lines)",
                           f"{events // 1000}k ev", f"{ours99:.1f} ms (median {ours50:.1f})",
                           f"{e99:.1f} ms (median {e50:.1f}) (empty line)", f"{ours99 / e99:.1f}x",
                           "<= 20 ms", ours99 <= 20))
    return figs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=100_000, help="events of each session")
    ap.add_argument("--lines", type=int, default=40, help="script lines typed per game")
    ap.add_argument("--games", default=",".join(GAMES),
                    help="sample scripts (sample_sessions/NAME.potlog), comma-separated, or 'all'")
    ap.add_argument("--cpu", action="store_true",
                    help="the CPU time of each line run in process (`cpu`), not the terminal's wall clock")
    ap.add_argument("--void-as-written", action="store_true",
                    help="with --cpu: a script's 'void SEQ' as written (an event before the padding), not moved past it")
    ap.add_argument("--run-lines", metavar="OUT", help=argparse.SUPPRESS)  # `cpu`'s child
    args = ap.parse_args(argv)
    if args.run_lines:
        _run_lines(Path(args.run_lines))
        return 0
    with tempfile.TemporaryDirectory() as tmp:
        for game in chosen(args.games):
            if args.cpu:
                rows = cpu(Path(tmp), game, args.events, args.lines, shift=not args.void_as_written)
                ms = [took * 1000 for took, _ in rows]
                worst = max(rows)
                print(f"{game:16} {len(rows)} lines, CPU: p99 {p99(ms):6.1f} ms, median {statistics.median(ms):6.1f} ms;"
                      f" the most {worst[0] * 1000:.1f} ms ({worst[1]})")
                continue
            r = measure(Path(tmp), game, args.events, args.lines)
            ours99, ours50, e99, e50 = summary(r)
            print(f"{game:16} {len(r['lines'])} lines: p99 {ours99:6.1f} ms, median {ours50:6.1f} ms; "
                  f"empty line p99 {e99:5.1f} ms, median {e50:5.1f} ms")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
