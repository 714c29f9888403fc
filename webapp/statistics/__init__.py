"""The players' statistics: what an ended match leaves behind, and every number kept from it.

`ranking` records an ended match (its result row, ranking points for a win, the totals, the
charts, the rating); `totals` keeps each player's sums per board, `points` what a win is worth,
`charts` the player page's series, `recount` the repair path (``flask recount-totals``). The
boards (`webapp.board`) and the rating (`webapp.rating`) read from here; each game declares its
own statistics on its registry entry (`webapp.games`).
"""
