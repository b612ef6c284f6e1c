"""``python cli.py …``: phz from a checkout, the same entry as the installed ``phz`` script.

The commands live in ``solver.app`` (``solver.app.commands`` the group, a
module per command); this file stays outside the installed package.
"""
from solver.app.entry import main

if __name__ == "__main__":
    main()
