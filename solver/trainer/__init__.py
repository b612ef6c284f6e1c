"""The trainer: questions from the puzzle library and drills, grading, teaching, the quiz, progress."""
