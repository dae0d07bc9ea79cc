"""The game kit: shared engines a game declaration picks and parameterises."""
