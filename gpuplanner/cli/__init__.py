"""The headless command line (README "Headless use"): `main` (entry, exit codes), `catalog`, `estimate`, `plan`,
`demo`, and `text` (the plain-text reports' language). Scenarios are estimated and planned through
gpuplanner.service, the same calls the app makes."""
