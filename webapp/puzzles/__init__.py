"""Puzzles (docs/puzzles.md): 错题本 — a person's own flagged decisions that have a clearly best
move —, the bank made from the computer players' own matches, each attempt a rated Glicko-2
game between the player and the puzzle, 每日一题 and 连对. The blueprint is
``webapp.puzzles.views.bp``; what a position is and how its moves are valued and shown is the
game's own (its ``Puzzles`` hook, `webapp.games`; Gin Rummy's: ``webapp.gin.puzzles``)."""
