"""Verso (Guy Jeandel): arrives with its own issue."""
