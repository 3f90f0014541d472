"""The dice core: distributions, exploding and kept dice, order statistics, totals, draws, notation."""
