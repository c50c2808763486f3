"""Cost: buy against rent, capex, opex, cloud prices, TCO."""
