"""A player's actions: a card, a pointing, a chat line, a gesture, a stroke."""
