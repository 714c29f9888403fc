RANKING_POINTS = {"easy": 10, "normal": 30, "expert": 100}
