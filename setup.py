"""Every package under core/, games/ and cli/, found rather than listed: pyproject.toml maps
the folders to boardgames, boardgames.games and boardgames.cli, and setuptools' own finder
cannot give what it finds under a folder the name of another."""

from setuptools import find_packages, setup

FOLDERS = {"boardgames": "core", "boardgames.games": "games", "boardgames.cli": "cli"}

setup(
    packages=[
        name
        for package, folder in FOLDERS.items()
        for name in [package, *(f"{package}.{found}" for found in find_packages(folder))]
    ]
)
