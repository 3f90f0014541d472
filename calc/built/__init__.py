"""What only the build works out: the figures of rolls in the text and of rolls typed into the search."""
