"""The printable rack/power spec sheet (Qt printing): the sheet, its drawings, the report font and number
formatting shared with the app's details."""
