"""Bytes in, text out, or a coded reason why not: size guard, binary check, strict UTF-8."""

from __future__ import annotations

import stat
from dataclasses import dataclass
from pathlib import Path
from typing import BinaryIO

from crosscheck.errors import Code, IngestError

BOM = b"\xef\xbb\xbf"
SNIFF_BYTES = 8192


@dataclass(frozen=True, slots=True)
class Decoded:
    """Decoded text and whether a UTF-8 byte-order mark was removed to get it."""

    text: str
    bom_removed: bool = False


def check_file(path: Path, source: str, max_bytes: int) -> int:
    """Size of a readable regular file, or ``IngestError`` without reading any of it.

    FIFOs and devices are refused up front: opening a FIFO would block the whole batch.
    """
    try:
        info = path.stat()
    except FileNotFoundError:
        raise IngestError(source, Code.MISSING, "no such file or directory") from None
    except OSError as error:
        raise IngestError(source, Code.UNREADABLE, f"cannot read: {error.strerror or error}") from None
    if not stat.S_ISREG(info.st_mode):
        raise IngestError(source, Code.NOT_REGULAR, "not a regular file (device, FIFO or socket)")
    if info.st_size > max_bytes:
        raise IngestError(
            source, Code.TOO_LARGE, f"file is {info.st_size:,} bytes, over the {max_bytes:,}-byte limit; not read"
        )
    if info.st_size == 0:
        raise IngestError(source, Code.EMPTY, "empty file")
    return info.st_size


def open_checked(path: Path, source: str) -> BinaryIO:
    """Open a checked file for reading; an OS refusal becomes a coded problem."""
    try:
        return path.open("rb")
    except OSError as error:
        reason = str(error.strerror or error)
        raise IngestError(source, Code.UNREADABLE, f"cannot read: {reason[:1].lower()}{reason[1:]}") from None


def read_bytes(path: Path, source: str, max_bytes: int) -> bytes:
    """The whole content of a checked file (at most ``max_bytes``)."""
    check_file(path, source, max_bytes)
    with open_checked(path, source) as handle:
        return handle.read(max_bytes + 1)


def read_stream(stream: BinaryIO, source: str, max_bytes: int) -> bytes:
    """Up to ``max_bytes`` of a stream; a longer stream is refused after reading one byte more."""
    data = stream.read(max_bytes + 1)
    if len(data) > max_bytes:
        raise IngestError(source, Code.TOO_LARGE, f"input is over the {max_bytes:,}-byte limit; not read")
    return data


def is_binary(data: bytes) -> bool:
    """Text files do not contain NUL bytes; binary formats (images, zips, pdfs) nearly always do."""
    return b"\x00" in data


def decode_text(data: bytes, source: str, *, offset: int = 0, what: str = "file") -> Decoded:
    """Strict UTF-8 decoding; a BOM is removed (and reported), bad bytes named by offset.

    ``offset`` is added to byte positions so a problem in one line of a file still points at the
    right byte of the file.
    """
    bom = data.startswith(BOM)
    body = data[len(BOM):] if bom else data
    nul = body.find(b"\x00")
    if nul >= 0:
        raise IngestError(
            source, Code.BINARY, f"binary {what}, not text (NUL byte at byte offset {offset + nul + len(BOM) * bom})"
        )
    try:
        text = body.decode("utf-8")
    except UnicodeDecodeError as error:
        at = offset + error.start + len(BOM) * bom
        raise IngestError(
            source, Code.INVALID_UTF8, f"invalid UTF-8 at byte offset {at} (byte 0x{body[error.start]:02x})"
        ) from None
    if not text.strip():
        raise IngestError(source, Code.EMPTY, f"empty {what} (no text)")
    return Decoded(text=text, bom_removed=bom)
