"""Dice-pool combat: its calculator."""
