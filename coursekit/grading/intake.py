"""Intake: what of a submission is graded, read as data before anything of it runs.

A student's folder ``submitted/<student>/<assignment>/`` holds whatever the student (or a
clone of the student's git repository) put there: symbolic links to the instructor's
solutions or to a classmate's notebook, links to ``/dev/zero``, fifos, huge notebooks, a
``timestamp.txt`` from long ago. The grader never grades that folder. :func:`take_in`
reads it without following any link and without reading more than a cap from any file,
and says either why a person must look (:attr:`Intake.refused`) or what is graded: the
release's notebooks only, with their stored outputs dropped, and the submission's time (and
the secret nbgrader's exchange gave it, by which the student's feedback is released to them alone).
:func:`write_copy` puts that in a private folder of the course (:data:`FOLDER`), which is
what ``nbgrader autograde`` reads; nothing else of the student's folder reaches
``autograded/`` or ``feedback/``.

>>> import tempfile, nbformat
>>> root = Path(tempfile.mkdtemp())
>>> (root / "submitted" / "ann" / "ps01").mkdir(parents=True)
>>> nbformat.write(nbformat.v4.new_notebook(), root / "submitted" / "ann" / "ps01" / "ps01.ipynb")
>>> (root / "submitted" / "ann" / "ps01" / "secret").symlink_to("/etc/shadow")
>>> take_in(root, "ps01", "ann", ["ps01"]).refused
['secret is a symbolic link (to /etc/shadow): links are not graded.']
>>> shutil.rmtree(root)

A file with more than one link (a hard link to the instructor's source, or to a classmate's notebook)
is refused as a symbolic link is, and so is a student id that is not a plain name (:func:`plain_name`):
nbgrader reads ``--student`` as a pattern (``*`` is every student), and the id is printed and written
to the gradebook and its export. What the refusal says of a name is shown as text
(:func:`coursekit.core.shown.terminal`).

**The submission's time** is one no student can set back. A student owns everything they hand in: the
files and their modification times (``touch -d``), the ``timestamp.txt`` in it and, through nbgrader's
exchange, even the time in the name of their folder in ``inbound/`` (``<student>+<assignment>+<time>+<random>``):
``nbgrader submit`` runs as the student and writes that name with the student's clock, and the student may
write into ``inbound/`` a folder of any name at any time. What they cannot set is a change time (``ctime``):
the system sets it to the present on every change of a file or folder (a write, a ``touch``, a rename, a
``chmod``), and only whoever can change the machine's clock could move it back. So the time graded is the
latest change time of the submission where the course received it: its folder in the exchange's ``inbound/``
(the one whose name holds the time ``timestamp.txt`` gives, as ``nbgrader collect`` reads it) or, without one,
the instructor's copy in ``submitted/`` (when it was collected, :func:`changed`), whichever is earlier.
nbgrader's own record (``timestamp.txt``) is believed when it is at most :data:`GRACE` before that time (the
seconds ``nbgrader submit`` takes to copy the files) and not after it; otherwise that time is used, with a
note. A student therefore gains nothing from ``touch -d`` or a forged name or ``timestamp.txt``, at most
:data:`GRACE` from a forged time. The cost: a copy of ``submitted/`` made later (``cp -a`` to another machine,
a backup restored) is collected when it was copied; grade where ``nbgrader collect`` ran. Once taken, a time
is kept for the same work: :func:`write_copy` records it beside the copy (:data:`RECORD`), and a later intake
of the same notebooks keeps the earlier of the two, so that regrading after the course folder was moved does
not make the class late.
"""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import nbformat

from ..core.shown import terminal

#: The course's private folder of what is graded: ``<root>/intake/<student>/<assignment>/``.
FOLDER = "intake"
#: The file nbgrader reads a submission's time from.
TIMESTAMP = "timestamp.txt"
#: The file in which nbgrader's exchange (``nbgrader submit``) leaves the submission's secret: ``release_feedback``
#: names the student's feedback page in the exchange by a hash of it, and only the student has it to fetch the page.
SECRET = "submission_secret.txt"
#: Beside each copy, the time taken for it and a digest of what it holds: ``intake/<student>/<assignment>.received``.
RECORD = ".received"
#: How long before the time the course received a submission nbgrader's ``timestamp.txt`` may be and be believed:
#: the seconds ``nbgrader submit`` takes to copy the files after it reads the clock (see the module).
GRACE = timedelta(seconds=60)

_READ = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC
_FOLDER = os.O_RDONLY | os.O_NOFOLLOW | os.O_DIRECTORY | os.O_CLOEXEC


@dataclass(frozen=True)
class Caps:
    """What one submission may hold; a notebook over a cap is refused, naming the cap.

    ``notebook_bytes``: the most read from a notebook file (stored outputs included);
    ``kept_bytes``: a notebook once its outputs are dropped (sources, attachments, metadata);
    ``cells`` per notebook; ``cell_chars``: characters of source in one cell; ``attachments``
    per notebook and ``attachment_bytes`` for all of them; ``entries``: files and folders in
    the submission; ``depth`` of folders; ``timestamp_bytes``: the most read of ``timestamp.txt``
    (``secret_bytes``: of :data:`SECRET`).
    """

    notebook_bytes: int = 20 << 20
    kept_bytes: int = 2 << 20
    cells: int = 500
    cell_chars: int = 500_000
    attachments: int = 50
    attachment_bytes: int = 1 << 20
    entries: int = 10_000
    depth: int = 16
    timestamp_bytes: int = 200
    secret_bytes: int = 512


@dataclass
class Intake:
    """What :func:`take_in` found in one submission."""

    student: str
    assignment: str
    #: why a person must look (empty: the submission is graded)
    refused: list[str] = field(default_factory=list)
    #: the notebooks graded (name without ``.ipynb``), as the JSON written to the copy
    notebooks: dict[str, str] = field(default_factory=dict)
    #: what the grader says besides (files not graded, a ``timestamp.txt`` not believed)
    notes: list[str] = field(default_factory=list)
    #: the submission's time (UTC)
    timestamp: datetime = field(default_factory=lambda: datetime.now(UTC))
    #: the exchange's secret of the submission (hexadecimal), when it came through the exchange
    secret: str | None = None


class Refused(Exception):
    """One reason a submission cannot be graded as it is."""


#: The most characters of a student id.
NAME_CHARS = 100
#: What a plain name may hold besides letters and digits.
NAME_MARKS = "._-@"


def plain_name(name: str) -> str | None:
    """Why ``name`` is not a plain student id (``None`` when it is): letters, digits and ``._-@``, not
    starting with ``.`` or ``-``, at most :data:`NAME_CHARS` characters. Nothing else reaches nbgrader,
    whose ``--student`` is a pattern over the course's folders.

    >>> plain_name("ann.lee-2@example.org") is None, plain_name("Zoë") is None
    (True, True)
    >>> plain_name("*")
    "the student id '*' is not a plain name (letters, digits and . _ - @): it holds '*'."
    >>> plain_name("-rf")
    "the student id '-rf' starts with '-'."
    >>> print(plain_name("a\\x1b[2J"))
    the student id 'a\\x1b[2J' is not a plain name (letters, digits and . _ - @): it holds '\\x1b'.
    """
    shown = f"the student id '{terminal(name, limit=NAME_CHARS)}'"
    if not name:
        return "the student id is empty."
    if len(name) > NAME_CHARS:
        return f"{shown} is longer than {NAME_CHARS} characters."
    odd = next((char for char in name if not (char in NAME_MARKS or char.isalpha() or char.isdecimal())), None)
    if odd is not None:
        return f"{shown} is not a plain name (letters, digits and {' '.join(NAME_MARKS)}): it holds '{terminal(odd)}'."
    if name.startswith((".", "-")):
        return f"{shown} starts with '{name[0]}'."
    return None


def _kind(mode: int) -> str:
    """
    >>> _kind(stat.S_IFIFO), _kind(stat.S_IFCHR)
    ('a fifo', 'a device')
    """
    if stat.S_ISFIFO(mode):
        return "a fifo"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    return "not a regular file"


def _open_folder(name: str, parent: int, shown: str) -> int:
    """Open the folder ``name`` in the folder ``parent`` without following a link."""
    try:
        mode = os.stat(name, dir_fd=parent, follow_symlinks=False).st_mode
    except OSError as error:
        raise Refused(f"{shown} cannot be read ({error.strerror}).") from None
    if stat.S_ISLNK(mode):
        raise Refused(f"{shown} is a symbolic link (to {_target(name, parent)}): links are not graded.")
    if not stat.S_ISDIR(mode):
        raise Refused(f"{shown} is not a folder ({_kind(mode)}).")
    try:
        return os.open(name, _FOLDER, dir_fd=parent)
    except OSError as error:  # replaced by a link since: the same answer
        raise Refused(f"{shown} cannot be opened as a folder ({error.strerror}).") from None


def _target(name: str, parent: int) -> str:
    try:
        return terminal(os.readlink(name, dir_fd=parent), limit=120)
    except OSError:
        return "?"


@dataclass
class _Found:
    files: dict[str, int] = field(default_factory=dict)  # path -> size, regular files only
    problems: list[str] = field(default_factory=list)
    entries: int = 0
    changed: float = 0.0  # the latest change time (ctime) of an entry


def _walk(folder: int, prefix: str, found: _Found, caps: Caps, depth: int) -> None:
    """Every entry under ``folder``, by ``lstat``: regular files kept, links and the rest refused."""
    with os.scandir(folder) as entries:
        for entry in entries:
            found.entries += 1
            if found.entries > caps.entries:
                raise Refused(f"the submission holds more than {caps.entries} files and folders.")
            path = prefix + terminal(entry.name, limit=200)
            info = entry.stat(follow_symlinks=False)
            found.changed = max(found.changed, info.st_ctime)
            mode = info.st_mode
            if stat.S_ISLNK(mode):
                found.problems.append(f"{path} is a symbolic link (to {_target(entry.name, folder)}): "
                                      f"links are not graded.")
            elif stat.S_ISDIR(mode):
                if depth >= caps.depth:
                    raise Refused(f"{path} is more than {caps.depth} folders deep.")
                inner = _open_folder(entry.name, folder, path)
                try:
                    _walk(inner, path + "/", found, caps, depth + 1)
                finally:
                    os.close(inner)
            elif stat.S_ISREG(mode):
                if info.st_nlink > 1:
                    found.problems.append(f"{path} has {info.st_nlink} links (a hard link to another file): "
                                          f"links are not graded.")
                else:
                    found.files[path] = info.st_size
            else:
                found.problems.append(f"{path} is {_kind(mode)}, not a file: it is not graded.")


def read_capped(name: str, folder: int, cap: int, shown: str) -> bytes:
    """At most ``cap`` bytes of the regular file ``name`` in ``folder`` (never a link, fifo or device)."""
    try:
        handle = os.open(name, _READ, dir_fd=folder)
    except OSError as error:
        raise Refused(f"{shown} cannot be read ({error.strerror}).") from None
    try:
        info = os.fstat(handle)
        if not stat.S_ISREG(info.st_mode):
            raise Refused(f"{shown} is {_kind(info.st_mode)}, not a file.")
        if info.st_nlink > 1:  # linked since the walk: the same answer
            raise Refused(f"{shown} has {info.st_nlink} links (a hard link to another file): links are not graded.")
        if info.st_size > cap:
            raise Refused(f"{shown} is larger than {_size(cap)}.")
        chunks, left = [], cap + 1
        while left > 0:
            chunk = os.read(handle, min(left, 1 << 20))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
        data = b"".join(chunks)
        if len(data) > cap:  # it grew while being read
            raise Refused(f"{shown} is larger than {_size(cap)}.")
        return data
    finally:
        os.close(handle)


def _size(count: int) -> str:
    """
    >>> _size(20 << 20), _size(200)
    ('20 MB', '200 bytes')
    """
    return f"{count >> 20} MB" if count >= 1 << 20 else f"{count} bytes"


def _cells(data: dict[str, Any]) -> list[Any]:
    """The cells of a notebook's JSON (nbformat 4, or 3 with its worksheets)."""
    cells = data.get("cells")
    if isinstance(cells, list):
        return cells
    sheets = data.get("worksheets")
    if isinstance(sheets, list):
        return [cell for sheet in sheets if isinstance(sheet, dict) and isinstance(sheet.get("cells"), list)
                for cell in sheet["cells"]]
    raise ValueError("it has no cells")


def _chars(source: Any) -> int:
    if isinstance(source, str):
        return len(source)
    if isinstance(source, list):
        return sum(len(part) if isinstance(part, str) else 0 for part in source)
    return 0


def kept_notebook(raw: bytes, name: str, caps: Caps) -> str:
    """The notebook graded, as JSON: read from ``raw`` under ``caps``, its stored outputs dropped.

    >>> big = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell("x" * 200)])
    >>> kept_notebook(nbformat.writes(big).encode(), "ps01", Caps(cell_chars=100))
    Traceback (most recent call last):
    ...
    coursekit.grading.intake.Refused: ps01.ipynb has a cell of 200 characters: more than the 100 allowed.
    """
    shown = f"{name}.ipynb"
    try:
        data = json.loads(raw)
        if not isinstance(data, dict):
            raise ValueError("it is not a JSON object")
        cells = _cells(data)
    except (ValueError, RecursionError) as error:
        first = terminal(str(error).strip().splitlines()[0], limit=200) if str(error).strip() else type(error).__name__
        raise Refused(f"{shown} is not a notebook that can be read ({first}).") from None
    if len(cells) > caps.cells:
        raise Refused(f"{shown} has {len(cells)} cells: more than the {caps.cells} allowed.")
    attachments = attached = 0
    for cell in cells:
        if not isinstance(cell, dict):
            continue
        chars = _chars(cell.get("source", cell.get("input")))
        if chars > caps.cell_chars:
            raise Refused(f"{shown} has a cell of {chars} characters: more than the {caps.cell_chars} allowed.")
        files = cell.get("attachments")
        if isinstance(files, dict):
            attachments += len(files)
            attached += len(json.dumps(files))
        if "outputs" in cell:  # nbgrader clears them anyway: never carried into the copy
            cell["outputs"] = []
        if "execution_count" in cell:
            cell["execution_count"] = None
        if "prompt_number" in cell:
            cell.pop("prompt_number")
    if attachments > caps.attachments:
        raise Refused(f"{shown} has {attachments} attachments: more than the {caps.attachments} allowed.")
    if attached > caps.attachment_bytes:
        raise Refused(f"{shown} has attachments of {_size(attached)}: more than the "
                       f"{_size(caps.attachment_bytes)} allowed.")
    try:
        nb = nbformat.convert(nbformat.from_dict(data), 4)  # type: ignore[no-untyped-call]
        nbformat.validate(nb)
        text: str = nbformat.writes(nb)  # type: ignore[no-untyped-call]
    except Exception as error:  # whatever is wrong with the file, it is this submission's problem
        first = terminal(str(error).strip().splitlines()[0], limit=200) if str(error).strip() else type(error).__name__
        raise Refused(f"{shown} is not a notebook that can be read ({first}).") from None
    if len(text.encode()) > caps.kept_bytes:
        raise Refused(f"{shown} without its outputs is larger than {_size(caps.kept_bytes)}.")
    return text


def _when(seconds: float) -> datetime:
    return datetime.fromtimestamp(seconds, UTC)


def changed(path: Path, cap: int = Caps().entries) -> datetime | None:
    """The latest change time (``ctime``) of the folder ``path`` and of everything in it, no link followed;
    ``None`` when it cannot be read or holds more than ``cap`` entries. The system sets a change time, not the
    file's owner: ``touch -d`` moves a modification time back and the change time forward, to the present.

    >>> import tempfile
    >>> folder = Path(tempfile.mkdtemp())
    >>> (folder / "ps01.ipynb").write_text("{}")
    2
    >>> os.utime(folder / "ps01.ipynb", (0, 0)); os.utime(folder, (0, 0))  # touch -d 1970-01-01
    >>> changed(folder) > datetime.now(UTC) - timedelta(minutes=1), changed(folder, cap=0)
    (True, None)
    >>> shutil.rmtree(folder)
    """
    try:
        info = path.lstat()
        if not stat.S_ISDIR(info.st_mode):
            return None
        latest, count, folders = info.st_ctime, 0, [path]
        while folders:
            with os.scandir(folders.pop()) as entries:
                for entry in entries:
                    count += 1
                    if count > cap:
                        return None
                    info = entry.stat(follow_symlinks=False)
                    latest = max(latest, info.st_ctime)
                    if stat.S_ISDIR(info.st_mode):
                        folders.append(Path(entry.path))
    except OSError:
        return None
    return _when(latest)


def inbound(root: Path) -> Path | None:
    """The ``inbound/`` folder of nbgrader's exchange for the course at ``root``, as nbgrader's configuration
    names it (``c.Exchange.root``, ``c.CourseDirectory.course_id``), read as nbgrader reads it: Jupyter's
    configuration folders, then the course's ``nbgrader_config.py``. ``None`` without a course id or folder."""
    from jupyter_core.paths import jupyter_config_path
    from traitlets.config.loader import Config, ConfigFileNotFound, PyFileConfigLoader

    config = Config()
    for folder in [*reversed(jupyter_config_path()), str(root)]:
        try:
            config.merge(PyFileConfigLoader("nbgrader_config.py", path=folder).load_config())
        except ConfigFileNotFound:
            continue
        except Exception:  # as nbgrader does, a file that cannot be loaded is passed over
            continue
    course = config.get("CourseDirectory", {}).get("course_id", "")
    exchange = config.get("Exchange", {}).get("root", "/usr/local/share/nbgrader/exchange")
    found = Path(str(exchange)) / str(course) / "inbound"
    return found if course and found.is_dir() else None


def received(folder: Path | None, student: str, assignment: str, claimed: datetime,
             cap: int = Caps().entries) -> datetime | None:
    """When the exchange's ``folder`` (``inbound/``) received the submission whose ``timestamp.txt`` says
    ``claimed``: the latest change time (:func:`changed`) of ``<student>+<assignment>+<time>+<random>`` whose
    name gives that time (read as ``nbgrader collect`` reads it); the latest, when several do. ``None`` when
    no folder there names that time (or none can be read)."""
    if folder is None:
        return None
    prefix = f"{student}+{assignment}+"
    try:
        names = [name for name in os.listdir(folder) if name.startswith(prefix)]
    except OSError:
        return None
    times = []
    for name in names:
        parts = name.rsplit("+", 3)
        try:
            named = parse_time(parts[2])
        except (ValueError, OverflowError, IndexError):
            continue
        when = changed(folder / name, cap) if named == claimed else None
        times += [when] if when is not None else []
    return max(times, default=None)


def submission_time(claimed: datetime | None, collected: datetime,
                    exchange: datetime | None) -> tuple[datetime, str | None]:
    """The time graded (see the module) and, when nbgrader's ``claimed`` time is not it, why.

    ``collected``: when the course's copy was made; ``exchange``: when the exchange received the submission
    (:func:`received`). The earlier of the two is when the course had it; ``claimed`` is believed when it is
    at most :data:`GRACE` before that and not after it.

    >>> at = datetime(2026, 11, 20, 12, 0, tzinfo=UTC)
    >>> submission_time(at - timedelta(seconds=2), at + timedelta(days=2), at)[0] == at - timedelta(seconds=2)
    True
    >>> when, note = submission_time(at - timedelta(days=1), at + timedelta(days=2), at)
    >>> when == at, note  # doctest: +ELLIPSIS
    (True, "timestamp.txt (2026-11-19 12:00) is more than 60 s before the exchange received ... time is used.")
    >>> when, note = submission_time(at + timedelta(days=3), at, None)
    >>> when == at, note  # doctest: +ELLIPSIS
    (True, 'timestamp.txt (2026-11-23 12:00) is later than the collection (2026-11-20 12:00): the collection ...')
    """
    trusted, what, whose = ((exchange, "the exchange received the submission", "the exchange's time")
                            if exchange is not None and exchange < collected else
                            (collected, "the collection", "the collection time"))
    if claimed is None:
        return trusted, None
    if claimed > trusted:
        return trusted, f"{TIMESTAMP} ({claimed:%Y-%m-%d %H:%M}) is later than {what} ({trusted:%Y-%m-%d %H:%M}): " \
                        f"{whose} is used."
    if claimed < trusted - GRACE:
        return trusted, (f"{TIMESTAMP} ({claimed:%Y-%m-%d %H:%M}) is more than {GRACE.total_seconds():g} s "
                         f"before {what} ({trusted:%Y-%m-%d %H:%M}): {whose} is used.")
    return claimed, None


def parse_time(text: str) -> datetime:
    """A time as nbgrader writes it in ``timestamp.txt`` (UTC when no zone is given).

    >>> parse_time("2026-11-20 10:00:00.000000 UTC").isoformat()
    '2026-11-20T10:00:00+00:00'
    """
    from dateutil.parser import parse  # type: ignore[import-untyped]  # nbgrader's own reader of timestamps

    when: datetime = parse(text.strip())
    return when.replace(tzinfo=UTC) if when.tzinfo is None else when.astimezone(UTC)


def take_in(root: Path, assignment: str, student: str, notebooks: Sequence[str], caps: Caps | None = None,
            now: datetime | None = None) -> Intake:
    """Read ``submitted/<student>/<assignment>/`` as data (see the module): what is graded, or why not."""
    caps = caps or Caps()
    intake = Intake(student, assignment)
    odd = plain_name(student)
    if odd is not None:
        intake.refused.append(f"{odd} The submission is not graded.")
        return intake
    try:
        submitted = os.open(root / "submitted", _FOLDER)
    except OSError as error:
        intake.refused.append(f"the folder submitted/ cannot be read ({error.strerror}).")
        return intake
    opened = [submitted]
    try:
        mine = _open_folder(student, submitted, f"submitted/{student}")
        opened.append(mine)
        folder = _open_folder(assignment, mine, f"submitted/{student}/{assignment}")
        opened.append(folder)
        found = _Found()
        _walk(folder, "", found, caps, 0)
        if found.problems:
            raise Refused(" ".join(found.problems[:5]) + (f" (and {len(found.problems) - 5} more)"
                                                           if len(found.problems) > 5 else ""))
        problems = []
        for name in notebooks:
            if f"{name}.ipynb" not in found.files:
                problems.append(f"the notebook {name}.ipynb is missing from the submission.")
                continue
            try:
                raw = read_capped(f"{name}.ipynb", folder, caps.notebook_bytes, f"{name}.ipynb")
                intake.notebooks[name] = kept_notebook(raw, name, caps)
            except Refused as problem:
                problems.append(str(problem))
        if problems:
            intake.refused += problems
            return intake
        collected = min(_when(max(found.changed, os.fstat(folder).st_ctime)), now or datetime.now(UTC))
        intake.timestamp = collected
        if TIMESTAMP in found.files:
            try:
                claimed = parse_time(read_capped(TIMESTAMP, folder, caps.timestamp_bytes, TIMESTAMP).decode("utf-8"))
            except Refused as problem:
                intake.notes.append(f"{problem} The collection time is used.")
            except (ValueError, OverflowError, UnicodeDecodeError):
                intake.notes.append(f"{TIMESTAMP} is not a time: the collection time is used.")
            else:
                exchange = received(inbound(root), student, assignment, claimed, caps.entries)
                intake.timestamp, note = submission_time(claimed, collected, exchange)
                intake.notes += [note] if note else []
        first = first_taken(root, intake)
        if first is not None and first < intake.timestamp:
            intake.notes.append(f"the time first taken for this work ({first:%Y-%m-%d %H:%M}) is kept.")
            intake.timestamp = first
        if SECRET in found.files:
            intake.secret = _secret(folder, caps, intake.notes)
        others = sorted(set(found.files) - {f"{name}.ipynb" for name in notebooks} - {TIMESTAMP, SECRET})
        if others:
            shown = ", ".join(others[:10]) + (f" and {len(others) - 10} more" if len(others) > 10 else "")
            intake.notes.append(f"not graded (only the release's notebooks are): {shown}.")
    except Refused as problem:
        intake.refused.append(str(problem))
    except OSError as error:
        intake.refused.append(f"the submission cannot be read ({error.strerror}).")
    finally:
        for handle in reversed(opened):
            os.close(handle)
    return intake


def misplaced(root: Path, assignment: str, notebooks: Sequence[str]) -> list[str]:
    """One line for each notebook of ``assignment`` left where nothing is graded: in a student's folder instead of
    its assignment's (``submitted/sam/ps05.ipynb``), or in ``submitted/`` itself; it says where the notebook is and
    where it belongs. A notebook of the assignment is one named as released, or starting with the assignment's
    name (``ps05 (1).ipynb``). Only names are read, no link is followed.

    >>> import tempfile
    >>> root = Path(tempfile.mkdtemp())
    >>> (root / "submitted" / "sam").mkdir(parents=True)
    >>> (root / "submitted" / "sam" / "ps05.ipynb").write_text("{}")
    2
    >>> print(*misplaced(root, "ps05", ["ps05"]))
    submitted/sam/ps05.ipynb is not graded: it belongs at submitted/sam/ps05/ps05.ipynb.
    >>> shutil.rmtree(root)
    """
    def ours(name: str) -> bool:
        return name.endswith(".ipynb") and (name[:-6] in notebooks or name.startswith(assignment))

    def where(name: str, student: str) -> str:
        named = name if name[:-6] in notebooks or len(notebooks) != 1 else f"{notebooks[0]}.ipynb"
        return f"submitted/{student}/{assignment}/{named}"

    top = root / "submitted"
    try:
        students = sorted(os.listdir(top))
    except OSError:
        return []
    lines = [f"submitted/{terminal(name)} is not graded: it belongs at {where(name, '<student>')}."
             for name in students if ours(name)]
    for student in students:
        try:
            names = sorted(os.listdir(top / student)) if stat.S_ISDIR(os.lstat(top / student).st_mode) else []
        except OSError:
            continue
        lines += [f"submitted/{terminal(student)}/{terminal(name)} is not graded: it belongs at "
                  f"{terminal(where(name, student))}." for name in names if ours(name)]
    return lines


def is_secret(text: str) -> bool:
    """Whether ``text`` reads as the secret nbgrader's exchange writes (hexadecimal, 32 to 256 digits).

    >>> is_secret("0f" * 64), is_secret("not a secret"), is_secret("ab")
    (True, False, False)
    """
    return 32 <= len(text) <= 256 and all(ch in "0123456789abcdef" for ch in text)


def _secret(folder: int, caps: Caps, notes: list[str]) -> str | None:
    """The submission's :data:`SECRET`, or ``None`` with a note when it is not one nbgrader wrote."""
    try:
        text = read_capped(SECRET, folder, caps.secret_bytes, SECRET).decode("ascii", "replace").strip()
    except Refused as problem:
        text = str(problem)
    if is_secret(text):
        return text
    notes.append(f"{SECRET} is not the exchange's: this student's feedback cannot be released through it.")
    return None


def digest(intake: Intake) -> str:
    """A digest of the notebooks graded (SHA-256, hexadecimal): the same work has the same digest."""
    return hashlib.sha256(json.dumps(intake.notebooks, sort_keys=True).encode()).hexdigest()


def first_taken(root: Path, intake: Intake) -> datetime | None:
    """The time :func:`write_copy` recorded for the same work as ``intake`` (same student, assignment and
    notebooks), if any (:data:`RECORD`, in the course's private ``intake/`` folder)."""
    path = root / FOLDER / intake.student / f"{intake.assignment}{RECORD}"
    try:
        handle = os.open(path, _READ)
        try:
            text = os.read(handle, 200).decode("ascii").split()
        finally:
            os.close(handle)
        return parse_time(text[0]) if len(text) == 2 and text[1] == digest(intake) else None
    except (OSError, UnicodeDecodeError, ValueError, OverflowError):
        return None


def write_copy(root: Path, intake: Intake) -> Path:
    """Write what is graded to ``<root>/intake/<student>/<assignment>/`` (replacing an earlier copy)."""
    top = root / FOLDER
    top.mkdir(mode=0o700, exist_ok=True)
    folder = top / intake.student / intake.assignment
    if folder.exists() or folder.is_symlink():
        shutil.rmtree(folder)
    folder.mkdir(parents=True)
    for name, text in intake.notebooks.items():
        (folder / f"{name}.ipynb").write_text(text, encoding="utf-8")
    (folder / TIMESTAMP).write_text(f"{intake.timestamp:%Y-%m-%d %H:%M:%S.%f} UTC\n", encoding="utf-8")
    if intake.secret is not None:
        (folder / SECRET).write_text(intake.secret, encoding="ascii")
    record = top / intake.student / f"{intake.assignment}{RECORD}"
    record.write_text(f"{intake.timestamp.isoformat()} {digest(intake)}\n", encoding="ascii")
    return folder


__all__ = ["FOLDER", "GRACE", "NAME_CHARS", "RECORD", "SECRET", "TIMESTAMP", "Caps", "Intake", "Refused", "changed",
           "digest", "first_taken", "inbound", "is_secret", "kept_notebook", "misplaced", "parse_time", "plain_name",
           "read_capped", "received", "submission_time", "take_in", "write_copy"]
