"""Base pieces every room uses: records, errors, messages and the shared vocabularies."""
