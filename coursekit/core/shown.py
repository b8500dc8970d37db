"""What a student wrote, shown as text: on one terminal line, in a spreadsheet's cell, on an HTML page.

A student names their folder (the student id), their files and their exceptions' messages, and a
command prints them, a CSV file holds them, a page shows them. Shown raw, such a string can clear
the instructor's screen and print a forged line (``ESC[2J``, a new line), run as a formula when the
CSV is opened (``=HYPERLINK(...)``) or add markup to a page. Each function here makes a string of
the student's plain text for one of those places:

* :func:`terminal`: every control character (ESC, CR, LF, TAB, DEL, the C1 controls), the Unicode
  line and paragraph separators, format characters such as the bidirectional overrides, and lone
  surrogates (bytes of a file name that are not UTF-8) shown as an escape (``\\x1b``), never passed
  through;
* :func:`csv_cell`: a cell that a spreadsheet would read as a formula (it starts with ``=``, ``+``,
  ``-``, ``@``, a tab or a carriage return) gets a leading apostrophe, as OWASP's rule for CSV
  injection says (a plain number, ``-1.5``, stays a number), and its control characters are shown as
  :func:`terminal` shows them (a CSV file is read on a terminal too); :func:`csv_row` applies it to
  each cell of a row;
* :func:`html`: the text escaped for an HTML page, between tags or in a quoted attribute.

>>> print(terminal("ann\\x1b[2J\\nall 30 submissions graded"))
ann\\x1b[2J\\nall 30 submissions graded
>>> csv_cell('=HYPERLINK("http://example.org")')
'\\'=HYPERLINK("http://example.org")'
>>> html("<script>alert('x')</script>")
'&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt;'
"""

from __future__ import annotations

import html as _html
import re
import unicodedata
from collections.abc import Iterable
from functools import cache

#: Unicode categories shown as an escape on the terminal: controls, format characters (the bidirectional
#: overrides among them), surrogates, and the line and paragraph separators.
HIDDEN = frozenset({"Cc", "Cf", "Cs", "Zl", "Zp"})
#: How a few controls are shown; the others as ``\\xNN`` or ``\\uNNNN``.
NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
#: The first characters that make a spreadsheet read a cell as a formula (OWASP: CSV injection).
FORMULA = ("=", "+", "-", "@", "\t", "\r")
#: A plain number (``-1.5``, ``+2e-3``): a spreadsheet reads it as the number, nothing runs.
NUMBER = re.compile(r"[+-]?[0-9]+(?:\.[0-9]*)?(?:[eE][+-]?[0-9]+)?")


def _escape(char: str) -> str:
    """How :func:`terminal` shows one hidden character.

    >>> _escape("\\x1b"), _escape("\\n"), _escape("\\u202e"), _escape("\\udcff")
    ('\\\\x1b', '\\\\n', '\\\\u202e', '\\\\udcff')
    """
    if char in NAMED:
        return NAMED[char]
    code = ord(char)
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}" if code < 0x10000 else f"\\U{code:08x}"


@cache
def _hidden() -> re.Pattern[str]:
    """A pattern of one :data:`HIDDEN` character, built from this Python's Unicode tables the first time
    it is needed (a few tenths of a second), so that a long message is searched in linear time.

    >>> _hidden().findall("a\\x1bb\\u202ec d")
    ['\\x1b', '\\u202e']
    """
    spans: list[list[int]] = []
    for code in range(0x110000):
        if unicodedata.category(chr(code)) in HIDDEN:
            if spans and spans[-1][1] == code - 1:
                spans[-1][1] = code
            else:
                spans.append([code, code])
    return re.compile("[" + "".join(re.escape(chr(first)) + ("-" + re.escape(chr(last)) if last > first else "")
                                    for first, last in spans) + "]")


def terminal(text: object, limit: int | None = None) -> str:
    """``text`` (a student's: an id, a file name, a message) safe for one line of the terminal: no
    character that moves the cursor, changes colours, starts a line or reverses the text's direction;
    each is shown as an escape. With ``limit``, at most that many characters, the cut said with ``…``.

    >>> terminal("a\\tb\\rc\\x7fd\\x9be\\u2028f\\u2029g\\u202eh")
    'a\\\\tb\\\\rc\\\\x7fd\\\\x9be\\\\u2028f\\\\u2029g\\\\u202eh'
    >>> terminal("Grüße, 名前"), terminal("x" * 10, limit=4)
    ('Grüße, 名前', 'xxx…')
    """
    shown = str(text)
    if not shown.isprintable():  # a space or a hidden character (the test is fast; the search is exact)
        shown = _hidden().sub(lambda found: _escape(found.group()), shown)
    if limit is not None and len(shown) > limit:
        shown = shown[:max(0, limit - 1)] + "…"
    return shown


def csv_cell(value: object) -> object:
    """A CSV cell that a spreadsheet shows as the text it is: a string starting with one of
    :data:`FORMULA` gets a leading apostrophe, unless it is a plain number (:data:`NUMBER`), and its
    control characters are shown as escapes (:func:`terminal`); numbers and other strings stay as
    they are.

    >>> [csv_cell(v) for v in ("=1+1", "+1+cmd", "-1+cmd", "@SUM(A1)", "ann", "", 3)]
    ["'=1+1", "'+1+cmd", "'-1+cmd", "'@SUM(A1)", 'ann', '', 3]
    >>> print(csv_cell("\\t=1+1"), csv_cell("\\r=1+1"), csv_cell("ann\\x1b[2J"))
    '\\t=1+1 '\\r=1+1 ann\\x1b[2J
    >>> csv_cell("-2.500"), csv_cell("+1e-3"), csv_cell("-")
    ('-2.500', '+1e-3', "'-")
    """
    if not isinstance(value, str):
        return value
    shown = terminal(value)
    return "'" + shown if value.startswith(FORMULA) and not NUMBER.fullmatch(value) else shown


def csv_row(values: Iterable[object]) -> list[object]:
    """Each cell of a row through :func:`csv_cell`.

    >>> csv_row(["=cmd", 1, "bob"])
    ["'=cmd", 1, 'bob']
    """
    return [csv_cell(value) for value in values]


def html(text: object) -> str:
    """``text`` escaped for an HTML page (``&``, ``<``, ``>`` and both quotes), so that it is shown, never read
    as markup.

    >>> html('"><img src=x onerror=alert(1)>')
    '&quot;&gt;&lt;img src=x onerror=alert(1)&gt;'
    """
    return _html.escape(str(text), quote=True)


__all__ = ["FORMULA", "HIDDEN", "NUMBER", "csv_cell", "csv_row", "html", "terminal"]
