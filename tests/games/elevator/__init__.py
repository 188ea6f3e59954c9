"""Elevator, and what it shares with Elevator UP: the shedding winner rule, printed sheets, a whole event."""
