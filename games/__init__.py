"""The built-in games. Each is a rule plugin registered through the
``boardgames`` entry-point group, exactly as a third-party game would be."""
