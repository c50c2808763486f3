"""Serving: LLM inference memory and time, the serving engines' profiles."""
