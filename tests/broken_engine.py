"""An engine that breaks on purpose, one way per run (the first argument),
for the tests of the engine agent: each failure must lose the game with the
reason in the record, and the arena must go on.

    crash    exits (code 3) when asked for a move
    hang     never answers a move
    illegal  answers a square that is taken
    garbage  answers a move that is not a move
    error    answers 'error ...'
    mute     never greets
    slow     answers each 'position' after 20 s (and 'go' at once)
"""

import sys
import time

mode = sys.argv[1]
for line in sys.stdin:
    command = line.split()[0] if line.split() else ""
    if command == "hello":
        if mode == "mute":
            time.sleep(3600)
        print("hello boardgames-engine 1 broken 0 agent", mode, flush=True)
    elif command == "position":
        taken = line.split()[1] if len(line.split()) > 1 else None
        if mode == "slow":
            time.sleep(20)
        print("ok", flush=True)
    elif command == "go":
        if mode == "crash":
            sys.exit(3)
        if mode == "hang":
            time.sleep(3600)
        if mode == "illegal":
            print(f"move {taken or 'zz'}", flush=True)
        if mode == "slow":
            print(f"move {sys.argv[2]}", flush=True)
        if mode == "garbage":
            print("move the-knight", flush=True)
        if mode == "error":
            print("error out of ideas", flush=True)
    elif command == "quit":
        print("bye", flush=True)
        break
    else:
        print("ok", flush=True)
