"""What both card engines share: the contract their matches keep (``contract``) and the small
pieces written once — card notation and colour, error classes and the refusal codes every
game shares, who may move now (``turns``: the checks every game makes first), the public event
record, the snapshot envelope, a preset by its name, what every view answers alike, action
names, fair deals, tournament statistics.

Standard library only. Each engine keeps its own rules; this package holds no rule.
"""
