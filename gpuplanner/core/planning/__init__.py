"""Planning: the options searched, each evaluated, the user's goals and limits, the ranking."""
