"""Elbows Up!: its scoring, scoresheet, game answers, rule sheets and a whole event."""
