"""Analysis over many games or one: arena and ratings (with the Ray backend),
speed benches, review and finding a better move."""
