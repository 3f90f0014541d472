"""Odds pages: a built question's own address, `q/<calculator>/<slug>/`, which previews with its answer."""
