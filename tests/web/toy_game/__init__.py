"""A toy third game, "high card", defined in the tests to prove that a game's registry entry
is all the site needs (issue 47, the OpenSpiel way): its engine (`engine`), its table
(`table`: a blueprint, its start form and templates) and its entry (`entry.TOY`)."""
