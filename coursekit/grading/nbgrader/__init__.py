"""What nbgrader runs and what runs nbgrader: the only part of coursekit that imports nbgrader.

- :mod:`~coursekit.grading.nbgrader.batch`: ``coursekit grade``, each submission taken in, then
  autograded by nbgrader in a process of its own;
- :mod:`~coursekit.grading.nbgrader.repair`: a submission rebuilt in the released notebook's
  shape before nbgrader reads it;
- :mod:`~coursekit.grading.nbgrader.trusted`: the step that runs the student's cells in the
  sandbox and the test cells in the grader;
- :mod:`~coursekit.grading.nbgrader.gradebook`: the gradebook's records of problems and reviews,
  and the export with their status;
- :mod:`~coursekit.grading.nbgrader.feedback`: the feedback page, cleaned and offline.

The course's ``nbgrader_config.py`` names these classes; the rest of :mod:`coursekit.grading`
(the checks' kernel, the sandbox, the limits, the intake, the key) never imports nbgrader.
"""
