"""Command line: a thin layer over the library; library errors become one-line messages here."""

from __future__ import annotations

import click


@click.group(context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="crosscheck")
def main() -> None:
    """crosscheck: many news reports of the same events in, one honest, cited brief out.

    \b
    Example:
      crosscheck brief examples/kerman/
    """


def _register() -> None:
    """Attach each command module's commands (a module that fails to import fails the CLI loudly:
    a command must not vanish without a word)."""
    from importlib import import_module

    for name in ("brief", "corpus", "serve", "watch", "export"):
        module = import_module(f"crosscheck.cli.{name}")
        for command in module.COMMANDS:
            main.add_command(command)


_register()
