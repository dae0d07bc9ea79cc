"""Recording commands: one per thing that happens at the table. Each parses its arguments into
a `Command`, and `record` has the session's rules decide it; nothing here knows a rule."""

from __future__ import annotations

from typing import Annotated, List, Optional

import typer

from ledger.commands import (
    AllIn, Ante, Award, Bet, Call, Carry, Check, Close, Command, Count, Deal, Declare, End,
    Exchange, Fold, Join, Leave, Move, NewHand, Note, Pay, Play, Raise, Rebuy, Reshuffle, Reveal,
    RollDice, Round, Score, Switch, Void,
)

from .common import (RUN_DEFAULTS, DbOpt, JsonOpt, LineFailed, OverrideOpt, SessionOpt, app, fail, ledger, print_json,
                     record, session_of, show_recorded)

Player = Annotated[str, typer.Argument(help="The player, by the name they were seated with.")]
Amount = Annotated[int, typer.Argument(help="Chips (whole numbers).", min=1, max=10**12)]


def _pairs(items: list[str], what: str, example: str) -> list[tuple[str, str]]:
    out = []
    for item in items:
        if "=" not in item:
            fail(f"{what} {item!r} needs the form {example}", 2)
        key, value = item.split("=", 1)
        if not key.strip():
            fail(f"{what} {item!r} needs the form {example}", 2)
        out.append((key, value.strip(" ")))  # a name is taken as typed: `ledger.names` refuses spaces at its ends
    return out


def _chips(text: str, what: str) -> int:
    from ledger.events import MAX_CHIPS  # (the event models: imported when a command needs them)

    if not (text.isascii() and text.isdigit()) or len(text) > 13 or int(text) > MAX_CHIPS:
        fail(f"{what}: {text[:20]!r} is not a whole number of chips from 0 to {MAX_CHIPS} (digits 0-9)", 2)
    return int(text)


def _seated(game: str, items: list[str]) -> list[str]:
    """`--player` values with a bare NAME read as NAME=0 when the game keeps score in points
    rather than chips (`Ruleset.scores`, Bluke); any other game needs NAME=BUYIN."""
    from ledger.errors import InputError
    from ledger.games import get_ruleset

    try:
        scores = get_ruleset(game).scores
    except InputError:
        return items  # the ledger names the games when it refuses this one
    if not scores:
        return items
    return [item if "=" in item or not item.strip() else f"{item}=0" for item in items]


@app.command(rich_help_panel="Start and seat")
def new(
    game: Annotated[str, typer.Argument(help="The ruleset ('potlog games' lists them; 'freeform' for any game).")],
    player: Annotated[List[str], typer.Option("--player", "-p", metavar="NAME=BUYIN",
                                              help="A player and their buy-in, in seat order (clockwise); in a game "
                                                   "kept in points (bluke) NAME alone sits with no chips. Repeat.")] = [],
    option: Annotated[List[str], typer.Option("--option", "-o", metavar="KEY=VALUE",
                                              help="A table option (see 'potlog games GAME'). Repeat.")] = [],
    name: Annotated[Optional[str], typer.Option(help="The session's name (default: GAME-DATE).")] = None,
    unit: Annotated[str, typer.Option(help="What one chip is called.")] = "chip",
    title: Annotated[str, typer.Option(help="A label for people, like \"Friday at Ann's\".")] = "",
    db: DbOpt = None,
) -> None:
    """Open a session of GAME with its players seated; it becomes the current session.

    Example: potlog new bluecher -p Ann=100 -p Ben=100 -p Cy=100 -o card_cost=2

    A points game takes bare names: potlog new bluke -p John -p Margaret
    """
    players = [(p, _chips(b, f"player {p}'s buy-in")) for p, b in _pairs(_seated(game, player), "--player", "NAME=BUYIN, like Ann=100")]
    options = dict(_pairs(option, "--option", "KEY=VALUE, like pack=spanish40"))
    with ledger(db, create=True) as led:
        sid = led.new_session(game, players, options=options, name=name, chip_unit=unit, title=title)
        typer.echo(f"session {sid} opened ({game}, {len(players)} players); it is now the current session")


@app.command(rich_help_panel="Start and seat")
def switch(game: Annotated[str, typer.Argument(help="The game played from now on ('potlog games' lists them).")],
           option: Annotated[List[str], typer.Option("--option", "-o", metavar="KEY=VALUE",
                                                     help="A table option of that game. Repeat.")] = [],
           db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Between hands, play another game at the same table, in the same session: a night of
    Pig, then Drop Dead, then Chicago. Seats and stacks stay, and a kitty left standing rides
    into the new game's first hand. A game's own boards must be paid out first.

    Example: potlog switch dropdead -o ante=2
    """
    options = dict(_pairs(option, "--option", "KEY=VALUE, like ante=2"))
    record(db, session, Switch(name=game, options=options), as_json=json)


@app.command(rich_help_panel="Start and seat")
def use(session: Annotated[str, typer.Argument(help="The session to make current.")], db: DbOpt = None) -> None:
    """Make SESSION the current session, so later commands need no --session."""
    with ledger(db) as led:
        led.use(session)
        typer.echo(f"current session: {session}")


@app.command(rich_help_panel="Start and seat")
def join(player: Player, buyin: Annotated[int, typer.Argument(help="Chips bought in.", min=0, max=10**12)],
         position: Annotated[Optional[int], typer.Option(help="Seat position clockwise from 0 (default: last).")] = None,
         db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Seat PLAYER with a buy-in of BUYIN chips (bank -> seat)."""
    record(db, session, Join(player=player, amount=buyin, position=position), override=override, as_json=json)


@app.command(rich_help_panel="Start and seat")
def rebuy(player: Player, amount: Amount, db: DbOpt = None, session: SessionOpt = None,
          override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """PLAYER buys AMOUNT more chips."""
    record(db, session, Rebuy(player=player, amount=amount), override=override, as_json=json)


@app.command(rich_help_panel="Start and seat")
def leave(player: Player, reason: Annotated[str, typer.Option(help="Why, for the record.")] = "",
          db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """PLAYER leaves and cashes out their whole stack (seat -> bank)."""
    record(db, session, Leave(player=player, reason=reason), override=override, as_json=json)


@app.command(rich_help_panel="The hand")
def hand(dealer: Annotated[Optional[str], typer.Option(help="Who deals (default: as the game says, else the next seat).")] = None,
         first: Annotated[Optional[str], typer.Option(help="Who acts first, where the game lets the table say.")] = None,
         db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Start a new hand. Chips carried over from the last hand move into the pot."""
    record(db, session, NewHand(dealer=dealer, first=first), override=override, as_json=json)


@app.command("round", rich_help_panel="The hand")
def round_(name: Annotated[str, typer.Option(help="A label for the round.")] = "",
           db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Start a new betting round: everyone's bet in the round goes back to zero."""
    record(db, session, Round(name=name), override=override, as_json=json)


@app.command(rich_help_panel="Cards and dice")
def deal(to: Annotated[str, typer.Argument(help="A player, or a board: board, stock, trump, kitty, table.")],
         cards: Annotated[Optional[List[str]], typer.Argument(help="The cards, like AS 10H K♠; ?? for an unseen card.")] = None,
         count: Annotated[Optional[int], typer.Option("--count", "-n", help="Deal this many unseen cards face down.", min=1, max=200)] = None,
         up: Annotated[bool, typer.Option("--up", help="Dealt face up (the table sees them).")] = False,
         db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Deal cards to a player or a board: known cards by name, unseen ones with --count."""
    record(db, session, Deal(to=to, cards=tuple(cards or ()), count=count, face_up=up),
           override=override, as_json=json)


@app.command(rich_help_panel="Cards and dice")
def move(source: Annotated[str, typer.Argument(metavar="FROM", help="The zone the cards leave: a player's hand, or stack:NAME, pile:N, talon, skat, dog, discards, tricks:NAME ...")],
         dest: Annotated[str, typer.Argument(metavar="TO", help="The zone they go to (made when first named).")],
         cards: Annotated[Optional[List[str]], typer.Argument(help="The cards, bottom to top, as they lie on top of FROM; ?? for unseen ones.")] = None,
         count: Annotated[Optional[int], typer.Option("--count", "-n", help="Move this many unseen cards.", min=1, max=200)] = None,
         bottom: Annotated[bool, typer.Option("--bottom", help="Put them under the bottom of TO, not on its top.")] = False,
         up: Annotated[Optional[bool], typer.Option("--up/--down", help="Turn them face up (name them) or face down (default: as they lie).")] = None,
         db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Move the top cards of one zone onto another: potlog move stack:Ann battle:Ann 7H --up.

    A zone has a top and a bottom: a known top card must be the one named (it is refused
    otherwise); an unseen one is named as it is turned up."""
    record(db, session, Move(source=source, to=dest, cards=tuple(cards or ()), count=count,
                                position=0 if bottom else None, value=up), override=override, as_json=json)


@app.command(rich_help_panel="Cards and dice")
def reveal(holder: Annotated[str, typer.Argument(help="Whose cards: a player or a board.")],
           cards: Annotated[List[str], typer.Argument(help="The cards shown, like QS 7D.")],
           db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Turn cards face up; an unseen card (??) of the holder becomes the card named."""
    record(db, session, Reveal(player=holder, cards=tuple(cards)), override=override, as_json=json)


@app.command(rich_help_panel="Cards and dice")
def exchange(player: Player,
             draw: Annotated[Optional[List[str]], typer.Argument(help="The cards received (?? or --count if unseen).")] = None,
             discard: Annotated[List[str], typer.Option("--discard", "-d", help="A card given up. Repeat.")] = [],
             count: Annotated[Optional[int], typer.Option("--count", "-n", help="Draw this many unseen cards.", min=1, max=60)] = None,
             cost: Annotated[Optional[int], typer.Option(help="Chips paid to the pot for the exchange (default: as the game says).", min=0)] = None,
             up: Annotated[bool, typer.Option("--up", help="The new cards come face up.")] = False,
             db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Discard and draw (buy a card): potlog exchange Ann 7H --discard KD."""
    record(db, session, Exchange(player=player, cards=tuple(draw or ()), discard=tuple(discard),
                                count=count, amount=cost, face_up=up), override=override, as_json=json)


@app.command(rich_help_panel="Cards and dice")
def play(
    player: Annotated[Optional[str], typer.Argument(
        help="With CARD: the player who plays it to the trick. Without arguments: open the prompt.",
        metavar="PLAYER", show_default=False)] = None,
    card: Annotated[Optional[str], typer.Argument(help="The card played, like QH.", metavar="CARD", show_default=False)] = None,
    db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False,
) -> None:
    """Record live in a prompt (no arguments), or PLAYER plays CARD to the current trick.

    'potlog play' opens the session in a prompt: type potlog commands without 'potlog' ('bet Ann 5',
    'deal Ann -n 2', a game's own words). The table is shown after every act and the prompt says whose
    turn it is and what is legal; a refused line prints its one line and records nothing. Tab completes
    verbs, player names and cards; 'undo' or Ctrl-Z undoes the last act; Up/Down walk the history
    ($POTLOG_HISTORY, else 'history' in potlog's data directory); 'help' lists the verbs; 'quit', 'exit'
    or Ctrl-D leave. With stdin not a terminal, the lines are read from it and a refused line does not
    stop the ones after it.
    """
    if player is None and card is None:
        if override is not None or json:
            fail("the prompt takes no --override or --json: give them on a line inside it", 2)
        from .cmd_play import interactive

        interactive(db, session)
        return
    if player is None or card is None:
        fail("'play PLAYER CARD' plays a card to the trick: give both (or nothing, for the prompt)", 2)
    assert player is not None and card is not None  # fail() has exited
    record(db, session, Play(player=player, cards=(card,)), override=override, as_json=json)


@app.command(rich_help_panel="Cards and dice")
def roll(who: Annotated[str, typer.Argument(help="Who rolled ('-' for nobody in particular).")],
         faces: Annotated[List[str], typer.Argument(help="Every face rolled, like 3 5 6.")],
         sides: Annotated[Optional[int], typer.Option(help="The die size, if the game lets the roll say.")] = None,
         db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Record a roll of the dice: potlog roll Ann 3 5 6."""
    record(db, session, RollDice(player=None if who == "-" else who, faces=tuple(faces), sides=sides),
           override=override, as_json=json)


@app.command(rich_help_panel="Cards and dice")
def declare(who: Annotated[str, typer.Argument(help="Who declares ('-' for the table).")],
            name: Annotated[str, typer.Argument(help="What: dice, limit, bid, cost, target ... (lower case).")],
            value: Annotated[Optional[str], typer.Argument(help="Its value.")] = None,
            db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """A declaration the game defines: potlog declare Ann dice 3; potlog declare Ann limit 5."""
    record(db, session, Declare(player=None if who == "-" else who, name=name, value=value),
           override=override, as_json=json)


@app.command(rich_help_panel="Betting")
def ante(player: Annotated[str, typer.Argument(help="The player, or 'all': everyone in the hand, in turn.")],
         amount: Annotated[Optional[int], typer.Argument(help="Chips (whole numbers; default: as the game says).", min=1, max=10**12)] = None,
         db: DbOpt = None, session: SessionOpt = None,
         override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """PLAYER antes AMOUNT into the pot ('ante all 1': everyone, in turn, as one act)."""
    record(db, session, Ante(player=player, amount=amount), override=override, as_json=json)


@app.command(rich_help_panel="Betting")
def bet(player: Player, amount: Amount, db: DbOpt = None, session: SessionOpt = None,
        override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """PLAYER bets AMOUNT (the first bet of a round)."""
    record(db, session, Bet(player=player, amount=amount), override=override, as_json=json)


@app.command(rich_help_panel="Betting")
def call(player: Player,
         amount: Annotated[Optional[int], typer.Argument(help="Optional: the amount, checked against what is owed.")] = None,
         db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """PLAYER matches the highest bet of the round (potlog works out how much)."""
    record(db, session, Call(player=player, amount=amount), override=override, as_json=json)


@app.command("raise", rich_help_panel="Betting")
def raise_(player: Player, by: Annotated[int, typer.Argument(help="How much the bet goes up.", min=1, max=10**12)],
           db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """PLAYER calls and raises BY chips."""
    record(db, session, Raise(player=player, amount=by), override=override, as_json=json)


@app.command(rich_help_panel="Betting")
def allin(player: Player, db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None,
          json: JsonOpt = False) -> None:
    """PLAYER puts in every chip they have left."""
    record(db, session, AllIn(player=player), override=override, as_json=json)


@app.command(rich_help_panel="Betting")
def check(player: Annotated[str, typer.Argument(help="The player, or 'all': checks around, in turn.")], db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None,
          json: JsonOpt = False) -> None:
    """PLAYER checks (nothing to call)."""
    record(db, session, Check(player=player), override=override, as_json=json)


@app.command(rich_help_panel="Betting")
def fold(player: Player, db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None,
         json: JsonOpt = False) -> None:
    """PLAYER gives up the hand."""
    record(db, session, Fold(player=player), override=override, as_json=json)


@app.command(rich_help_panel="Pots and payments")
def pay(source: Annotated[str, typer.Argument(metavar="FROM", help="A player, pot, pot:NAME, carry or house.")],
        to: Annotated[str, typer.Argument(help="A player, pot, pot:NAME, carry or house.")],
        amount: Amount,
        reason: Annotated[str, typer.Option(help="Why (a side bet, a penalty, the house's cut).")] = "",
        db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Move AMOUNT chips between two accounts: potlog pay Ann Ben 5 --reason 'side bet'."""
    record(db, session, Pay(source=source, to=to, amount=amount, reason=reason),
           override=override, as_json=json)


@app.command(rich_help_panel="Pots and payments")
def award(player: Annotated[Optional[str], typer.Argument(help="The winner of the whole pot.")] = None,
          amount: Annotated[Optional[int], typer.Option(help="Only this much of the pot.", min=1)] = None,
          share: Annotated[List[str], typer.Option(metavar="NAME=CHIPS", help="Split the pot: one share per winner. Repeat.")] = [],
          pot: Annotated[str, typer.Option(help="Which pot: pot or pot:NAME; in a freeform hand with side pots, "
                                                "one of them: main, side-1, side-2 ... (see 'potlog state').")] = "pot",
          reason: Annotated[str, typer.Option(help="What won it, for the record.")] = "",
          db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Pay a pot out to its winner (or split it with --share Ann=10 --share Ben=10)."""
    shares = tuple((p, _chips(c, f"{p}'s share")) for p, c in _pairs(share, "--share", "NAME=CHIPS, like Ann=10"))
    record(db, session, Award(player=player, amount=amount, shares=shares, source=pot, reason=reason),
           override=override, as_json=json)


@app.command(rich_help_panel="Pots and payments")
def carry(amount: Annotated[Optional[int], typer.Option(help="How much (default: the whole pot).", min=1)] = None,
          pot: Annotated[str, typer.Option(help="Which pot.")] = "pot",
          db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Let the pot ride into the next hand (pot -> carry)."""
    record(db, session, Carry(amount=amount, source=pot), override=override, as_json=json)


@app.command(rich_help_panel="The hand")
def end(db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """End the hand (every pot must be empty: awarded or carried over)."""
    record(db, session, End(), override=override, as_json=json)


@app.command(rich_help_panel="Corrections and records")
def count(player: Player, chips: Annotated[int, typer.Argument(help="Chips counted on the table.", min=0, max=10**12)],
          db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Record a physical count of PLAYER's chips; says at once when the ledger disagrees (the
    audit lists every count that did)."""
    record(db, session, Count(player=player, amount=chips), override=override, as_json=json)
    from ledger.app import count_difference

    with ledger(db) as led:
        gap = count_difference(led.state(session_of(led, session)), player, chips)
    if gap:
        typer.secho(f"potlog: warning: {gap}", err=True, fg="yellow")


@app.command(rich_help_panel="Corrections and records")
def note(text: Annotated[List[str], typer.Argument(help="The note.")], db: DbOpt = None, session: SessionOpt = None,
         json: JsonOpt = False) -> None:
    """Add a free-text note to the log."""
    record(db, session, Note(text=" ".join(text)), as_json=json)


@app.command(rich_help_panel="Corrections and records")
def void(seq: Annotated[int, typer.Argument(help="The seq of the event to cancel (see potlog log).", min=1)],
         reason: Annotated[str, typer.Option(help="Why it is void (required, for the audit).")] = "",
         db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Cancel an earlier event: the table is rebuilt as if it had never happened."""
    record(db, session, Void(target=seq, reason=reason), as_json=json)


@app.command(rich_help_panel="Corrections and records")
def undo(n: Annotated[int, typer.Argument(help="How many acts to undo, the newest first.", min=1, max=1000)] = 1,
         reason: Annotated[str, typer.Option(help="Why, for the audit.")] = "undo",
         db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Void the last N acts (a command with what potlog recorded after it), newest first, as
    one correction: if the rules refuse any of the voids, nothing is recorded."""
    with ledger(db) as led:
        sid = session_of(led, session)
        recorded = led.undo(sid, n, reason=reason)
        show_recorded(led, sid, recorded, as_json=json)


@app.command(rich_help_panel="Corrections and records",
             context_settings={"ignore_unknown_options": True})
def amend(seq: Annotated[int, typer.Argument(help="A seq of the act to replace (see potlog log).", min=1)],
          command: Annotated[List[str], typer.Argument(metavar="-- COMMAND...", help="The corrected command, as you would type it after 'potlog'.")],
          reason: Annotated[str, typer.Option(help="Why, for the audit (default: 'amended: seq N replaced').")] = "",
          db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Replace an earlier act: void it and every act after it, record the corrected command,
    then record the later acts again where the rules still allow them (the others are
    listed). One transaction: if the correction is refused, nothing is recorded.

    Example: potlog amend 7 -- bet Ann 20
    """
    from ledger.text import printable

    args = [a for a in command if a != "--"] if command[:1] == ["--"] else list(command)
    with ledger(db) as led:
        sid = session_of(led, session)
        cmd, override = _parsed(led, sid, args)
        result = led.amend(sid, seq, cmd, override=override, reason=reason)
        if json:
            print_json({"voided": [r.to_line() for r in result.voided],
                        "recorded": [r.to_line() for r in result.recorded],
                        "redone": [r.to_line() for r in result.redone],
                        "dropped": [{"seq": s, "was": what, "why": why} for s, what, why in result.dropped],
                        "counts": result.counts})
            return
        show_recorded(led, sid, result.voided + result.recorded + result.redone, as_json=False, next_step=False)
        for s, what, why in result.dropped:
            typer.secho(f"not recorded again: seq {s} ({printable(what)}): {printable(why)}", err=True)
        for said in result.counts:
            typer.secho(f"potlog: warning: {printable(said)}", err=True, fg="yellow")
        show_recorded(led, sid, [], as_json=False)


RECORDING_PANELS = ("Start and seat", "The hand", "Cards and dice", "Betting", "Pots and payments",
                    "Corrections and records")
"""The help panels of the commands that record an act (of them, 'use' records nothing)."""


def _parsed(led, sid: str, args: list[str]) -> tuple[Command, Optional[str]]:
    """The command `args` (a recording command line) stands for, parsed by the CLI itself and
    taken before it is recorded (`Ledger.capture`)."""
    import contextlib
    import io

    from ledger.app import Captured

    from . import clicompat as click
    from .common import root_command

    if not args:
        fail("amend needs the corrected command after '--', like: potlog amend 7 -- bet Ann 20", 2)
    if args[0] in ("amend", "undo", "void", "run", "new", "close"):
        fail(f"amend records a corrected act; '{args[0]}' is not one (a recording command such as bet, deal, award)", 2)
    if args[0].startswith("-"):
        fail(f"amend needs the corrected command first after '--', its options after it, like: potlog amend 7 -- "
             f"bet Ann 20; not {args[0]!r}", 2)
    core = root_command().commands.get(args[0])  # (a game's own word is not among them: it records)
    if core is not None and (getattr(core, "rich_help_panel", None) not in RECORDING_PANELS or args[0] == "use"):
        # said before it runs: an import, an export, 'use' ... would do what it does, then be refused
        fail(f"amend needs a recording command after '--' (bet, call, deal, award ...), not {args[0]!r}", 2)
    capturing = RUN_DEFAULTS["capture"]  # (cli.main keeps every command registered for amend)
    RUN_DEFAULTS["capture"] = True  # a refusal of the inner line comes back as LineFailed, not printed
    refused: Optional[LineFailed] = None
    try:
        with led.sharing(), led.capture() as got, contextlib.redirect_stdout(io.StringIO()):
            try:
                root_command().main(args=["--db", led.store.path, "--session", sid, *args], prog_name="potlog",
                                    standalone_mode=False)
            except Captured:
                pass
            except LineFailed as exc:
                refused = exc
            except click.ClickException as exc:
                refused = LineFailed(f"amend: {exc.format_message()}", 2)
    finally:
        RUN_DEFAULTS["capture"] = capturing
    if refused is not None:
        fail(str(refused), refused.code)
    if not got:
        fail(f"amend needs a recording command after '--' (bet, call, deal, award ...), not {args[0]!r}", 2)
    return got[0]


@app.command(rich_help_panel="Corrections and records", context_settings={"ignore_unknown_options": True})
def score(player: Player, points: Annotated[int, typer.Argument(help="Points (may be negative).")],
          reason: Annotated[str, typer.Option(help="Why.")] = "",
          db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """Give PLAYER points, for games scored in points."""
    record(db, session, Score(player=player, amount=points, reason=reason), override=override, as_json=json)


@app.command(rich_help_panel="Cards and dice")
def reshuffle(db: DbOpt = None, session: SessionOpt = None, override: OverrideOpt = None, json: JsonOpt = False) -> None:
    """The stock ran out: the discards are shuffled into a new stock."""
    record(db, session, Reshuffle(), override=override, as_json=json)


@app.command(rich_help_panel="Start and seat")
def close(db: DbOpt = None, session: SessionOpt = None, json: JsonOpt = False) -> None:
    """Close the session: everyone still seated cashes out, and nothing more can be recorded.
    Then prints a seal of the closed log ('potlog seal'): keep that line off this machine."""
    record(db, session, Close(), as_json=json)
    if not json:
        _print_close_seal(db, session)


def _print_close_seal(db: Optional[str], session: Optional[str]) -> None:
    """The seal of a closed session's head, printed (never written to a file: 'potlog seal
    --out FILE' does that); a seal that cannot be made is said in one line, the close stands."""
    from ledger.app import utc_now
    from ledger.errors import PotlogError
    from ledger.seal import seal_session

    from .common import session_of

    try:
        with ledger(db) as led:
            made = seal_session(led.store, session_of(led, session), utc_now())
    except PotlogError as exc:
        typer.secho(f"seal: not made: {exc}", dim=True)
        return
    typer.echo(f"seal: {made.line()}")
    typer.secho("keep this line off this machine (e-mail or print it), or save it with 'potlog seal --out FILE'; "
                "'potlog verify --seal FILE' checks it", dim=True)
