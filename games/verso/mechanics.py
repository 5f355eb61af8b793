"""Constants of Verso that the rules and the fast playout share."""

ROW = 5  # V5
