"""Writing files so that nothing is lost: atomically, or not at all."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from .errors import BoardgamesError


def write_atomically(path: str | os.PathLike[str], text: str, what: str = "the file") -> Path:
    """Write ``text`` to ``path``: a temporary file in the same folder, flushed
    to disk, then renamed over the target, so a crash leaves the old file or
    the new one, never half of one. Raises BoardgamesError saying why it could not."""
    target = Path(path)
    folder = target.parent
    try:
        folder.mkdir(parents=True, exist_ok=True)
        fd, tmp = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".tmp", dir=folder)
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, target)
        except BaseException:
            Path(tmp).unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise BoardgamesError(f"cannot save {what} to {str(target)!r}: {exc.strerror or exc}") from None
    return target
