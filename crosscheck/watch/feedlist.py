"""The feeds file: one feed URL per line; blank lines and ``#`` comments ignored."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import urlsplit


def read_feed_list(path: str | Path) -> tuple[list[str], list[str]]:
    """The feed URLs of ``path`` in order, each once, and one problem line per unusable line.

    A comment runs from a ``#`` that starts the line or follows a space to the end of the line,
    so a URL fragment (``...feed.xml#top``) is kept.
    """
    urls: list[str] = []
    problems: list[str] = []
    text = Path(path).read_text(encoding="utf-8", errors="replace")
    for number, raw in enumerate(text.splitlines(), start=1):
        line = _strip_comment(raw).strip()
        if not line:
            continue
        parts = urlsplit(line)
        if " " in line or parts.scheme not in ("http", "https") or not parts.netloc:
            problems.append(f"{path}:{number}: {line[:80]!r} is not an http(s) URL; skipped")
        elif line not in urls:
            urls.append(line)
    return urls, problems


def _strip_comment(line: str) -> str:
    if line.lstrip().startswith("#"):
        return ""
    cut = line.find(" #")
    return line if cut < 0 else line[:cut]
