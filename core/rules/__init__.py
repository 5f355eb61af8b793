"""The rules kernel: the game API (Game, State), moves and their parts,
options, the declarations a game makes (kinds, marks, words, colours, the
picture of a position), bit-mask states, and the defaults derived from
declarations alone (a connection game's evaluation)."""
