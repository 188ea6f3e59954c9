"""Elevator UP: its settings, card key and rule sheet words."""
