"""The engine protocol: its wire format, read by both ends, and the engine
side (``boardgames engine``); the controller side is the ``engine`` agent."""
