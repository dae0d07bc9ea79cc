"""Corrections: an act is one recorded command with the steps potlog recorded after it
(one time); `undo` voids the last acts newest first, `amend` replaces one and records the
later ones again where the rules still allow. Each is one transaction (`Ledger.batch`)."""

from __future__ import annotations

from dataclasses import field, replace
from itertools import islice
from typing import Iterable, Iterator

from .core.frozen import later
from . import events as ev
from .commands import Award, Call, Close, Command, Open, Showdown, Void
from .errors import InputError, PotlogError, RuleViolation
from .recording import Recording
from .reducer import apply
from .state import TableState

@later()
class Amended:
    """What `Ledger.amend` recorded: the voids, the corrected act, the later acts recorded
    again, the later acts left out as (their first seq, what they were, why), and each
    physical count recorded again whose difference from the ledger the amend changed, in words."""

    voided: list[ev.Recorded] = field(default_factory=list)
    recorded: list[ev.Recorded] = field(default_factory=list)
    redone: list[ev.Recorded] = field(default_factory=list)
    dropped: list[tuple[int, str, str]] = field(default_factory=list)
    counts: list[str] = field(default_factory=list)


def _again(event: ev.Event, pot_before: int) -> Command | None:
    """The command that records the act `event` began again, to be decided afresh: what was
    typed, as far as the event shows it (a call calls what is owed now; an award that took a
    whole pot takes the whole pot again), or None."""
    from .verify import command_for

    cmd = command_for(event)
    match cmd:
        case None | Void() | Open():
            return None
        case Call():
            return replace(cmd, amount=None)
        case Award() if isinstance(event, ev.PotAwarded) and len(event.shares) == 1 \
                and event.shares[0].amount == pot_before:
            return replace(cmd, player=event.shares[0].player, shares=())
    return cmd


class Corrections(Recording):
    """The acts of a session, and undoing or amending them."""

    def acts(self, session: str, voided: Iterable[int] = ()) -> Iterator[list[int]]:
        """The session's acts, newest first, each as its seqs in order: one recorded command
        with the steps potlog recorded after it (they share the time they were recorded at;
        `execute` gives every command a time of its own). Voids and voided events are left
        out: an act undone is no longer an act."""
        gone = set(voided)
        group: list[int] = []
        at = None
        for seq, etype, recorded_at in self.store.stamps(session):  # lazily: an undo reads only the last few acts
            if etype == "void" or seq in gone:
                continue
            if group and recorded_at != at:
                yield group
                group = []
            group.insert(0, seq)
            at = recorded_at
        if group:
            yield group

    def undo(self, session: str, n: int = 1, *, reason: str = "undo", now: str | None = None) -> list[ev.Recorded]:
        """Void the last `n` acts, newest first, each event of an act newest first (as the
        games that want corrections newest first require), in one transaction: if the rules
        refuse any of those voids, nothing is recorded."""
        from .describe import describe

        if n < 1:
            raise InputError("undo takes a number of acts from 1")
        reason = reason.strip() or "undo"
        with self.batch():
            state = self.state(session)
            acts = list(islice(self.acts(session, state.voided), n))
            if len(acts) < n or any(1 in act for act in acts):
                can = len([a for a in acts if 1 not in a])
                opened = next((a for a in acts if 1 in a), [1])  # the act the session's opening is in
                opening = all(r.event.type in ("session_opened", "player_joined")
                              for r in self.store.recorded(session, 0, opened[-1]))
                why = ("opening the session is not one: start a new session instead" if opening else
                       f"seq 1-{opened[-1]} came in at one time with the session's opening (an import), which undo "
                       "does not take back: potlog void SEQ cancels one of those events")
                raise RuleViolation(f"there {'is' if can == 1 else 'are'} only {can} act{'s' if can != 1 else ''} to "
                                    f"undo ({why})")
            out: list[ev.Recorded] = []
            for act in acts:
                for seq in reversed(act):
                    try:
                        out += self.execute(session, Void(target=seq, reason=reason), now=now)
                    except PotlogError as exc:
                        first = next(iter(self.store.recorded(session, act[0] - 1, act[0])))
                        raise type(exc)(f"cannot undo seq {act[0]} ({describe(first.event)}): {exc}; "
                                        "nothing was recorded") from None
            return out

    def _showdown_again(self, session: str, event: ev.Event, when: str) -> list[ev.Recorded] | None:
        """An act begun by a pot award that no 'award' could have recorded on its table
        (Blücher, Bluffjack: the pot is paid by the showdown) was a showdown: recorded again as
        one, the hands compared afresh on the amended table; None when the rules refuse it."""
        try:
            return self.execute(session, Showdown(), override=event.ruling, now=when)
        except PotlogError:
            return None

    def amend(self, session: str, seq: int, cmd: Command, *, override: str | None = None,
              reason: str = "", now: str | None = None) -> Amended:
        """Replace the act that recorded `seq` by `cmd`: void it and every act after it (newest
        first), record `cmd`, then record each later act again, decided afresh on the new
        table, oldest first; the ones the rules now refuse (or that potlog cannot rebuild a
        command for) are left out and listed. One transaction: if voiding or `cmd` is refused,
        nothing is recorded."""
        from .describe import describe
        from .snapshots import _voids_after, base_before

        if isinstance(cmd, (Void, Close, Open)):
            raise InputError(f"amend replaces an act with a command that records it again; '{cmd.verb}' is not one "
                             "(to cancel an act: potlog void SEQ or potlog undo)")
        with self.batch():
            state = self.state(session)
            if not 1 <= seq <= state.seq:
                raise RuleViolation(f"there is no seq {seq} (the last is {state.seq})")
            if seq in state.voided:
                raise RuleViolation(f"seq {seq} is void already: nothing to amend")
            acts: list[list[int]] = []
            for act in self.acts(session, state.voided):
                acts.append(act)
                if act[0] <= seq:
                    break
            if not acts or seq not in acts[-1]:
                raise RuleViolation(f"seq {seq} is a void, not an act: amend the act it cancelled, or undo")
            if 1 in acts[-1]:
                raise RuleViolation("the act that opened the session cannot be amended: start a new session instead")
            later = list(reversed(acts[:-1]))  # oldest first
            first_seq = acts[-1][0]
            # what each later act was: its first event, and the pot it could have taken whole
            # (for a physical count: the stack the ledger gave when it was counted)
            wanted = {s for act in later for s in act}
            begun: dict[int, tuple[ev.Event, int]] = {}
            showdowns: set[int] = set()  # acts begun by a pot the rules paid at a showdown (no 'award' could record it)
            base_seq, table = base_before(self.store, session, first_seq, state.seq)
            voided = _voids_after(self.store, session, base_seq, state.seq)
            for at, event in self.store.events(session, base_seq, state.seq):
                if at in wanted:
                    begun[at] = (event, table.stack(event.player) if isinstance(event, ev.ChipCount) else
                                 table.balance(event.pot if isinstance(event, ev.PotAwarded) else "pot"))
                    if isinstance(event, ev.PotAwarded) and at not in voided and not _typed(table, event, begun[at][1]):
                        showdowns.add(at)
                if at in voided:
                    table.seq = at
                    continue
                apply(table, at, event)
            why = reason.strip() or f"amended: seq {first_seq} replaced"
            voids: list[ev.Recorded] = []
            for act in acts:
                for target in reversed(act):
                    try:
                        voids += self.execute(session, Void(target=target, reason=why), now=now)
                    except PotlogError as exc:
                        raise type(exc)(f"cannot amend seq {seq}: voiding seq {target} is refused: {exc}; nothing was "
                                        "recorded") from None
            try:
                recorded = self.execute(session, cmd, override=override, now=now)
            except PotlogError as exc:
                raise type(exc)(f"the corrected act is refused: {exc}; nothing was recorded") from None
            result = Amended(voided=voids, recorded=recorded)
            for act in later:  # each act again as one act (one time): its events re-decided in order,
                when = self._stamp(session, now)  # what one decides records, the steps after it included
                i = 0
                while i < len(act):
                    event, whole = begun[act[i]]
                    again = _again(event, whole)
                    if again is None:
                        result.dropped.append((act[i], describe(event), f"potlog cannot record a {event.type} "
                                               "again by itself: record it again if it still holds"))
                        break
                    if isinstance(event, ev.ChipCount):
                        now_have = self.state(session).stack(event.player)
                    try:
                        made = self.execute(session, again, override=event.ruling, now=when)
                    except PotlogError as exc:
                        shown = self._showdown_again(session, event, when) if act[i] in showdowns else None
                        if shown is None:
                            result.dropped.append((act[i], describe(event), str(exc)))
                            break
                        made = shown
                    if isinstance(event, ev.ChipCount) and now_have != whole:
                        result.counts.append(_count_again(event, act[i], made[0].seq, whole, now_have))
                    result.redone += made
                    i += len(made)
            return result


def _typed(table: TableState, event: ev.PotAwarded, pot_before: int) -> bool:
    """Whether the command `_again` makes of this award is one the game took on the table the
    award was recorded on (else the rules paid it themselves, at a showdown)."""
    from .games import get_ruleset

    cmd = _again(event, pot_before)
    if cmd is None:
        return False
    try:
        get_ruleset(table.game).decided(table.clone(), cmd)
    except PotlogError:
        return False
    return True


def _count_again(event: ev.ChipCount, was: int, seq: int, had: int, has: int) -> str:
    """A physical count recorded again by an amend, against the ledger at that same point: the
    count is what was seen then; what changed is the ledger it is compared with."""
    diff = event.counted - has
    against = "now agrees with it" if not diff else f"now differs by {diff:+d}"
    return (f"{event.player}'s count of {event.counted} (seq {was}, recorded again as seq {seq}): the ledger said "
            f"{had} when it was counted and says {has} at that point now: the count {against}")

