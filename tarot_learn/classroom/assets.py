"""Files the class server ships: a Voila template (``tarot``) and Font Awesome, served locally.

Voila's own ``lab`` template links Font Awesome from a CDN; on a school network without internet
the icons vanish and every page load asks a third party.  The ``tarot`` template (in
``jupyter_data/voila/templates/tarot``) is ``lab`` with those links pointing at the copy of Font
Awesome Free 5.15.4 shipped beside it (``static/fontawesome``: CSS, WOFF2/WOFF fonts, licence),
which Voila serves from ``/voila/static/fontawesome/``.  The launcher puts ``jupyter_data`` first on
``JUPYTER_PATH`` so Voila finds the template.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["jupyter_data_dir", "TEMPLATE"]

TEMPLATE = "tarot"


def jupyter_data_dir() -> Path:
    """The folder to put on ``JUPYTER_PATH``: it holds ``voila/templates/tarot``."""
    return Path(__file__).resolve().parent / "jupyter_data"
