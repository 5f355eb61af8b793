"""Matches kept in SQLite (the standard library's ``sqlite3``): a restart of
the server loses no match, finished or not.

A row holds the match's record (``Record.to_json()``, the file that
``boardgames replay`` reads) and its seats' tokens, so a match comes back
from its row exactly as it was saved.
"""

from __future__ import annotations

import json
import os
import sqlite3
import sys
import threading
from pathlib import Path

from ..match import Match
from ..records import parse_record

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    tokens TEXT NOT NULL,
    updated TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
)
"""


def default_data_dir() -> Path:
    """The per-user data folder: ``$XDG_DATA_HOME/boardgames`` (by default
    ``~/.local/share/boardgames``), or the platform's own on macOS and Windows."""
    if sys.platform == "win32":
        base = Path(os.environ.get("APPDATA") or Path.home() / "AppData" / "Roaming")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "boardgames"


class MatchStore:
    """The matches of one data folder (``matches.sqlite3`` in it)."""

    def __init__(self, folder: str | os.PathLike[str]) -> None:
        self.folder = Path(folder).expanduser()
        self.folder.mkdir(parents=True, exist_ok=True)
        self.path = self.folder / "matches.sqlite3"
        # One connection shared by the server's threads, one at a time.
        self._db = sqlite3.connect(self.path, check_same_thread=False, isolation_level=None)
        self._lock = threading.Lock()
        with self._lock:
            # WAL with synchronous=NORMAL: a commit survives the process's crash
            # (power loss may take the last ones) without a disk sync per move.
            self._db.execute("PRAGMA journal_mode=WAL")
            self._db.execute("PRAGMA synchronous=NORMAL")
            self._db.execute(SCHEMA)

    def save(self, match_id: str, match: Match, tokens: dict[str, str]) -> None:
        record = json.dumps(match.record().to_json(), separators=(",", ":"))
        with self._lock:
            self._db.execute(
                "INSERT INTO matches (id, record, tokens) VALUES (?, ?, ?) "
                "ON CONFLICT(id) DO UPDATE SET record = excluded.record, updated = CURRENT_TIMESTAMP",
                (match_id, record, json.dumps(tokens)),
            )

    def load(self, match_id: str) -> tuple[Match, dict[str, str]] | None:
        with self._lock:
            row = self._db.execute("SELECT record, tokens FROM matches WHERE id = ?", (match_id,)).fetchone()
        if row is None:
            return None
        return Match.from_record(parse_record(json.loads(row[0]))), json.loads(row[1])

    def count(self) -> int:
        with self._lock:
            return int(self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()
