"""The trainer: questions from the puzzle library and drills, grading, teaching, the quiz, progress.

question → grading → teach → session; selection picks questions (drills: drill_hands, drill_makers);
drill_notes writes a drill's note in words; wrapping fits the quiz's lines in 80 columns;
library checks the puzzles; progress is the SQLite file.  Every question carries the ruleset it is asked under.
"""
