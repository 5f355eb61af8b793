"""Playing a game: the match (one game loop for every front end), clocks,
levels, records and the safe writing of files."""
