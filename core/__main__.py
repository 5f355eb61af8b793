"""``python -m boardgames`` runs the command-line interface."""

from boardgames.cli import main

if __name__ == "__main__":
    main(prog_name="boardgames")
