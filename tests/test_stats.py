"""potlog stats: the per-player figures on sessions built by hand, where each is counted by hand
(at the decider, in memory), the filters, and the command's exit codes and --json."""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import date

import pytest

from ledger.commands import AllIn, Award, Bet, Call, Check, Command, Deal, End, Fold, NewHand, Note, Raise, Reveal
from ledger.errors import InputError, NotFound
from ledger.stats import PlayerStats, chosen, collect, is_poker, parse_day, poker_games, session_facts, span, tally
from tests.conftest import SAMPLES
from tests.table import Table

BOARD = (("2C", "7D", "9H"), ("3S",), ("JD",))


def streets(t: Table, *order: str, bets: dict[int, list[Command]] | None = None) -> None:
    """Deal the board's three streets; each street's betting is `bets[i]` (the commands) when
    given, else everyone in `order` checks."""
    for i, cards in enumerate(BOARD):
        t(Deal(to="board", cards=cards))
        for cmd in (bets or {}).get(i, [Check(player=p) for p in order]):
            t(cmd)


def holdem_night() -> Table:
    """Three hands of no-limit hold'em, blinds 1/2, Ann, Ben and Cy at 100:

    1. Ann's button (Ben 1, Cy 2): Ann raises to 6, Ben folds, Cy calls; flop: Cy checks, Ann
       bets 10, Cy folds. Ann +7, Ben -1, Cy -6.
    2. Ben's button (Cy 1, Ann 2): Ben calls, Cy calls, Ann raises to 8, Ben calls, Cy folds;
       checked down, Ann's aces beat Ben's kings. Ann +10, Ben -8, Cy -2.
    3. Cy's button (Ann 1, Ben 2): Cy folds, Ann calls, Ben checks; flop: Ann bets 4, Ben calls;
       checked down, Ben's aces beat Ann's kings. Ann -6, Ben +6.
    """
    t = Table("holdem", verify=True, Ann=100, Ben=100, Cy=100)
    t(NewHand())
    t(Deal(to="all"))
    t(Raise(player="Ann", amount=4))
    t(Fold(player="Ben"))
    t(Call(player="Cy"))
    t(Deal(to="board", cards=BOARD[0]))
    t(Check(player="Cy"))
    t(Bet(player="Ann", amount=10))
    t(Fold(player="Cy"))
    t(NewHand())
    t(Deal(to="Cy", count=2))
    t(Deal(to="Ann", cards=("AS", "AD")))
    t(Deal(to="Ben", cards=("KS", "KD")))
    t(Call(player="Ben"))
    t(Call(player="Cy"))
    t(Raise(player="Ann", amount=6))
    t(Call(player="Ben"))
    t(Fold(player="Cy"))
    streets(t, "Ann", "Ben")
    t(Reveal(player="Ann"))
    t(Reveal(player="Ben"))
    t(NewHand())
    t(Deal(to="Ann", cards=("KH", "KC")))
    t(Deal(to="Ben", cards=("AH", "AC")))
    t(Deal(to="Cy", count=2))
    t(Fold(player="Cy"))
    t(Call(player="Ann"))
    t(Check(player="Ben"))
    streets(t, bets={0: [Bet(player="Ann", amount=4), Call(player="Ben")],
                     1: [Check(player="Ann"), Check(player="Ben")], 2: [Check(player="Ann"), Check(player="Ben")]})
    t(Reveal(player="Ann"))
    t(Reveal(player="Ben"))
    assert not t.state.in_hand and t.state.hand.number == 3
    return t


@pytest.fixture(scope="module")
def holdem() -> list[PlayerStats]:
    return tally([session_facts(holdem_night().log, "hd")])


def line(lines: list[PlayerStats], player: str) -> PlayerStats:
    return next(s for s in lines if s.player == player)


def test_the_nets_and_the_biggest_hands_counted_by_hand(holdem):
    assert [(s.player, s.net, s.sessions, s.hands) for s in holdem] == [("Ann", 11, 1, 3), ("Ben", -3, 1, 3),
                                                                        ("Cy", -8, 1, 3)]
    ann, ben, cy = (line(holdem, p) for p in ("Ann", "Ben", "Cy"))
    assert (ann.biggest_win.chips, ann.biggest_win.hand, ann.biggest_loss.chips, ann.biggest_loss.hand) == (10, 2, -6, 3)
    assert (ben.biggest_win.chips, ben.biggest_win.hand, ben.biggest_loss.chips, ben.biggest_loss.hand) == (6, 3, -8, 2)
    assert cy.biggest_win is None and (cy.biggest_loss.chips, cy.biggest_loss.hand) == (-6, 1)


def test_vpip_pfr_af_and_wtsd_counted_by_hand(holdem):
    ann, ben, cy = (line(holdem, p) for p in ("Ann", "Ben", "Cy"))
    # Ann: in voluntarily every hand (a raise, a raise, completing the small blind), raised
    # preflop in hands 1 and 2; bets and raises: raise, bet, raise, bet = 4; one call (the small
    # blind's completion); at the showdown in hands 2 and 3
    assert (ann.poker_hands, ann.vpip, ann.pfr, ann.aggressive, ann.calls, ann.showdowns) == (3, 3, 2, 4, 1, 2)
    assert (ann.share(ann.vpip), ann.share(ann.pfr), ann.af, ann.share(ann.showdowns)) == (100.0, 66.7, 4.0, 66.7)
    # Ben: the small blind folded (1), called twice (2), checked his big blind (3): VPIP 1/3;
    # calls: 2 in hand 2, 1 in hand 3; no bet or raise: AF 0
    assert (ben.vpip, ben.pfr, ben.aggressive, ben.calls, ben.showdowns, ben.af) == (1, 0, 0, 3, 2, 0.0)
    # Cy: called the raise from the big blind (1), completed the small blind (2), folded (3)
    assert (cy.vpip, cy.pfr, cy.aggressive, cy.calls, cy.showdowns, cy.af) == (2, 0, 0, 2, 0, 0.0)


def test_the_figures_as_data():
    data = tally([session_facts(holdem_night().log, "hd")], player="Ann")[0].to_data()
    assert data["poker"] == {"hands": 3, "vpip": 3, "pfr": 2, "bets_raises": 4, "calls": 1, "showdowns": 2,
                             "vpip_pct": 100.0, "pfr_pct": 66.7, "af": 4.0, "wtsd_pct": 66.7}
    assert data["biggest_win"] == {"chips": 10, "session": "hd", "hand": 2, "game": "holdem"}


def test_a_bring_in_is_forced_and_completing_it_is_a_raise():
    """Stud: Cy brings in (forced: no VPIP), Ann completes (VPIP and PFR), Ben folds, Cy calls
    the completion (now VPIP); fourth street: Ann bets, Cy folds."""
    t = Table("stud", options={"ante": 1, "bring_in": 2, "small_bet": 4, "big_bet": 8}, verify=True,
              Ann=100, Ben=100, Cy=100)
    t(NewHand())
    for name, cards in (("Ann", ("AS", "KD", "8D")), ("Ben", ("2S", "2D", "9C")), ("Cy", ("QH", "QD", "3C"))):
        t(Deal(to=name, cards=cards))
    t.word("bringin", "Cy")
    t(Raise(player="Ann", amount=2))  # completes to the small bet, 4
    t(Fold(player="Ben"))
    t(Call(player="Cy"))
    t(Deal(to="Ann", cards=("AD",)))
    t(Deal(to="Cy", cards=("4C",)))
    t(Bet(player="Ann", amount=4))
    t(Fold(player="Cy"))
    assert not t.state.in_hand
    ann, ben, cy = (line(tally([session_facts(t.log, "st")]), p) for p in ("Ann", "Ben", "Cy"))
    assert (ann.vpip, ann.pfr, ann.aggressive, ann.calls) == (1, 1, 2, 0)
    assert (ben.vpip, ben.pfr, ben.aggressive, ben.calls) == (0, 0, 0, 0)
    assert (cy.vpip, cy.pfr, cy.aggressive, cy.calls) == (1, 0, 0, 1)
    assert (ann.net, ben.net, cy.net) == (1 + 1 + 4, -1, -1 - 4)


def test_an_all_in_is_a_raise_when_it_raises_and_a_call_when_it_does_not():
    t = Table("holdem", verify=True, Ann=100, Ben=30, Cy=60)
    t(NewHand())
    t(Deal(to="all"))
    t(AllIn(player="Ann"))  # 100: a raise
    t(AllIn(player="Ben"))  # 30: less than Ann's, a call
    t(Fold(player="Cy"))
    for cards in BOARD:
        t(Deal(to="board", cards=cards))
    t(Reveal(player="Ann", cards=("AS", "AD")))
    t(Reveal(player="Ben", cards=("KS", "KD")))
    assert not t.state.in_hand
    facts = session_facts(t.log, "ai")
    ann, ben, cy = (line(tally([facts]), p) for p in ("Ann", "Ben", "Cy"))
    assert (ann.pfr, ann.aggressive, ann.calls, ann.showdowns) == (1, 1, 0, 1)
    assert (ben.vpip, ben.pfr, ben.aggressive, ben.calls, ben.showdowns) == (1, 0, 0, 1, 1)
    assert (cy.vpip, cy.showdowns) == (0, 0)
    # the uncalled part of Ann's all-in came back: no part of the pot, no win
    hand = facts.hands[0]
    assert hand.returned == {"Ann": 70} and hand.pot == 30 + 30 + 2 and hand.winners == ["Ann"]


def test_a_muck_at_the_showdown_went_to_it_a_fold_in_the_betting_did_not():
    t = Table("holdem", verify=True, Ann=100, Ben=100, Cy=100)
    t(NewHand())
    t(Deal(to="Ann", cards=("AS", "AD")))
    t(Deal(to="Ben", count=2))
    t(Deal(to="Cy", count=2))
    t(Call(player="Ann"))
    t(Call(player="Ben"))
    t(Check(player="Cy"))
    streets(t, "Ben", "Cy", "Ann")
    t(Fold(player="Ben"))  # mucks, after the betting
    t(Fold(player="Cy"))  # Ann, the last one in, takes the pot
    assert not t.state.in_hand
    assert {s.player: s.showdowns for s in tally([session_facts(t.log, "m")])} == {"Ann": 1, "Ben": 1, "Cy": 1}


def test_the_poker_games_are_found_through_the_engine_not_a_list():
    assert set(poker_games()) >= {"holdem", "omaha", "stud", "razz", "badugi", "shortdeck", "deucetoseven",
                                  "fivecarddraw"}
    assert not any(is_poker(g) for g in ("freeform", "bluecher", "poch", "pig", "nosuchgame"))


def freeform_night() -> Table:
    t = Table("freeform", Ann=50, Dee=50)
    t(NewHand())
    t(Bet(player="Ann", amount=5))
    t(Call(player="Dee"))
    t(Award(player="Dee"))
    t(End())
    return t


def test_game_and_player_filters():
    both = [session_facts(holdem_night().log, "hd"), session_facts(freeform_night().log, "ff")]
    everyone = tally(both)
    assert line(everyone, "Ann").sessions == 2 and line(everyone, "Ann").net == 11 - 5
    assert line(everyone, "Ann").hands == 4 and line(everyone, "Ann").poker_hands == 3
    poker = tally(both, game="holdem")
    assert [s.player for s in poker] == ["Ann", "Ben", "Cy"] and line(poker, "Ann").net == 11
    free = tally(both, game="freeform")
    assert [(s.player, s.net, s.hands, s.poker_hands) for s in free] == [("Dee", 5, 1, 0), ("Ann", -5, 1, 0)]
    assert line(free, "Ann").to_data()["poker"] is None
    assert [s.player for s in tally(both, player="Dee")] == ["Dee"]
    with pytest.raises(NotFound, match="no player 'Zed'.*Ann, Ben, Cy, Dee"):
        tally(both, player="Zed")


def in_unit(log: list, unit: str) -> list:
    """`log` as if the session had been opened with ``potlog new --unit UNIT``."""
    (seq, opened), rest = log[0], log[1:]
    return [(seq, opened.model_copy(update={"chip_unit": unit}))] + rest


def test_sessions_in_different_chip_units_are_never_added_together():
    cents = session_facts(in_unit(freeform_night().log, "cent"), "ff-cents")
    chips = session_facts(freeform_night().log, "ff-chips")
    lines = tally([cents, chips, session_facts(holdem_night().log, "hd")])
    assert [(s.player, s.unit, s.net, s.sessions) for s in lines] == [
        ("Dee", "cent", 5, 1), ("Ann", "cent", -5, 1),
        ("Ann", "chip", 11 - 5, 2), ("Dee", "chip", 5, 1), ("Ben", "chip", -3, 1), ("Cy", "chip", -8, 1)]
    assert [d["unit"] for d in (s.to_data() for s in tally([cents, chips], player="Ann"))] == ["cent", "chip"]


def test_stats_shows_the_unit_when_sessions_count_different_ones(potlog, tmp_path):
    for name, unit in (("a", "chip"), ("b", "cent")):
        potlog("new", "freeform", "--name", name, "--unit", unit, "-p", "Ann=50", "-p", "Dee=50")
        for args in (("hand",), ("bet", "Ann", "5"), ("call", "Dee"), ("award", "Dee"), ("end",)):
            potlog(*args)
    shown = potlog("stats").output
    assert "Unit" in shown and "cent" in shown and "A line per player and chip unit" in shown
    data = json.loads(potlog("stats", "--json", "--player", "Dee").output)
    assert [(p["unit"], p["net"], p["sessions"]) for p in data["players"]] == [("cent", 5, 1), ("chip", 5, 1)]


@dataclass
class Info:
    session: str
    started: str
    last: str = ""


def test_dates_keep_the_sessions_started_between_them_both_days_included():
    infos = [Info("a", "2026-11-20T23:59:00.000Z"), Info("b", "2026-11-21T00:00:00.000Z"),
             Info("c", "2026-11-22T12:00:00.000Z")]
    assert [i.session for i in chosen(infos, date(2026, 11, 21))] == ["b", "c"]
    assert [i.session for i in chosen(infos, None, date(2026, 11, 21))] == ["a", "b"]
    assert [i.session for i in chosen(infos, date(2026, 11, 21), date(2026, 11, 21))] == ["b"]
    assert parse_day(" 2026-11-21", "--since") == date(2026, 11, 21)
    with pytest.raises(InputError, match="--since 'yesterday' is not a date: give it as YYYY-MM-DD"):
        parse_day("yesterday", "--since")


def test_hours_run_from_the_first_event_to_the_last():
    assert span("2026-11-21T20:00:00.000Z", "2026-11-21T21:30:00.000Z") == 5400
    assert span("", "2026-11-21T21:30:00.000Z") == 0
    facts = session_facts(freeform_night().log, "ff", started="2026-11-21T20:00:00.000Z",
                          last="2026-11-21T23:00:00.000Z")
    assert [(s.player, s.hours) for s in tally([facts, facts])] == [("Dee", 6.0), ("Ann", 6.0)]


def test_hours_are_the_time_each_player_sat():
    """Dee leaves an hour in; Ann stays to the last event, three hours in; Eve sits down at
    21:00 and leaves at 22:30; a join that was voided counts for nothing."""
    from ledger.commands import Join, Leave, Void

    t = freeform_night()
    t(Leave(player="Dee"))
    t(Join(player="Zed", amount=10))
    t(Void(target=t.log[-1][0], reason="wrong table"))
    t(Join(player="Eve", amount=50))
    t(Leave(player="Eve"))
    t(Note(text="the last"))
    seq = {type(e).__name__ + getattr(e, "player", ""): s for s, e in t.log}
    at = {seq["PlayerLeftDee"]: "21:00", seq["PlayerJoinedEve"]: "21:00", seq["PlayerLeftEve"]: "22:30",
          seq["PlayerJoinedZed"]: "20:30"}
    times = {s: f"2026-11-21T{at.get(s, '20:00')}:00.000Z" for s, _ in t.log}
    facts = session_facts(t.log, "ff", started="2026-11-21T20:00:00.000Z", last="2026-11-21T23:00:00.000Z",
                          times=times)
    assert {s.player: s.hours for s in tally([facts])} == {"Ann": 3.0, "Dee": 1.0, "Eve": 1.5}


def test_the_phh_hands_and_the_sample_nights_read_without_a_refusal():
    """A smoke test on real records: every sample night, and a few PHH hands when shared/ has them."""
    from ledger import events as ev

    facts = []
    for path in sorted(SAMPLES.glob("*.jsonl")):
        records = [(d["seq"], ev.EVENT_ADAPTER.validate_python(d["event"]))
                   for d in map(json.loads, path.read_text(encoding="utf-8").splitlines())]
        facts.append(session_facts(records, path.stem))
    lines = tally(facts)
    assert sum(s.net for s in lines) + sum(f.audit.accounts.get("house", 0) for f in facts) == 0
    poker = {s.player: s for s in lines if s.poker_hands}
    assert poker and all(0 <= s.pfr <= s.vpip <= s.poker_hands and s.showdowns <= s.poker_hands
                         for s in poker.values())


# ----------------------------------------------------------------------------- the command

def test_stats_on_the_store_and_its_json(potlog, tmp_path):
    potlog("import", str(SAMPLES / "holdem-night.jsonl"))
    potlog("import", str(SAMPLES / "freeform-night.jsonl"))
    data = json.loads(potlog("stats", "--json").output)
    assert data["sessions"] == 2 and data["game"] is None
    from ledger.outputs import Stats

    Stats.model_validate(data)
    cleo = next(p for p in data["players"] if p["player"] == "Cleo")
    assert cleo["sessions"] == 2 and cleo["poker"]["hands"] == 5
    only = json.loads(potlog("stats", "--json", "--game", "holdem", "--player", "Cleo").output)
    assert only["game"] == "holdem" and [p["player"] for p in only["players"]] == ["Cleo"]
    cleo = only["players"][0]
    assert cleo["net"] == 396 and cleo["hands"] == 5 and cleo["hours"] == 0.72 and cleo["sessions"] == 1
    assert cleo["poker"]["pfr"] == 1 and cleo["poker"]["vpip"] == 2
    none = json.loads(potlog("stats", "--json", "--until", "2000-01-01").output)
    assert none["sessions"] == 0 and none["players"] == []
    shown = potlog("stats", "--game", "holdem").output
    assert "VPIP" in shown and "Cleo" in shown and "+396" in shown and "Traceback" not in shown


def test_stats_refusals_are_one_line_and_exit_1(potlog):
    from ledger.app import Ledger

    Ledger.open(potlog.db).close()  # there, and empty
    r = potlog("stats", ok=False)
    assert r.exit_code == 1 and "no sessions in this database yet" in r.output
    potlog("import", str(SAMPLES / "freeform-night.jsonl"))
    for args, says in ((("--game", "chess"), "no game 'chess': --game takes one of"),
                       (("--since", "21/11/2026"), "is not a date: give it as YYYY-MM-DD"),
                       (("--since", "2026-11-22", "--until", "2026-11-21"), "is after --until"),
                       (("--player", "Zed"), "no player 'Zed'")):
        r = potlog("stats", *args, ok=False)
        assert r.exit_code == 1 and says in r.output and len(r.output.strip().splitlines()) == 1, (args, r.output)


def test_collect_reads_the_store(ledger):
    from ledger.commands import Award, Bet, Call, End, NewHand

    sid = ledger.new_session("freeform", [("Ann", 50), ("Dee", 50)], name="ff")
    for cmd in (NewHand(), Bet(player="Ann", amount=5), Call(player="Dee"), Award(player="Dee"), End()):
        ledger.execute(sid, cmd)
    lines, read = collect(ledger.store)
    assert read == 1 and [(s.player, s.net, s.hands) for s in lines] == [("Dee", 5, 1), ("Ann", -5, 1)]


def test_stats_on_real_poker_hands_from_phh(potlog, tmp_path):
    """A smoke test on 30 of PokerKit's PHH hands (six-player no-limit hold'em, Pluribus), when
    ``shared/phh`` is there: every figure stays within what it counts, and the nets add up."""
    import tarfile

    from benchmarks.differential import phh_tarball

    tarball = phh_tarball()
    if tarball is None:
        pytest.skip("no PHH data (shared/phh/ next to the repository)")
    folder = tmp_path / "phh"
    folder.mkdir()
    with tarfile.open(tarball, "r:gz") as tar:  # read as a stream, only as far as the hands taken
        taken = 0
        for member in tar:
            if member.isfile() and member.name.startswith("data/pluribus/") and member.name.endswith(".phh"):
                data = tar.extractfile(member)
                assert data is not None
                (folder / f"{taken}.phh").write_bytes(data.read())
                taken += 1
                if taken == 30:
                    break
    potlog("import", str(folder))
    data = json.loads(potlog("stats", "--json", "--game", "holdem").output)
    players = data["players"]
    assert data["sessions"] == 30 and players and sum(p["net"] for p in players) == 0
    assert sum(p["hands"] for p in players) == 30 * 6
    got = {p["player"]: {k: p["poker"][k] for k in ("hands", "vpip", "pfr", "bets_raises", "calls", "showdowns")}
           for p in players}
    assert got == _counted_from_phh(sorted(folder.glob("*.phh")))
    assert any(p["poker"]["pfr"] for p in players) and any(p["poker"]["calls"] for p in players)


def _counted_from_phh(paths: list) -> dict[str, dict[str, int]]:
    """The same figures counted straight from the PHH actions of no-limit hold'em hands, without
    potlog: the first round is before the first ``d db``; ``cbr`` is a bet or raise; ``cc`` a
    call when it puts chips in, else a check; a showdown when two or more never folded."""
    import tomllib

    out: dict[str, dict[str, int]] = {}
    for path in paths:
        hand = tomllib.loads(path.read_text(encoding="utf-8"))
        names = hand["players"]
        put = dict(enumerate(hand["blinds_or_straddles"]))
        high, street = max(put.values()), 0
        acts = {i: {"vpip": 0, "pfr": 0, "bets_raises": 0, "calls": 0} for i in range(len(names))}
        folded = set()
        for action in hand["actions"]:
            words = action.split()
            if words[:2] == ["d", "db"]:
                put, high, street = {}, 0, street + 1
                continue
            if not words[0].startswith("p"):
                continue
            i, verb = int(words[0][1:]) - 1, words[1]
            if verb == "f":
                folded.add(i)
            elif verb == "cbr":
                put[i], high = int(words[2]), int(words[2])
                acts[i]["bets_raises"] += 1
                if street == 0:
                    acts[i]["vpip"] = acts[i]["pfr"] = 1
            elif verb == "cc" and put.get(i, 0) < high:
                put[i] = high
                acts[i]["calls"] += 1
                if street == 0:
                    acts[i]["vpip"] = 1
        shown = len(names) - len(folded) >= 2
        for i, name in enumerate(names):
            line = out.setdefault(name, {"hands": 0, "vpip": 0, "pfr": 0, "bets_raises": 0, "calls": 0, "showdowns": 0})
            line["hands"] += 1
            line["showdowns"] += int(shown and i not in folded)
            for key, n in acts[i].items():
                line[key] += n
    return out
