"""Encodings for learning (moves as actions, positions as planes), the
structural features, and evaluations learnt from self-play."""
