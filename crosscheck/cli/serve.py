"""``crosscheck serve``: the web view and JSON API over a store, on 127.0.0.1 by default."""

from __future__ import annotations

import sys

import click


@click.command("serve")
@click.option("--db", type=click.Path(dir_okay=False), default="crosscheck.db", show_default=True,
              help="The store to serve (created if missing).")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to bind; only change it on purpose (0.0.0.0 exposes the store to the network).")
@click.option("--port", type=click.IntRange(0, 65535), default=8000, show_default=True, help="Port to bind.")
@click.option("--max-upload-mb", type=click.FloatRange(0.01, 512), default=5.0, show_default=True,
              help="Largest request body (uploads, POST /api/documents).")
def serve_command(db: str, host: str, port: int, max_upload_mb: float) -> None:
    """Serve events and briefs in the browser: evidence side by side, add reports, JSON API.

    \b
    Examples:
      crosscheck serve --db crosscheck.db          # http://127.0.0.1:8000, opens on the event list
      crosscheck serve --db crosscheck.db --port 8080
      curl -X POST --data-binary @reports.jsonl http://127.0.0.1:8000/api/documents
    """
    try:
        import uvicorn

        from crosscheck.store import Store, StoreError
        from crosscheck.web.app import create_app
    except ImportError as error:  # pragma: no cover - depends on the installation
        click.echo(f"error: the web view needs {error.name}: pip install 'crosscheck' (fastapi, uvicorn)", err=True)
        sys.exit(1)
    try:
        store = Store(db)
    except StoreError as error:
        click.echo(f"error: {error}", err=True)
        sys.exit(1)
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"warning: binding {host}: anyone who can reach it can read and add reports", err=True)
    click.echo(f"crosscheck: serving {db} on http://{host}:{port}/ (Ctrl-C to stop)", err=True)
    try:
        uvicorn.run(create_app(store, max_upload=int(max_upload_mb * 1024 * 1024)), host=host, port=port,
                    log_level="warning")
    finally:
        store.close()


COMMANDS = [serve_command]
