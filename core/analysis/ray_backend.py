"""Arena games on a Ray cluster (``boardgames arena ... --backend ray``).

Ray is the existing engine for spreading Python work over many machines; it
is an optional extra (``pip install 'boardgames[ray]'``) and only this module
imports it. Each game is one Ray task running the same function as a local
worker, with the same seeds, so the results are the same as the local pool's
for agents bounded by iterations or depth. Without ``address`` a Ray
instance is started on this machine for the run (with ``jobs`` CPUs) and
stopped after; with one, the run joins that cluster, whose machines need
boardgames (and the plugins the games use) installed. A Ray already started
in this process (``ray.init()``) is used as it is.
"""

from __future__ import annotations

import logging
import socket
from collections.abc import Callable, Sequence
from typing import Any

from ..errors import BoardgamesError

PROBE_SECONDS = 3.0


def run_tasks(
    play: Callable[..., Any],
    tasks: Sequence[tuple[Any, ...]],
    done: Callable[[Any], None],
    jobs: int,
    address: str | None,
) -> None:
    """Run ``play(task)`` for every task on Ray and hand each result to
    ``done`` as it comes. On Ctrl-C (or any error) the tasks still pending
    are cancelled before the exception goes on."""
    try:
        import ray  # type: ignore[import-not-found, unused-ignore]  # an optional extra
    except ImportError:
        raise BoardgamesError("the ray backend needs Ray: pip install 'boardgames[ray]'") from None
    if address is not None:
        _probe(address)  # even if Ray runs here already: a bad address is an error either way
    started = False
    if not ray.is_initialized():
        _start(ray, jobs, address)
        started = True
    try:
        remote = ray.remote(play)
        pending = [remote.remote(task) for task in tasks]
        try:
            while pending:
                ready, pending = ray.wait(pending, num_returns=1)
                for ref in ready:
                    try:
                        done(ray.get(ref))
                    except ray.exceptions.RayTaskError as exc:
                        raise exc.as_instanceof_cause() from None
        except BaseException:
            for ref in pending:
                ray.cancel(ref, force=True)
            raise
    finally:
        if started:
            ray.shutdown()


def _start(ray: Any, jobs: int, address: str | None) -> None:
    quiet = {"log_to_driver": False, "logging_level": logging.ERROR}
    if address is None:
        ray.init(num_cpus=jobs, include_dashboard=False, **quiet)
        return
    try:
        ray.init(address=address, **quiet)
    except Exception as exc:  # Ray raises several kinds here; each is one line for the user
        first = str(exc).strip().splitlines()[0] if str(exc).strip() else type(exc).__name__
        raise BoardgamesError(f"cannot join the Ray cluster at {address!r}: {first}") from None


def _probe(address: str) -> None:
    """Fail at once, in one line, where Ray itself would wait minutes: a
    HOST:PORT (or ray://HOST:PORT) that nothing answers on."""
    where = address.removeprefix("ray://")
    host, colon, port = where.rpartition(":")
    if address == "auto" or not colon:
        return  # "auto" finds a cluster on this machine, or fails quickly
    if not port.isdigit() or not 0 < int(port) < 65536:
        raise BoardgamesError(f"a Ray address is HOST:PORT, ray://HOST:PORT or auto, got {address!r}")
    try:
        with socket.create_connection((host or "127.0.0.1", int(port)), timeout=PROBE_SECONDS):
            pass
    except OSError as exc:
        raise BoardgamesError(f"cannot join the Ray cluster at {address!r}: nothing answers there ({exc})") from None
