"""Inputs to files: directories walked recursively in sorted order, hidden files skipped.

Symbolic links inside a walked directory are followed only when their target stays inside that
directory, and no directory is entered twice, so a link loop or a link to ``/`` cannot make a
walk endless or wander off. A path given explicitly is taken as the user means it.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Iterator

from crosscheck.errors import Code, IngestProblem, problem


def iter_files(given: str, *, follow_symlinks: bool = True) -> Iterator[tuple[Path, str] | IngestProblem]:
    """``(path, source)`` for each file under ``given`` (itself if a file), or problems."""
    path = Path(given)
    if not path.exists():
        kind = "broken symbolic link" if path.is_symlink() else "no such file or directory"
        yield problem(given, Code.MISSING, kind)
        return
    if not path.is_dir():
        yield path, given
        return
    root = path.resolve()
    yield from _walk(path, root, {root}, follow_symlinks)


def _walk(directory: Path, root: Path, seen: set[Path], follow: bool) -> Iterator[tuple[Path, str] | IngestProblem]:
    try:
        entries = sorted(os.scandir(directory), key=lambda entry: entry.name)
    except OSError as error:
        yield problem(str(directory), Code.UNREADABLE, f"cannot list directory: {error.strerror or error}")
        return
    for entry in entries:
        if entry.name.startswith("."):
            continue
        path = Path(entry.path)
        if entry.is_symlink():
            checked = _check_link(path, root, follow)
            if isinstance(checked, IngestProblem):
                yield checked
                continue
        if entry.is_dir():
            real = path.resolve()
            if real in seen:  # a loop, or a second way into a directory: its files are read once
                if entry.is_symlink():
                    yield problem(entry.path, Code.SYMLINK_CYCLE, "symbolic link to a directory already read; skipped")
                continue
            seen.add(real)
            yield from _walk(path, root, seen, follow)
        else:  # regular files; FIFOs, sockets and devices too: the reader refuses them with a clear line
            yield path, entry.path


def _check_link(path: Path, root: Path, follow: bool) -> IngestProblem | None:
    """A problem when a link inside the walk must not be followed, else None."""
    if not follow:
        return problem(str(path), Code.SYMLINK_OUTSIDE, "symbolic link not followed (following is off)")
    if not path.exists():
        return problem(str(path), Code.MISSING, "broken symbolic link")
    target = path.resolve()
    if target != root and root not in target.parents:
        return problem(str(path), Code.SYMLINK_OUTSIDE, f"symbolic link points outside {root}; not followed")
    return None
