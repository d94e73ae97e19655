"""Every command documents itself with an example, and the README names every command."""

from __future__ import annotations

from pathlib import Path

import pytest
from click.testing import CliRunner

from crosscheck.cli import main

README = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")


def test_top_level_help_has_example() -> None:
    result = CliRunner().invoke(main, ["--help"])
    assert result.exit_code == 0
    assert "Example" in result.output and "crosscheck brief" in result.output


@pytest.mark.parametrize("name", sorted(main.commands))
def test_command_help_has_example(name: str) -> None:
    result = CliRunner().invoke(main, [name, "--help"])
    assert result.exit_code == 0, result.output
    assert "Example" in result.output and f"crosscheck {name}" in result.output


@pytest.mark.parametrize("name", sorted(main.commands))
def test_readme_documents_command(name: str) -> None:
    assert f"crosscheck {name}" in README
