"""The scenario: its fields declared once, the file parsed and validated, the software stacks."""
