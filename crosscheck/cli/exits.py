"""One exit-code convention for every command (the README's "Exit codes" says the same).

0: every input was read (or the command did all it was asked). 3: partly read: something was
read, and at least one input or record was refused or read with something left out or replaced
(one line each on stderr). 1: nothing could be read, or an error stopped the command. 2: the
command line itself is wrong (click's usage errors).
"""

from __future__ import annotations

OK = 0
ERROR = 1
USAGE = 2
PARTIAL = 3

HELP = "Exit code: 0 all read; 3 partly read (one line on stderr per problem); 1 nothing read or an error."


def reading_code(read: int, partial: bool) -> int:
    """The exit code of a command that reads inputs: ``read`` of them were read."""
    if read == 0:
        return ERROR
    return PARTIAL if partial else OK
