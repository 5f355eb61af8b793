"""`boardgames engine` with tests/toy_games.py's games registered, writing
every line it is sent to a log (the first argument), for the tests of what
an engine is told: ``python tests/spy_engine.py LOG [AGENT [EXAMPLE ...]]``,
each EXAMPLE a game of examples/ registered too (``phantom_ttt``)."""

import contextlib
import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from boardgames.protocol.server import EngineSession  # noqa: E402
from boardgames.testing import plugin  # noqa: E402
from tests.toy_games import Toys  # noqa: E402


class Tee:
    def __init__(self, stream, log):
        self.stream, self.log = stream, log

    def readline(self, limit=-1):
        line = self.stream.readline(limit)
        self.log.write(line)
        self.log.flush()
        return line


with contextlib.ExitStack() as stack, plugin(Toys, "toys"), open(sys.argv[1], "a") as log:
    if len(sys.argv) > 3:
        from tests.helpers import load_example

        for name in sys.argv[3:]:
            stack.enter_context(plugin(load_example(name), name))
    EngineSession(sys.argv[2] if len(sys.argv) > 2 else "random").serve(Tee(sys.stdin, log), sys.stdout)
