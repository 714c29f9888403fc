"""The reading pages: rules, FAQ and strategy, from markdown with engine-checked numbers."""
