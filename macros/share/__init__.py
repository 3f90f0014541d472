"""Share pages and cards: a page and card per anchor and ruling, chosen by rule and checked."""
