"""复盘: the review of every finished hand of a game that has one (`webapp.games.Review`),
each decision beside the expert's. The blueprint is ``webapp.review.views.bp``; what a review
is, how it is computed and worded, is the game's own (Gin Rummy's ``webapp.gin.review``, Rommé's
``webapp.romme.review``)."""
