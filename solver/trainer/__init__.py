"""The trainer: questions from the puzzle library and drills, grading, teaching, the quiz, progress.

The kinds of question are a registry, one module each (``kinds``: ting, discard, huxi, chi, chou, game):
a question (``question.Question``, or ``game_questions.GameItem`` for game) is asked, read, graded and
taught by its kind.  question → grading → teach → session; selection picks questions (drills:
drill_hands, drill_makers); drill_notes holds the words of a drill's note; wrapping fits the quiz's lines
in 80 columns; library checks the puzzles; progress is the SQLite file.  Every question carries the
ruleset it is asked under.
"""
