"""Bad input: one clear line naming the file and the problem, and the rest of the batch is read."""

from __future__ import annotations

import io
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from crosscheck.errors import IngestError
from crosscheck.ingest import IngestOptions, IngestProblem, iter_inputs, read_article
from crosscheck.model import Article

FAST = IngestOptions(detect_language=False)
GOOD = "A good report: the river rose two metres overnight, the council said.\n"


def run_batch(tmp_path: Path, bad: Path | str, options: IngestOptions = FAST) -> tuple[list[Article], list[IngestProblem]]:
    """Read a good file, the bad input and another good file; return what came out."""
    before, after = tmp_path / "before.txt", tmp_path / "after.txt"
    before.write_text(GOOD)
    after.write_text(GOOD)
    items = list(iter_inputs([before, bad, after], options=options))
    articles = [i for i in items if isinstance(i, Article)]
    problems = [i for i in items if isinstance(i, IngestProblem)]
    assert [a.id for a in articles if a.id in ("before", "after")] == ["before", "after"]
    return articles, problems


def single_problem(tmp_path: Path, bad: Path | str, options: IngestOptions = FAST) -> IngestProblem:
    _, problems = run_batch(tmp_path, bad, options)
    (problem,) = problems
    assert str(problem).startswith(f"{bad}: ")
    assert "\n" not in str(problem)
    assert problem.fatal
    return problem


def test_empty_file(tmp_path: Path) -> None:
    bad = tmp_path / "empty.txt"
    bad.write_bytes(b"")
    problem = single_problem(tmp_path, bad)
    assert problem.code == "I003" and "empty" in problem.message


def test_whitespace_only_file_is_empty(tmp_path: Path) -> None:
    bad = tmp_path / "blank.md"
    bad.write_bytes(b" \n\t\n")
    assert single_problem(tmp_path, bad).code == "I003"


def test_binary_file(tmp_path: Path) -> None:
    bad = tmp_path / "photo.txt"
    bad.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR")
    problem = single_problem(tmp_path, bad)
    assert problem.code == "I005" and "binary" in problem.message and "offset 8" in problem.message


def test_invalid_utf8_names_the_byte_offset(tmp_path: Path) -> None:
    bad = tmp_path / "latin1.txt"
    bad.write_bytes("Caf".encode() + b"\xe9 au lait\n")
    problem = single_problem(tmp_path, bad)
    assert problem.code == "I006" and "invalid UTF-8 at byte offset 3" in problem.message


def test_oversized_file_is_refused_without_reading(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    bad = tmp_path / "dump.txt"
    with bad.open("wb") as handle:  # 50 MB, sparse: the size is real, the disk use is not
        handle.truncate(50 * 1024 * 1024)
    opened: list[str] = []
    real_open = Path.open

    def spy(self: Path, *args, **kwargs):  # records which files were opened for reading
        opened.append(self.name)
        return real_open(self, *args, **kwargs)

    monkeypatch.setattr(Path, "open", spy)
    problem = single_problem(tmp_path, bad, IngestOptions(detect_language=False))
    assert problem.code == "I004" and "52,428,800 bytes" in problem.message and "20,971,520" in problem.message
    assert "dump.txt" not in opened


def test_max_bytes_option(tmp_path: Path) -> None:
    bad = tmp_path / "long.txt"
    bad.write_text("x" * 200)
    problem = single_problem(tmp_path, bad, IngestOptions(max_bytes=100, detect_language=False))
    assert problem.code == "I004"


def test_oversized_stdin_is_refused() -> None:
    (problem,) = list(iter_inputs(["-"], stdin=io.BytesIO(b"x" * 101), options=IngestOptions(max_bytes=100)))
    assert isinstance(problem, IngestProblem) and problem.code == "I004" and str(problem).startswith("<stdin>: ")


def test_malformed_json_lines_name_the_line(tmp_path: Path) -> None:
    bad = tmp_path / "records.jsonl"
    bad.write_text('{"text": "Fine record with enough words."}\n{"text": \n{"text": "Another fine one."}\n')
    articles, problems = run_batch(tmp_path, bad)
    assert [a.id for a in articles] == ["before", "records:1", "records:3", "after"]
    (problem,) = problems
    assert problem.code == "I007" and str(problem).startswith(f"{bad}: line 2: invalid JSON")


def test_invalid_utf8_in_json_line_is_located_in_the_file(tmp_path: Path) -> None:
    bad = tmp_path / "records.ndjson"
    first = b'{"text": "ok record"}\n'
    data = first + b'{"text": "caf\xe9"}\n'
    bad.write_bytes(data)
    _, problems = run_batch(tmp_path, bad)
    (problem,) = problems
    assert problem.code == "I006"
    assert f"line 2: invalid UTF-8 at byte offset {data.index(0xE9)}" in problem.message


@pytest.mark.parametrize("record,expected", [('{"id": "a"}', 'no "text"'), ('{"text": ""}', 'empty "text"'), ('{"text": 5}', 'no "text"')])
def test_json_record_without_text(tmp_path: Path, record: str, expected: str) -> None:
    bad = tmp_path / "records.jsonl"
    bad.write_text(record + "\n")
    problem = single_problem(tmp_path, bad)
    assert problem.code == "I008" and "line 1" in problem.message and expected in problem.message


def test_html_page_without_article_text(tmp_path: Path) -> None:
    bad = tmp_path / "menu.html"
    bad.write_text(
        "<html><head><title>Menu</title></head><body><nav><a href='/'>Home</a> <a href='/n'>News</a>"
        "<a href='/s'>Sport</a></nav><footer><p>Copyright 2024 Example Ltd. All rights reserved.</p></footer></body></html>"
    )
    problem = single_problem(tmp_path, bad)
    assert problem.code == "I009" and "no article text" in problem.message


def test_missing_path(tmp_path: Path) -> None:
    bad = tmp_path / "nowhere" / "gone.txt"
    problem = single_problem(tmp_path, bad)
    assert problem.code == "I001" and "no such file" in problem.message


def test_broken_symlink(tmp_path: Path) -> None:
    bad = tmp_path / "dangling.txt"
    bad.symlink_to(tmp_path / "absent.txt")
    problem = single_problem(tmp_path, bad)
    assert problem.code == "I001" and "broken symbolic link" in problem.message


# Root reads every file (CAP_DAC_OVERRIDE); as root the batch runs under setpriv without that power.
SETPRIV = shutil.which("setpriv")


def test_unreadable_file() -> None:
    folder = Path(tempfile.mkdtemp(prefix="crosscheck-unreadable-"))
    try:
        folder.chmod(0o755)
        for name in ("before.txt", "secret.txt", "after.txt"):
            (folder / name).write_text(GOOD)
            (folder / name).chmod(0o644)
        (folder / "secret.txt").chmod(0)
        lines = _ingest_as_unprivileged([str(folder / n) for n in ("before.txt", "secret.txt", "after.txt")])
    finally:
        shutil.rmtree(folder)
    assert lines == ["before", f"{folder / 'secret.txt'}: cannot read: permission denied", "after"]


def _ingest_as_unprivileged(paths: list[str]) -> list[str]:
    """Article ids and problem lines of a batch read by a user who lacks root's override."""
    script = (
        "import sys\nfrom crosscheck.ingest import IngestOptions, iter_inputs\n"
        "for item in iter_inputs(sys.argv[1:], options=IngestOptions(detect_language=False)):\n"
        "    print(getattr(item, 'id', None) or item)\n"
    )
    command = [sys.executable, "-c", script, *paths]
    if os.geteuid() == 0:
        if SETPRIV is None:
            pytest.skip("running as root without setpriv: every file is readable")
        command = [SETPRIV, "--bounding-set=-dac_override,-dac_read_search", *command]
    result = subprocess.run(command, capture_output=True, text=True, cwd=Path(__file__).resolve().parents[1], timeout=120)
    if result.returncode != 0 and "setpriv" in result.stderr:
        pytest.skip(f"cannot drop root's file-access override here: {result.stderr.strip()}")
    assert result.returncode == 0, result.stderr
    return result.stdout.splitlines()


def test_fifo_is_refused_without_blocking(tmp_path: Path) -> None:
    bad = tmp_path / "pipe.txt"
    os.mkfifo(bad)
    problem = single_problem(tmp_path, bad)
    assert problem.code == "I011" and "not a regular file" in problem.message


def test_unknown_extension_that_is_not_text(tmp_path: Path) -> None:
    bad = tmp_path / "archive.zip"
    bad.write_bytes(b"PK\x03\x04\x14\x00\x00\x00\x08\x00")
    problem = single_problem(tmp_path, bad)
    assert problem.code == "I005" and "unknown extension '.zip'" in problem.message and "not text" in problem.message


def test_unknown_extension_that_is_text_is_not_guessed(tmp_path: Path) -> None:
    bad = tmp_path / "table.csv"
    bad.write_text("a,b\n1,2\n")
    problem = single_problem(tmp_path, bad)
    assert problem.code == "I010" and "'.csv'" in problem.message


def test_broken_feed(tmp_path: Path) -> None:
    bad = tmp_path / "broken.rss"
    bad.write_text("<rss><channel><title>x</title></channel>")
    problem = single_problem(tmp_path, bad)
    assert problem.code == "I014"


def test_bad_problems_in_a_directory_do_not_stop_the_walk(tmp_path: Path) -> None:
    folder = tmp_path / "batch"
    folder.mkdir()
    (folder / "1.txt").write_text(GOOD)
    (folder / "2.txt").write_bytes(b"")
    (folder / "3.txt").write_bytes(b"\xff\xfe")
    (folder / "4.txt").write_text(GOOD)
    items = list(iter_inputs([folder], options=FAST))
    assert [getattr(i, "id", None) or i.code for i in items] == ["1", "I003", "I006", "4"]


def test_symlink_cycle_and_escape_are_not_followed(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "sub").mkdir(parents=True)
    (root / "sub" / "a.txt").write_text(GOOD)
    (root / "sub" / "loop").symlink_to(root)  # back up to the walked directory
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "x.txt").write_text(GOOD)
    (root / "escape").symlink_to(outside)
    items = list(iter_inputs([root], options=FAST))
    assert [i.id for i in items if isinstance(i, Article)] == ["a"]
    codes = sorted(i.code for i in items if isinstance(i, IngestProblem))
    assert codes == ["I012", "I013"]


def test_stdin_requested_without_a_stream() -> None:
    (problem,) = list(iter_inputs(["-"], stdin=None, options=FAST))
    assert isinstance(problem, IngestProblem) and problem.code == "I001"


def test_read_article_raises_typed_error(tmp_path: Path) -> None:
    bad = tmp_path / "empty.txt"
    bad.write_bytes(b"")
    with pytest.raises(IngestError) as caught:
        read_article(bad)
    assert caught.value.problem.code == "I003" and str(bad) in str(caught.value)


def test_directory_reached_twice_is_read_once(tmp_path: Path) -> None:
    root = tmp_path / "root"
    (root / "b_real").mkdir(parents=True)
    (root / "b_real" / "story.txt").write_text(GOOD)
    (root / "a_link").symlink_to(root / "b_real")  # sorted before its target
    items = list(iter_inputs([root], options=FAST))
    assert [i.id for i in items if isinstance(i, Article)] == ["story"]


def test_problem_line_stays_one_line_for_odd_file_names(tmp_path: Path) -> None:
    bad = tmp_path / "two\nlines.txt"
    bad.write_bytes(b"")
    (problem,) = list(iter_inputs([bad], options=FAST))
    assert isinstance(problem, IngestProblem) and problem.source == str(bad)
    assert "\n" not in str(problem) and str(problem).endswith(": empty file")


def test_a_file_of_another_type_is_named_as_such_not_as_broken_json(tmp_path: Path) -> None:
    # issue 34: a .toml in an input directory was reported as "invalid JSON" (it opens with "[")
    for name, content in (("settings.toml", "[tool.crosscheck]\nname = 'x'\n"), ("data.yaml", "{a: 1}\n")):
        bad = tmp_path / name
        bad.write_text(content, encoding="utf-8")
        problem = single_problem(tmp_path, bad)
        assert problem.code == "I010" and "not a supported input type" in problem.message
        assert "JSON" not in problem.message and name.rsplit(".", 1)[1] in problem.message
        bad.unlink()
