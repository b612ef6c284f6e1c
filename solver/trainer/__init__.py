"""The trainer: questions from the puzzle library and drills, grading, teaching, the quiz, progress.

question → grading → teach → session; selection picks questions (drills: drill_hands, drill_makers);
library checks the puzzles; progress is the SQLite file.  Every question carries the ruleset it is asked under.
"""
