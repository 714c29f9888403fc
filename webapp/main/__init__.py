"""Start page: choose the game, its ruleset and difficulty; start or continue a match."""
