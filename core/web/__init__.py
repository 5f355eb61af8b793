"""The browser front end, ``boardgames serve`` (the extra ``web``).

:mod:`.store` keeps matches in SQLite, :mod:`.service` is what the server
does with them (no HTTP: seats and tokens, moves, agents thinking in worker
threads), :mod:`.app` is the Starlette application and its JSON API, and
``static/`` the page: plain HTML, CSS and JavaScript, no build step.
"""
