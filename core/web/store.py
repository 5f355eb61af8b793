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
from typing import Any

from ..errors import BoardgamesError
from ..play.match import Match
from ..play.records import parse_record

SCHEMA = """
CREATE TABLE IF NOT EXISTS matches (
    id TEXT PRIMARY KEY,
    record TEXT NOT NULL,
    tokens TEXT NOT NULL,
    updated TEXT NOT NULL DEFAULT CURRENT_TIMESTAMP
)
"""
#: Who created each match (an address), for the per-client cap; added to older stores.
CLIENT_COLUMN = "ALTER TABLE matches ADD COLUMN client TEXT NOT NULL DEFAULT ''"
CLIENT_INDEX = "CREATE INDEX IF NOT EXISTS matches_by_client ON matches (client)"
#: What the server keeps of a match besides its record (a JSON object: whether
#: it is casual, its seats' names, its rematch); added to older stores.
SEATS_COLUMN = "ALTER TABLE matches ADD COLUMN about TEXT NOT NULL DEFAULT '{}'"
#: The key in ``about`` of the choices held for players asked at once (never shown).
HELD = "held"
#: Each finished game's review, made once for its moves and budget and served from here.
REVIEWS = """
CREATE TABLE IF NOT EXISTS reviews (
    match TEXT NOT NULL,
    moves INTEGER NOT NULL,
    budget TEXT NOT NULL,
    review TEXT NOT NULL,
    PRIMARY KEY (match, moves, budget)
)
"""


class StoreError(BoardgamesError):
    """A match could not be saved (a full disk, a read-only folder): nothing
    was changed (503)."""


class DamagedMatch(BoardgamesError):
    """A stored row that is not a match any more (edited by hand, or by another
    program): it cannot be loaded (410)."""


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
            columns = {row[1] for row in self._db.execute("PRAGMA table_info(matches)")}
            if "client" not in columns:
                self._db.execute(CLIENT_COLUMN)
            if "about" not in columns:
                self._db.execute(SEATS_COLUMN)
            self._db.execute(CLIENT_INDEX)
            self._db.execute(REVIEWS)

    def save(
        self,
        match_id: str,
        match: Match,
        tokens: dict[str, str],
        client: str = "",
        about: dict[str, Any] | None = None,
    ) -> None:
        """Insert or update the match's row (``about``: what the server keeps
        besides the record, a JSON object); StoreError if it cannot be
        written (then the row is as it was)."""
        record = json.dumps(match.record().to_json(), separators=(",", ":"))
        held = match.held  # choices sent ahead of their turn: kept beside the record, which holds moves played
        if held:
            about = {**(about or {}), HELD: {p: match.state.format_move(m) for p, m in held.items()}}
        with self._lock:
            try:
                self._db.execute(
                    "INSERT INTO matches (id, record, tokens, client, about) VALUES (?, ?, ?, ?, ?) "
                    "ON CONFLICT(id) DO UPDATE SET record = excluded.record, about = excluded.about,"
                    " updated = CURRENT_TIMESTAMP",
                    (match_id, record, json.dumps(tokens), client, json.dumps(about or {})),
                )
            except (sqlite3.Error, OSError) as exc:
                raise StoreError(f"the match could not be saved ({exc}); nothing was changed") from None

    def load(self, match_id: str) -> tuple[Match, dict[str, str], str, dict[str, Any]] | None:
        """The match, its seats' tokens, who created it and what the server
        keeps besides; None if there is no such row, DamagedMatch if the row
        holds no match."""
        with self._lock:
            row = self._db.execute(
                "SELECT record, tokens, client, about FROM matches WHERE id = ?", (match_id,)
            ).fetchone()
        if row is None:
            return None
        try:
            tokens = json.loads(row[1])
            if not isinstance(tokens, dict) or not all(isinstance(v, str) for v in tokens.values()):
                raise ValueError("its seats' tokens are not a mapping of text")
            about = json.loads(row[3] or "{}")
            if not isinstance(about, dict):
                raise ValueError("what is kept besides its record is not an object")
            match = Match.from_record(parse_record(json.loads(row[0])))
            held = about.pop(HELD, {})
            if not isinstance(held, dict):
                raise ValueError("its held choices are not a mapping")
            for player, move in held.items():
                match.play(move, by=player)  # held again, checked again
            return match, tokens, str(row[2] or ""), about
        except (ValueError, RecursionError, BoardgamesError) as exc:
            raise DamagedMatch(f"match {match_id!r} is damaged in the store: {str(exc)[:200]}") from None

    def save_review(self, match_id: str, moves: int, budget: str, review: dict[str, Any]) -> None:
        """Keep the review of a finished game of ``moves`` moves made with
        ``budget``; StoreError if it cannot be written."""
        with self._lock:
            try:
                self._db.execute(
                    "INSERT OR REPLACE INTO reviews (match, moves, budget, review) VALUES (?, ?, ?, ?)",
                    (match_id, moves, budget, json.dumps(review, separators=(",", ":"))),
                )
            except (sqlite3.Error, OSError) as exc:
                raise StoreError(f"the review could not be saved ({exc})") from None

    def load_review(self, match_id: str, moves: int, budget: str) -> dict[str, Any] | None:
        """The review kept for these moves and budget; None if none (or a damaged one)."""
        with self._lock:
            row = self._db.execute(
                "SELECT review FROM reviews WHERE match = ? AND moves = ? AND budget = ?", (match_id, moves, budget)
            ).fetchone()
        try:
            review = None if row is None else json.loads(row[0])
        except (ValueError, RecursionError):
            return None
        return review if isinstance(review, dict) else None

    def count(self, client: str | None = None) -> int:
        """Matches stored, in all or created by ``client``."""
        with self._lock:
            if client is None:
                return int(self._db.execute("SELECT COUNT(*) FROM matches").fetchone()[0])
            return int(self._db.execute("SELECT COUNT(*) FROM matches WHERE client = ?", (client,)).fetchone()[0])

    def close(self) -> None:
        with self._lock:
            self._db.close()
