"""A player's screen and the poll that keeps it current."""
