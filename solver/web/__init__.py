"""``phz serve``'s web app (``server``) and what it plays, reviews, asks and analyses at the page; the
page itself in ``static/``.  Between the command package and the trainer in the layers."""
