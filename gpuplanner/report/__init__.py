"""The printable rack/power spec sheet (Qt printing). Built in a later issue."""
