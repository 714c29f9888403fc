"""The skill rating beside the ranking points: one Glicko-2 rating per player and board.

The points (`webapp.statistics.points`) reward playing a lot; the rating says how well someone
plays. The computer levels are its fixed anchors (`webapp.rating.levels`): a match moves only the
person's rating, against the rating of the level they played.

Glossary
    board        one game family the boards rank: ``gin``, ``hu`` (胡牌制) or ``romme``
    rating       a Glicko-2 rating on the familiar scale (start 1500), its deviation RD (start
                 350: how sure the figure is) and volatility (how erratic the player is)
    provisional  a rating whose RD is still above `glicko.PROVISIONAL_RD`: shown as ``1530?``
                 and not ranked
    anchor       a computer level's fixed rating, measured in the engines' tournaments
"""
