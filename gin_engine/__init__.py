"""Gin Rummy rules engine (standard library only)."""
