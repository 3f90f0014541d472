"""Roll & Keep: its rules as values (rules, damage, weapons, exchange, social, vocabulary) and its calculators."""
