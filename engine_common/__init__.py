"""Small pieces both card engines share: rank and suit notation, and snapshot conventions.

Standard library only. Each engine keeps its own rules; this package holds no rule.
"""
