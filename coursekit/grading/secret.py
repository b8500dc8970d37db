"""The course key: hidden cases that are each student's own, the same on every regrade, and secret.

A course root (the folder with ``nbgrader_config.py``) holds one random key, in the file
``course.key`` (:data:`KEY_FILE`, mode 0600). The first ``nbgrader generate_assignment``
(:class:`CreateCourseKey`) or ``coursekit grade`` there creates it. It is never released (it is
not under ``source/`` or ``release/``), it is not in the package, and the sandbox that runs the
students' code binds no course folder, so the students' code cannot read it.

A hidden test cell asks for its seed by its own name::

    from coursekit.grading.secret import hidden_seed
    score_best_move(best_move, hidden_positions(30, seed=hidden_seed("test_best_move_hidden")), 6)

While the grader runs the test cells (:class:`~coursekit.grading.nbgrader.trusted.TrustedExecute`, inside
:func:`grading`), ``hidden_seed(test)`` is an HMAC-SHA256 of (key, assignment, test, student,
digest), where the digest (:func:`code_digest`) is that of the code the student wrote: the
sources of the cells that run as theirs (the solution cells and any unmarked code cell of theirs),
in order, each with its line endings made ``\\n``, trailing spaces cut from every line and blank
lines cut from both ends. Each student gets cases of their own; the same notebook regraded, or
saved again with other outputs, gets the same ones; a submission whose code changed gets new ones,
so that cases read from a feedback page answer nothing in the next submission. Without the key
nobody can compute them. Anywhere else (the instructor's ``nbgrader validate`` of the source notebook,
a student who imports it) there is no key: ``hidden_seed`` gives a *practice* seed, the same for
everyone and never used for a grade, and says so in one printed line (on standard output: nbgrader
scores a partial-credit cell that writes to standard error 0).

The ``random`` module where the student's code runs is seeded too, so that a player that draws
at random plays the same game on every regrade; the grader sends it :func:`sandbox_seed`, an
HMAC of the key and the grader's own seed, which says nothing about the case being played.

>>> key = bytes(range(32))
>>> code = code_digest(["def best_move(board):\\n    return (1, 1)"])
>>> alice = case_seed(key, "ps05", "test_best_move_hidden", "alice", code)
>>> alice == case_seed(key, "ps05", "test_best_move_hidden", "alice", code)
True
>>> alice == case_seed(key, "ps05", "test_best_move_hidden", "bob", code)
False
>>> table = code_digest(["TABLE = {}", "def best_move(board):\\n    return (1, 1)"])
>>> alice == case_seed(key, "ps05", "test_best_move_hidden", "alice", table)
False
>>> with grading(key, "ps05", "alice", digest=code):
...     hidden_seed("test_best_move_hidden") == alice
True
"""

from __future__ import annotations

import contextlib
import contextvars
import hashlib
import hmac
import json
import os
import secrets
import stat
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool

#: The key's file in the course root.
KEY_FILE = "course.key"
#: Bytes of randomness in a key.
KEY_BYTES = 32
#: The key of practice seeds, when no course key is bound (it is public: these seeds grade nothing).
PRACTICE_KEY = b"coursekit practice seeds: no course key is bound here"


class KeyProblem(Exception):
    """The course key cannot be made or read: a one-line message for the instructor."""


def key_path(root: str | os.PathLike[str]) -> Path:
    """Where the key of the course in ``root`` lives.

    >>> key_path("/srv/course").as_posix()
    '/srv/course/course.key'
    """
    return Path(root) / KEY_FILE


def write_key(root: str | os.PathLike[str], key: bytes) -> Path:
    """Write ``key`` as the course key of ``root`` (readable by its owner only), unless one is there.

    The file appears whole or not at all (written aside, then linked into place), so two graders
    that start at once end with the same key. Returns the key's path.
    """
    if len(key) < 16:
        raise KeyProblem(f"a course key needs at least 16 bytes, not {len(key)}")
    path = key_path(root)
    if path.exists():
        return path
    aside = path.with_name(f".{KEY_FILE}.{os.getpid()}.{secrets.token_hex(4)}")
    descriptor = os.open(aside, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            handle.write(key.hex() + "\n")
        with contextlib.suppress(FileExistsError):  # another grader made it first: theirs is the key
            os.link(aside, path)
    finally:
        aside.unlink(missing_ok=True)
    return path


def create_key(root: str | os.PathLike[str]) -> Path:
    """Make a random course key in ``root`` if there is none yet (:mod:`secrets`); its path."""
    if not Path(root).is_dir():
        raise KeyProblem(f"{root} is not a folder: no course key can be made there")
    return write_key(root, secrets.token_bytes(KEY_BYTES))


def read_key(root: str | os.PathLike[str]) -> bytes:
    """The course key of ``root``; :class:`KeyProblem` if it is missing, damaged or readable by others."""
    path = key_path(root)
    try:
        mode = path.stat().st_mode
        text = path.read_text(encoding="ascii").strip()
    except FileNotFoundError:
        raise KeyProblem(f"there is no course key at {path}: run nbgrader generate_assignment or "
                         "coursekit grade in the course folder, or put back your copy of the key") from None
    except (OSError, UnicodeDecodeError) as error:
        raise KeyProblem(f"the course key {path} cannot be read ({error})") from None
    if mode & (stat.S_IRWXG | stat.S_IRWXO):
        raise KeyProblem(f"the course key {path} can be read by others: run chmod 600 {path}")
    try:
        key = bytes.fromhex(text)
    except ValueError:
        key = b""
    if len(key) < 16:
        raise KeyProblem(f"the course key {path} is damaged (it must be one line of hexadecimal digits)")
    return key


def ensure_key(root: str | os.PathLike[str]) -> bytes:
    """The course key of ``root``, made first if there is none."""
    create_key(root)
    return read_key(root)


def _mac(key: bytes, *parts: str) -> int:
    """A 63-bit number from an HMAC-SHA256 of ``parts`` under ``key`` (the parts are JSON, so never ambiguous)."""
    message = json.dumps(list(parts), ensure_ascii=True).encode("ascii")
    return int.from_bytes(hmac.new(key, message, hashlib.sha256).digest()[:8], "big") >> 1


def normalized(source: str) -> str:
    r"""A cell's source as the digest reads it: ``\n`` line endings, no trailing spaces on a line, no blank
    lines at either end (what an editor's saving changes is not a change of the code).

    >>> normalized("\n\ndef f():  \r\n    return 1\t\n\n")
    'def f():\n    return 1'
    """
    lines = [line.rstrip() for line in source.replace("\r\n", "\n").replace("\r", "\n").split("\n")]
    return "\n".join(lines).strip("\n")


def code_digest(sources: Iterable[str]) -> str:
    r"""The digest of a submission's code: SHA-256 of its cells' sources (:func:`normalized`), in order; empty
    cells are left out. Outputs, metadata and text cells are not part of it.

    >>> code_digest(["def f():\n    return 1  \n", ""]) == code_digest(["def f():\n    return 1"])
    True
    >>> code_digest(["def f():\n    return 1"]) == code_digest(["def f():\n    return 2"])
    False
    """
    kept = [text for text in map(normalized, sources) if text]
    return hashlib.sha256(json.dumps(kept, ensure_ascii=True).encode("ascii")).hexdigest()


def case_seed(key: bytes, assignment: str, test: str, student: str, digest: str) -> int:
    """The seed of the hidden cases of ``test`` for ``student``'s submission of ``assignment`` whose code has
    the digest ``digest`` (:func:`code_digest`), under the course key.

    >>> case_seed(bytes(32), "ps05", "t", "alice", "d") != case_seed(bytes(32), "ps06", "t", "alice", "d")
    True
    >>> case_seed(bytes(32), "ps05", "t", "alice", "d") != case_seed(bytes(32), "ps05", "t", "alice", "e")
    True
    """
    return _mac(key, "hidden cases", assignment, test, student, digest)


def salted(key: bytes, seed: int) -> int:
    """What the sandbox's ``random.seed`` gets for the grader's ``seed``: it says nothing about ``seed``.

    >>> salted(bytes(32), 1) != salted(bytes(32), 2) and salted(bytes(32), 1) != salted(b"x" * 32, 1)
    True
    """
    return _mac(key, "random", str(int(seed)))


def practice_seed(test: str) -> int:
    """The seed of ``test`` where no course key is bound: public, the same for everyone.

    >>> practice_seed("test_best_move_hidden") == practice_seed("test_best_move_hidden")
    True
    """
    return _mac(PRACTICE_KEY, "practice", test)


@dataclass(frozen=True)
class Grading:
    """The notebook being graded: the course key, its assignment, its student and its code's digest."""

    key: bytes
    assignment: str
    student: str
    #: The course root, where the course's files beside the key are (``None``: the working folder).
    root: str | None = None
    #: The digest of the submission's code (:func:`code_digest`).
    digest: str = ""

    def seed(self, test: str) -> int:
        return case_seed(self.key, self.assignment, test, self.student, self.digest)

    def salted(self, seed: int) -> int:
        return salted(self.key, seed)

    def __repr__(self) -> str:  # never show the key
        return f"Grading(assignment={self.assignment!r}, student={self.student!r})"


_BOUND: contextvars.ContextVar[Grading | None] = contextvars.ContextVar("coursekit_grading", default=None)
_NOTED: set[str] = set()


@contextlib.contextmanager
def grading(key: bytes, assignment: str, student: str, root: str | None = None, *,
            digest: str = "") -> Iterator[Grading]:
    """Within this block, :func:`hidden_seed` and :func:`sandbox_seed` use ``key`` for ``student``'s
    submission whose code has the digest ``digest`` (of the course in ``root``, by default the working
    folder). :func:`sandbox_seed` does not depend on the digest."""
    bound = Grading(key, assignment, student, root, digest)
    token = _BOUND.set(bound)
    try:
        yield bound
    finally:
        _BOUND.reset(token)


def bound() -> Grading | None:
    """The notebook being graded, inside :func:`grading`; ``None`` elsewhere."""
    return _BOUND.get()


def hidden_seed(test: str) -> int:
    """The seed of the hidden cases of the test cell ``test`` (its grade_id) for the notebook being graded.

    Outside the grader: a practice seed (:func:`practice_seed`), with a printed note (once per test).

    >>> _NOTED.discard("test_example")  # the note is printed once per test and process
    >>> hidden_seed("test_example") == practice_seed("test_example")  # doctest: +ELLIPSIS
    Note: test_example runs without the course key (not in coursekit's grader): practice cases, ...
    True
    """
    if not isinstance(test, str) or not test:
        raise ValueError("hidden_seed needs the test cell's grade_id, a non-empty str")
    here = _BOUND.get()
    if here is None:
        if test not in _NOTED:
            _NOTED.add(test)
            print(f"Note: {test} runs without the course key (not in coursekit's grader): practice cases, "
                  "the same for everyone; the grade uses each student's own cases.")
        return practice_seed(test)
    return here.seed(test)


def sandbox_seed(seed: int) -> int:
    """The seed to send to the sandbox's ``random`` for the grader's ``seed``: salted by the key while
    grading (:func:`salted`), ``seed`` itself elsewhere (no key, nothing to hide).

    >>> sandbox_seed(7)
    7
    """
    here = _BOUND.get()
    return int(seed) if here is None else here.salted(seed)


class CreateCourseKey(Preprocessor):
    """A step of ``nbgrader generate_assignment``: make the course key if the course has none yet.

    nbgrader runs its steps in the course root. The notebook passes through unchanged. Enabled by
    default: nbconvert's steps are off unless told (``enabled``), and nbgrader would pass over it.

    >>> CreateCourseKey().enabled
    True
    """

    enabled = Bool(True, help="Make the course key at the release (on unless told otherwise).").tag(config=True)

    def preprocess(self, nb: Any, resources: Any) -> tuple[Any, Any]:
        path = key_path(os.getcwd())
        if not path.exists():
            create_key(os.getcwd())
            self.log.info("Made the course key %s: back it up, never release it", path)
        return nb, resources


__all__ = ["KEY_FILE", "CreateCourseKey", "Grading", "KeyProblem", "bound", "case_seed", "code_digest", "create_key",
           "ensure_key", "grading", "hidden_seed", "key_path", "normalized", "practice_seed", "read_key", "salted",
           "sandbox_seed", "write_key"]
