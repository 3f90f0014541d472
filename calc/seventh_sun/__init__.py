"""Seventh Sun: its calculator."""
