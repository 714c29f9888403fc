"""每日一局: one game's boards a day for everyone, scored against the field by matchpoints.

``calendar``: when a day opens and closes (the site's ``DAILY_TIME_ZONE``); ``days``: a
day's seed and pars, made when the day is first asked for; ``scoring``: results as they
arrive, matchpoints from the boards' tallies and the standings at the close; ``history``:
a player's days; ``views``: the pages (docs/daily.md).
"""
