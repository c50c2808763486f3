"""How many tokens a text dataset holds, from what a lab knows of it: its size as plain text, or its documents and
their length in words. Rules of thumb for English with a BPE tokenizer; other languages and tokenizers differ (the
tokens field stays the figure the plan uses, editable)."""

from __future__ import annotations

# OpenAI Help Center, "What are tokens and how to count them?" (article 4936856), "Helpful rules of thumb for
# English": 1 token ≈ 4 characters, 1 token ≈ ¾ of a word.
CHARACTERS_PER_TOKEN = 4.0
WORDS_PER_TOKEN = 0.75


def tokens_in_text(gigabytes: float) -> float:
    """Tokens in `gigabytes` (10^9 bytes) of plain English text, one byte a character (UTF-8)."""
    return gigabytes * 1e9 / CHARACTERS_PER_TOKEN


def tokens_in_documents(documents: float, words_each: float) -> float:
    """Tokens in `documents` of `words_each` English words."""
    return documents * words_each / WORDS_PER_TOKEN
