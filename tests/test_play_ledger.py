"""`potlog play` keeps one ledger open for the prompt's life (issue 28, target 4): each line's
command and the table drawn after it use that ledger instead of opening the database again."""

from __future__ import annotations

import json

import ledger.pgstore as pgstore


def test_the_prompt_opens_the_database_once_and_records_each_line(potlog, monkeypatch):
    potlog("new", "freeform", "-p", "Ann=100", "-p", "Ben=100")
    opened: list[object] = []
    real = pgstore.open_store

    def counting(path=None):
        opened.append(path)
        return real(path)

    monkeypatch.setattr(pgstore, "open_store", counting)
    r = potlog("play", input="hand\nbet Ann 500\nbet Ann 5\nnote 'a long night'\nquit\n")
    assert len(opened) == 1, opened  # (on the starting commit: twice per line and once more)
    assert "Ann has only 100 chips" in r.output and "#5 Ann bets 5" in r.output
    monkeypatch.setattr(pgstore, "open_store", real)
    log = json.loads(potlog("log", "--json").output)  # (another connection: each line was committed)
    assert [e["event"]["type"] for e in log][-3:] == ["hand_started", "bet", "note"]
