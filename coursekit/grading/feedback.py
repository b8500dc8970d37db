"""A feedback preprocessor: errors in grade cells shown by their last line only.

nbgrader's feedback shows each test cell's output. A full traceback of a hidden test
shows the hidden test's source line by line; ``ShortTracebacks`` keeps only
``AssertionError: <the teaching message>``. Configure it by dotted name (it imports
nbconvert, which nbgrader brings, and never nbgrader itself)::

    c.GenerateFeedback.preprocessors = [
        "nbgrader.preprocessors.GetGrades",
        "nbgrader.preprocessors.ClearHiddenTests",
        "coursekit.grading.feedback.ShortTracebacks",
        "nbconvert.preprocessors.CSSHTMLHeaderPreprocessor",
    ]

>>> from nbformat.v4 import new_code_cell, new_notebook, new_output
>>> cell = new_code_cell("check(f)", metadata={"nbgrader": {"grade": True}})
>>> cell.outputs = [new_output("error", ename="AssertionError", evalue="f(1) is wrong",
...                            traceback=["Traceback", "  check(f)  # hidden", "AssertionError: f(1) is wrong"])]
>>> nb, _ = ShortTracebacks().preprocess(new_notebook(cells=[cell]), {})
>>> nb.cells[0].outputs[0].traceback
['AssertionError: f(1) is wrong']
"""

from __future__ import annotations

from typing import Any

from nbconvert.preprocessors import Preprocessor
from traitlets import Bool


def short_traceback(output: dict[str, Any]) -> list[str]:
    """The one line that stays of an error output: ``"Name: message"``."""
    name = str(output.get("ename", "Error"))
    value = str(output.get("evalue", ""))
    return [f"{name}: {value}" if value else name]


class ShortTracebacks(Preprocessor):
    """In grade cells, replace each error's traceback by its last line (``ename: evalue``)."""

    enabled = Bool(True, help="Whether to shorten tracebacks.").tag(config=True)

    def preprocess_cell(self, cell: Any, resources: Any, index: int) -> tuple[Any, Any]:
        grade = cell.get("metadata", {}).get("nbgrader", {}).get("grade", False)
        if cell.get("cell_type") == "code" and grade:
            for output in cell.get("outputs", []):
                if output.get("output_type") == "error":
                    output["traceback"] = short_traceback(output)
        return cell, resources
