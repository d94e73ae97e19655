"""``crosscheck serve``: the web view and JSON API over a store, on 127.0.0.1 by default.

The store is opened and the port bound before anything is announced, so a busy port gives one error line and exit 1,
never a "serving on" line first.
"""

from __future__ import annotations

import os
import socket
import sys

import click

from crosscheck.web.service import DEFAULT_MAX_UPLOAD

LOCAL_ADDRESSES = ("127.0.0.1", "localhost", "::1")
ANY_ADDRESS = ("0.0.0.0", "::", "")
MEGABYTE = 1024 * 1024


def bind(host: str, port: int) -> socket.socket:
    """A listening socket on ``host``:``port`` (``OSError`` if the address is taken or not ours)."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    return socket.create_server((host, port), family=family)


def host_names(host: str, allowed: tuple[str, ...]) -> list[str]:
    """The ``Host`` names the server answers to: this machine's, the bound address, and ``--allow-host``."""
    from crosscheck.web.app import LOCAL_HOSTS

    bound = [] if host in ANY_ADDRESS or host in LOCAL_ADDRESSES else [f"[{host}]" if ":" in host else host]
    return list(dict.fromkeys([*LOCAL_HOSTS, *bound, *(name.lower() for name in allowed)]))


def _host_patterns(ctx: click.Context, param: click.Parameter, names: tuple[str, ...]) -> tuple[str, ...]:
    """``--allow-host`` values as the host check takes them: a name, ``*.domain``, or ``*``."""
    for name in names:
        if "*" in name[1:] or (name.startswith("*") and name != "*" and not name.startswith("*.")):
            raise click.BadParameter(f"{name!r}: '*' may only start a name, as in '*.example.org', or stand alone")
    return names


@click.command("serve")
@click.option("--db", type=click.Path(dir_okay=False), default="crosscheck.db", show_default=True,
              help="The store to serve (created if missing).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind; only change it on purpose (0.0.0.0 exposes the store to the network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port to bind.")
@click.option("--allow-host", "allow_host", multiple=True, metavar="NAME", callback=_host_patterns,
              help="Another host name browsers may use to reach the server (repeatable; '*.example.org' for a "
                   "domain, '*' for any: only behind a proxy that checks it). 127.0.0.1, localhost and the "
                   "bound address are always allowed.")
@click.option("--max-upload-mb", type=click.FloatRange(0.01, 512), default=DEFAULT_MAX_UPLOAD / MEGABYTE,
              show_default=True, help="Largest request body (uploads, pasted text, POST /api/documents).")
def serve_command(db: str, host: str, port: int, allow_host: tuple[str, ...], max_upload_mb: float) -> None:
    """Serve events and briefs in the browser: evidence side by side, add reports, JSON API.

    There are no user accounts: anyone who can reach the address can read and add reports. Keep
    the default 127.0.0.1, or put it behind a proxy with authentication (README, "Security").

    \b
    Examples:
      crosscheck serve --db crosscheck.db          # http://127.0.0.1:8000, opens on the event list
      crosscheck serve --db crosscheck.db --port 8080
      curl -H 'Content-Type: application/x-ndjson' --data-binary @reports.jsonl http://127.0.0.1:8000/api/documents
    """
    try:
        import uvicorn

        from crosscheck.corpus import Corpus
        from crosscheck.store import StoreError
        from crosscheck.web.app import create_app
    except ImportError as error:  # pragma: no cover - depends on the installation
        if (error.name or "crosscheck").split(".")[0] == "crosscheck":
            raise  # a broken crosscheck, not a missing dependency: fail loudly
        click.echo(f"error: the web view needs {error.name}: pip install 'crosscheck' (fastapi, uvicorn)", err=True)
        sys.exit(1)
    try:
        store = Corpus(db)
    except StoreError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(1)
    try:
        listener = bind(host, port)
    except OSError as error:
        store.close()
        reason = os.strerror(error.errno).lower() if error.errno else str(error)
        click.echo(f"error: cannot serve on {host}:{port}: {reason} (another program may use it: try --port)", err=True)
        sys.exit(1)
    names = host_names(host, allow_host)
    if host not in LOCAL_ADDRESSES:
        click.echo(f"warning: binding {host}: anyone who can reach it can read and add reports (no user accounts); "
                   f"it answers to the host names {', '.join(names)} (add others with --allow-host)", err=True)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"crosscheck: serving {db} on http://{shown}:{listener.getsockname()[1]}/ (Ctrl-C to stop)", err=True)
    app = create_app(store, max_upload=int(max_upload_mb * MEGABYTE), hosts=names)
    try:
        uvicorn.Server(uvicorn.Config(app, log_level="warning")).run(sockets=[listener])
    finally:
        listener.close()
        store.close()


COMMANDS = [serve_command]
