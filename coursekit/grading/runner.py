"""The program inside the sandbox: it runs a submission's cells, then answers calls.

Started by :class:`coursekit.grading.sandbox.Sandbox` as ``python -I runner.py``, never
imported by the grader. It first limits its own resources (memory, CPU time, processes,
file size, open files), then reads one JSON line per request on standard input and writes
one JSON line per reply on the protocol channel (its original standard output; the
student's own output goes elsewhere, captured and cut short):

- ``{"op": "cells", "cells": [source, ...]}``: run each cell in order in one namespace;
  reply ``{"cells": [{"output": text, "error": text or null}, ...], "names": {name: kind}}``
  where ``names`` are the names the cells defined (``kind`` is ``"function"`` for what can be
  called, ``"value"`` for the rest);
- ``{"op": "call", "name": name, "args": [encoded, ...]}``: call the function ``name`` with the
  decoded arguments; reply ``{"value": encoded}`` or ``{"raised": description}``. A value that
  can be hashed (rules, a grid, a state) is kept by its text (the last :data:`KEPT`): the same
  text gives the same object again, so the rules of a game stay one object, caches included,
  unless the student's code set one of its fields anew (then it is decoded afresh); lists, dicts
  and sets are decoded afresh every time (the student's code may change them);
- ``{"op": "get", "name": name}``: reply ``{"value": encoded}``;
- a setup cell (``"setup": true`` in its request) may be followed by the replacement of the
  names listed in the settings' ``"measured"`` by stand-ins that ask the grader: each call
  sends ``{"callback": name, "args": encoded}`` and waits for ``{"op": "answer", "value": encoded}``
  (so the grader itself answers, and counts, every use of that helper); a call request with
  ``"measure": false`` lets the setup cell's own helpers answer during that call, uncounted (a
  check that counts nothing then costs no round trips);
- ``{"op": "seed", "value": n}``: ``random.seed(n)``, as the grader does before a seeded game;
  reply ``{"value": "null"}``.

Any reply may also carry ``"used": [module, ...]``: the modules of the settings' ``"references"``
(the course modules that hold the reference answer) that the student's cells or calls imported
or used since the last reply (see :class:`Watch`); the grader flags them for a person's review.

Nothing here is trusted: the student's code runs in this process and may replace any of it.
The grader reads every reply as data, strictly, and enforces every limit from outside.
"""

from __future__ import annotations

import contextlib
import json
import os
import sys
from collections.abc import Iterator

#: The resource limits, set before anything else happens (the grader passes its own).
LIMITS = {"memory": 1 << 30, "cpu": 60, "processes": 32, "file_size": 16 << 20, "open_files": 64}
#: How much of a cell's output is kept (characters).
OUTPUT_CHARS = 20_000
#: How many decoded arguments are kept by their text, and the longest text kept (characters).
KEPT = 64
KEPT_CHARS = 1 << 20


def limit_resources(limits: dict[str, int]) -> None:
    """Set this process's rlimits (they also bind every process it starts)."""
    import resource

    for name, value in (("RLIMIT_AS", limits["memory"]), ("RLIMIT_CPU", limits["cpu"]),
                        ("RLIMIT_NPROC", limits["processes"]), ("RLIMIT_FSIZE", limits["file_size"]),
                        ("RLIMIT_NOFILE", limits["open_files"]), ("RLIMIT_CORE", 0)):
        kind = getattr(resource, name, None)
        if kind is not None:
            with contextlib.suppress(ValueError, OSError):
                resource.setrlimit(kind, (value, value))


class Capture:
    """A text stream that keeps the first :data:`OUTPUT_CHARS` characters and counts the rest."""

    def __init__(self) -> None:
        self.parts: list[str] = []
        self.kept = 0
        self.dropped = 0

    def write(self, text: object) -> int:
        text = str(text)
        room = OUTPUT_CHARS - self.kept
        if room > 0:
            self.parts.append(text[:room])
            self.kept += min(room, len(text))
        self.dropped += max(0, len(text) - max(room, 0))
        return len(text)

    def flush(self) -> None:
        pass

    def isatty(self) -> bool:
        return False

    def text(self) -> str:
        out = "".join(self.parts)
        if self.dropped:
            out += f"\n[... {self.dropped} more characters of output not kept]"
        return out


class Watch:
    """What the student's code uses of the reference modules, recorded while it runs (``on``).

    Two records: an audit hook sees every module loaded for the first time (an ``import``
    statement raises the event ``import``; ``importlib.import_module``, also with a name built at
    run time, raises none, but running the module's code raises ``exec`` with its file's name); a
    module already loaded (by the course package itself, or the setup cells) raises no event, so
    each ``coursekit`` module gets a class that notes every attribute read from it: a reference
    module itself, or a function, class or module of one. A reference may also name one function
    of a module (``coursekit.games.corners.evaluate``), where the rest of the module is the
    students' to use: reading that name from any module notes it. Only the student's own code's
    reads count: the course's code that a student's call runs (a check copied into a cell, a
    module that uses a reference inside) reads what it needs unnoted.
    """

    def __init__(self, references: list[str]) -> None:
        self.references = references
        self.on = False
        self.used: set[str] = set()
        self.reported: set[str] = set()
        self._seen = 0
        self._root = ""
        self.package = "\0"  # the course package's folder (no file name starts with this before it is known)
        if references:
            import coursekit
            import coursekit.games

            coursekit.games.GAMES  # noqa: B018  (every game's folder loaded now, so that each is watched: see wrap)
            self._root = os.path.dirname(os.path.dirname(os.path.abspath(coursekit.__file__ or "")))
            self.package = os.path.join(self._root, "coursekit") + os.sep
            sys.addaudithook(self.audit)

    def owner(self, name: object) -> str | None:
        """The reference module that ``name`` (a module's name) is or lies in."""
        if isinstance(name, str):
            for module in self.references:
                if name == module or name.startswith(module + "."):
                    return module
        return None

    def note(self, name: object) -> None:
        module = self.owner(name)
        if module is not None:
            self.used.add(module)

    def audit(self, event: str, args: tuple[object, ...]) -> None:
        if not self.on or not args:
            return
        if event == "import":
            self.note(args[0])
        elif event == "exec":
            self.note(self.module_of(getattr(args[0], "co_filename", None)))

    def module_of(self, filename: object) -> str | None:
        """The module a file of the course package holds
        (``.../coursekit/games/bulls/cli.py``: ``coursekit.games.bulls.cli``)."""
        if not isinstance(filename, str) or not filename.endswith(".py") or not self._root:
            return None
        relative = os.path.relpath(filename, self._root)
        if relative.startswith(".."):
            return None
        parts = relative[:-3].split(os.sep)
        return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)

    def wrap(self) -> None:
        """Give each ``coursekit`` module loaded since the last time the noting class."""
        if not self.references or len(sys.modules) == self._seen:
            return
        self._seen = len(sys.modules)
        import types

        watch = self

        class Noted(types.ModuleType):
            def __getattribute__(self, attribute: str) -> object:
                value = super().__getattribute__(attribute)
                if watch.on:
                    watch.on = False  # reading names below must not be noted again
                    try:
                        # noted when the student's code reads it, not when the course's own code does (a check
                        # the student runs, a module that imports a reference function): what the student reaches
                        if not sys._getframe(1).f_code.co_filename.startswith(watch.package):
                            name = types.ModuleType.__getattribute__(self, "__name__")
                            watch.note(name)
                            watch.note(f"{name}.{attribute}")  # a reference may be one function of a module
                            if isinstance(value, types.ModuleType):
                                watch.note(types.ModuleType.__getattribute__(value, "__name__"))
                            elif isinstance(value, (types.FunctionType, type)):
                                module = getattr(value, "__module__", None)
                                watch.note(module)
                                watch.note(f"{module}.{getattr(value, '__qualname__', '')}")
                    except Exception:
                        pass
                    finally:
                        watch.on = True
                return value

        for name, module in list(sys.modules.items()):
            if (name == "coursekit" or name.startswith("coursekit.")) and type(module) is types.ModuleType:
                with contextlib.suppress(TypeError):
                    module.__class__ = Noted

    def news(self) -> list[str]:
        """The modules used since the last time this was asked."""
        new = sorted(self.used - self.reported)
        self.reported |= self.used
        return new

    @contextlib.contextmanager
    def student(self, running: bool = True) -> Iterator[None]:
        """Note what happens inside (when ``running``: the student's code runs)."""
        self.wrap()
        before, self.on = self.on, running
        try:
            yield
        finally:
            self.on = before


def main() -> None:
    """Limit, then serve requests until standard input ends."""
    settings = json.loads(sys.argv[1]) if len(sys.argv) > 1 else {}
    limit_resources({**LIMITS, **settings.get("limits", {})})
    channel = os.fdopen(os.dup(1), "w", encoding="utf-8")
    requests = os.fdopen(os.dup(0), "r", encoding="utf-8")
    quiet = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(quiet, fd)
    if settings.get("package_parent"):
        sys.path.insert(0, settings["package_parent"])

    from coursekit.grading.codec import decode, encode
    from coursekit.grading.limits import describe_error

    namespace: dict[str, object] = {"__name__": "__main__"}

    current = {"id": 0}
    watch = Watch([str(name) for name in settings.get("references", [])])

    def reply(message: dict[str, object]) -> None:
        used = watch.news()
        channel.write(json.dumps({**message, **({"used": used} if used else {}), "id": current["id"]}) + "\n")
        channel.flush()

    measured = [str(name) for name in settings.get("measured", [])]

    sent: dict[int, tuple[object, str]] = {}  # arguments encoded once (a grid is passed again and again)

    def encoded(value: object) -> str:
        if type(value) in (int, str, bool, float) or value is None:
            return encode(value)
        known = sent.get(id(value))
        if known is None or known[0] is not value:
            known = sent[id(value)] = (value, encode(value))  # the value is kept, so its id stays its own
        return known[1]

    measuring = {"on": True}  # a call request with "measure": false lets the helpers answer here, uncounted
    originals: dict[str, object] = {}

    def ask_grader(name: str) -> object:
        def stand_in(*args: object) -> object:
            if not measuring["on"]:
                with watch.student(False):  # the instructor's helper, answering here: not the student's use
                    return originals[name](*args)  # type: ignore[operator]
            with watch.student(False):
                reply({"callback": name, "args": [encoded(arg) for arg in args]})
                answer = json.loads(requests.readline())
                if "raised" in answer:
                    raise RuntimeError(f"{name} raised {answer['raised']}")
                return decode(answer["value"])

        stand_in.__name__ = stand_in.__qualname__ = name
        return stand_in

    def run_cells(sources: list[str], setup: bool = False) -> None:
        before = dict(namespace)
        results = []
        for number, source in enumerate(sources, 1):
            capture = Capture()
            sys.stdout = sys.stderr = capture
            error = None
            try:
                with watch.student(not setup):
                    exec(compile(source, f"<cell {number}>", "exec"), namespace)
            except BaseException as problem:  # a cell that fails is reported, whatever it raised
                error = describe_error(problem)
            finally:
                sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
            results.append({"output": capture.text(), "error": error})
        if setup:
            for name in measured:
                if name in namespace:
                    originals[name] = namespace[name]
                    namespace[name] = ask_grader(name)
        names = {name: ("function" if callable(value) else "value") for name, value in namespace.items()
                 if not name.startswith("__") and (name not in before or before[name] is not value)}
        reply({"cells": results, "names": names})

    import dataclasses

    # decoded arguments by their text (see the "call" request), each with its fields as decoded
    kept: dict[str, tuple[object, tuple[tuple[str, object], ...]]] = {}

    def fields_of(value: object) -> tuple[tuple[str, object], ...]:
        if dataclasses.is_dataclass(value) and not isinstance(value, type):
            return tuple((f.name, getattr(value, f.name)) for f in dataclasses.fields(value))
        return ()

    def argument(text: str) -> object:
        found = kept.get(text)
        if found is not None:
            value, fields = found
            # a field set anew (object.__setattr__ on frozen rules or a grid) is not kept: decoded afresh
            if all(getattr(value, name, None) is field for name, field in fields):
                return value
        value = decode(text)
        try:
            hash(value)
        except TypeError:  # a list, a dict, a set: it may be changed, so it is decoded afresh
            return value
        if len(text) <= KEPT_CHARS:
            if len(kept) >= KEPT and text not in kept:
                kept.pop(next(iter(kept)))
            kept[text] = (value, fields_of(value))
        return value

    def call(name: str, args: list[str]) -> None:
        capture = Capture()
        sys.stdout = sys.stderr = capture
        try:
            decoded = [argument(text) for text in args]
            with watch.student():
                value = namespace[name](*decoded)  # type: ignore[operator]
            answer: dict[str, object] = {"value": encode(value)}
        except BaseException as problem:  # whatever the student's code raised is its answer
            answer = {"raised": describe_error(problem)}
        finally:
            sys.stdout, sys.stderr = sys.__stdout__, sys.__stderr__
        reply(answer)

    for line in requests:
        request = json.loads(line)
        current["id"] = request.get("id", 0)
        if request["op"] == "cells":
            run_cells(request["cells"], bool(request.get("setup")))
        elif request["op"] == "call":
            measuring["on"] = request.get("measure", True) is not False
            call(request["name"], request["args"])
        elif request["op"] == "seed":
            import random

            random.seed(request["value"])
            reply({"value": "null"})
        elif request["op"] == "get":
            try:
                reply({"value": encode(namespace[request["name"]])})
            except BaseException as problem:
                reply({"raised": describe_error(problem)})


if __name__ == "__main__":
    main()
