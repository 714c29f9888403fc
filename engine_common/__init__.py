"""What both card engines share: the contract their matches keep (``contract``) and the small
pieces written once — card notation and colour, error classes and the refusal codes every
game shares, the public event record, the snapshot envelope, what every view answers alike,
action names, fair deals, tournament statistics.

Standard library only. Each engine keeps its own rules; this package holds no rule.
"""
