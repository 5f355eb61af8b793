"""Adapters to other programs' interfaces: PettingZoo (extra ``rl``) and
OpenSpiel (extra ``openspiel``). Import the one you need; this package itself
imports neither."""
