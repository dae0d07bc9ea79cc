"""The command types, for the application and the CLI: they live in the core (`ledger.core.commands`)."""

from .core.commands import (
    Command, COMMANDS, command_for, player_of, Open, Switch, Join, Rebuy, Leave, Close, Count, Note, Void,
    NewHand, Round, Deal, Reveal, Exchange, Play, Move, Reshuffle, End, RollDice, Declare, Ante,
    Bet, Call, Raise, AllIn, Check, Fold, Pay, Award, Carry, Score, Showdown, Stands, BringIn, Hit,
    Stand, CupDice, Reroll, Lift, Bid, Bids, Tricks, Liar, Claim, Doubt, Concede, Turn
)

__all__ = [
    'Command', 'COMMANDS', 'command_for', 'player_of', 'Open', 'Switch', 'Join', 'Rebuy', 'Leave', 'Close',
    'Count', 'Note', 'Void', 'NewHand', 'Round', 'Deal', 'Reveal', 'Exchange', 'Play', 'Move',
    'Reshuffle', 'End', 'RollDice', 'Declare', 'Ante', 'Bet', 'Call', 'Raise', 'AllIn', 'Check',
    'Fold', 'Pay', 'Award', 'Carry', 'Score', 'Showdown', 'Stands', 'BringIn', 'Hit', 'Stand',
    'CupDice', 'Reroll', 'Lift', 'Bid', 'Bids', 'Tricks', 'Liar', 'Claim', 'Doubt', 'Concede',
    'Turn'
]
