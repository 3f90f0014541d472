"""Rolls in the text: their marks, their reading of a sentence and their draws."""
