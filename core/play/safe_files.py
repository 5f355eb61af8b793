"""Files written so that nothing is lost or clobbered, and read with limits.

Writing: the text goes to a temporary file beside the target, flushed to disk,
then renamed over it, so a crash leaves the old file or the new one, never half
of one. The rename would replace *whatever* sits at the path, so first:

* ``~`` is expanded; the folder must exist (a typo must not create folders);
* a symlink is followed: its target is written, the link stays a link;
* anything but a regular file or a new name (a folder, a device, a FIFO) is
  refused, and ``replace`` may refuse files of another kind (a text that is
  not a boardgames record);
* a new file gets the usual mode (0666 less the umask); a replaced one keeps
  its mode and, where allowed, its owner.

Temporary files are named ``.NAME.PID.boardgames-tmp``; one left by a process
that died (``kill -9``) is removed by the next save into that folder.

Reading: only regular files (never a FIFO that hangs or ``/dev/zero`` that
never ends), at most ``limit`` bytes.
"""

from __future__ import annotations

import contextlib
import os
import re
import stat
from collections.abc import Callable
from pathlib import Path

from ..errors import RecordError, SaveError, WrongTypeError

TMP_SUFFIX = ".boardgames-tmp"
_TMP = re.compile(r"\..+\.(\d+)" + re.escape(TMP_SUFFIX))


def user_path(path: str | os.PathLike[str]) -> Path:
    """A path as a person typed it: ``~`` expanded, nothing else changed."""
    if not isinstance(path, (str, os.PathLike)):
        raise WrongTypeError(f"a file path is a text, got {path!r}")
    text = os.fspath(path)
    if not isinstance(text, str) or not text.strip() or "\0" in text:
        raise SaveError(f"{text!r} is not a file name")
    return Path(os.path.expanduser(text))


def write_safely(
    path: str | os.PathLike[str],
    text: str,
    what: str = "the file",
    replace: Callable[[Path], str | None] | None = None,
) -> Path:
    """Write ``text`` to ``path`` (see the module's notes) and return the path
    written, the symlink's target where ``path`` is one. ``replace(existing)``
    may return why an existing regular file must not be replaced. Raises
    SaveError saying why nothing was written."""
    target = user_path(path)  # raises unless path is a text or a PathLike
    shown = os.fspath(path)

    def refuse(why: str) -> SaveError:
        return SaveError(f"cannot save {what} to {str(shown)!r}: {why}")

    if target.is_symlink():
        target = Path(os.path.realpath(target))  # write through the link, to what it names
    folder = target.parent
    if not folder.is_dir():
        raise refuse(f"there is no folder {str(folder)!r}")
    existing = None
    try:
        existing = target.stat()
    except FileNotFoundError:
        pass
    except OSError as exc:
        raise refuse(exc.strerror or str(exc)) from None
    if existing is not None:
        if stat.S_ISDIR(existing.st_mode):
            raise refuse("it is a folder")
        if not stat.S_ISREG(existing.st_mode):
            raise refuse("it is not a regular file, and is left alone")
        why = replace(target) if replace is not None else None
        if why is not None:
            raise refuse(why)
    _remove_stale_temporaries(folder)
    tmp = folder / f".{target.name}.{os.getpid()}{TMP_SUFFIX}"
    try:
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC | os.O_NOFOLLOW, 0o666)  # less the umask
        try:
            with os.fdopen(fd, "w", encoding="utf-8") as out:
                if existing is not None:  # the replaced file keeps its mode and owner
                    os.fchmod(out.fileno(), stat.S_IMODE(existing.st_mode))
                    with contextlib.suppress(OSError):
                        os.fchown(out.fileno(), existing.st_uid, existing.st_gid)
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(tmp, target)
        except BaseException:
            tmp.unlink(missing_ok=True)
            raise
    except OSError as exc:
        raise refuse(exc.strerror or str(exc)) from None
    return target


def _remove_stale_temporaries(folder: Path) -> None:
    """Remove the temporary files that a process killed while saving left here."""
    try:
        names = [entry.name for entry in os.scandir(folder) if entry.name.endswith(TMP_SUFFIX)]
    except OSError:
        return
    for name in names:
        found = _TMP.fullmatch(name)
        if found and not _alive(int(found.group(1))):
            with contextlib.suppress(OSError):
                (folder / name).unlink()


def _alive(pid: int) -> bool:
    if pid == os.getpid():
        return False  # this process writes one file at a time: an old one of ours is stale
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except (PermissionError, OverflowError, ValueError):
        return True
    return True


#: The largest file read as a record or state: far above any real game's.
READ_LIMIT = 8 * 1024 * 1024


def read_text_limited(path: str | os.PathLike[str], what: str = "file", limit: int = READ_LIMIT) -> str:
    """The text of a regular file of at most ``limit`` bytes; RecordError otherwise.

    Opened without blocking, so that a FIFO cannot hang the reader, and
    checked to be a regular file before a byte is read (``/dev/zero`` never ends)."""
    shown = os.fspath(path) if isinstance(path, (str, os.PathLike)) else path
    try:
        target = user_path(path)
    except SaveError:
        raise RecordError(f"{shown!r} is not a file name") from None
    try:
        fd = os.open(target, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as exc:
        raise RecordError(f"cannot read {str(shown)!r}: {exc.strerror or exc}") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise RecordError(f"cannot read {str(shown)!r}: it is a folder")
        if not stat.S_ISREG(info.st_mode):
            raise RecordError(f"cannot read {str(shown)!r}: it is not a regular file")
        with os.fdopen(fd, "rb", closefd=False) as stream:  # closed below, whatever happens
            data = stream.read(limit + 1)
    except OSError as exc:
        raise RecordError(f"cannot read {str(shown)!r}: {exc.strerror or exc}") from None
    finally:
        os.close(fd)
    if len(data) > limit:
        raise RecordError(f"{str(shown)!r} is larger than {limit // (1024 * 1024)} MiB: not a {what}")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        raise RecordError(f"{str(shown)!r} is not a text file") from None
