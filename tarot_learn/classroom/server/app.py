"""The class server's Jupyter Server: only our extensions, read-only pages, Voila's preheated pool.

Voila 0.5's preheated kernels live in its kernel manager, which reads a few attributes of its parent
application (``voila_configuration``, ``template_paths``, ``notebook_path``, ``app``, ``server_url``)
that only the standalone ``voila`` command has.  :class:`ClassroomServer` is a Jupyter Server that
gives its kernel manager those attributes, so one process serves Voila's pages from a warm pool
*and* our own handlers, with the class password admitting each browser (see identity.py).
"""

from __future__ import annotations

from typing import Any

from jupyter_server.serverapp import ServerApp
from jupyter_server.services.contents.largefilemanager import AsyncLargeFileManager
from tornado import web
from traitlets import Any as AnyTrait
from traitlets import List, Unicode

__all__ = ["ClassroomServer", "ReadOnlyContents"]


class ReadOnlyContents(AsyncLargeFileManager):
    """The class root is read-only: a student's request can never change a page others run."""

    def _refuse(self, *args: Any, **kwargs: Any) -> Any:
        raise web.HTTPError(403, "the class pages are read-only")

    save = delete_file = rename_file = new = new_untitled = copy = _refuse
    create_checkpoint = restore_checkpoint = delete_checkpoint = _refuse

    def mark_trusted_cells(self, nb: Any, path: str | None = None) -> None:
        """The class's pages are the class's own (built by the launcher, never written by a page):
        trusted, with no signature database read or written."""
        self.notary.mark_cells(nb, True)


class ClassroomServer(ServerApp):
    """A Jupyter Server that loads only the extensions it is given and feeds Voila's pool."""

    name = "tarot-learn-classroom"
    # The class it serves (set before ``initialize``; a configuration is copied, so it is not there).
    classroom: Any = None
    # The static site's folder served at /site/ (``--site``), or None.
    site: Any = None
    notebook_path = Unicode(None, allow_none=True, help="Voila's single-notebook mode: never used here")
    voila_configuration = AnyTrait(None, allow_none=True)
    template_paths = List()

    @property
    def app(self) -> web.Application:
        """The tornado application (the name Voila's kernel manager reads)."""
        return self.web_app

    @property
    def server_url(self) -> str:
        return self.base_url

    def init_configurables(self) -> None:
        from voila.configuration import VoilaConfiguration
        from voila.paths import collect_template_paths

        self.voila_configuration = VoilaConfiguration(parent=self)
        self.template_paths = collect_template_paths(["voila", "nbconvert"], self.voila_configuration.template)
        super().init_configurables()

    def init_webapp(self) -> None:
        """The tornado application, holding the class under its one settings key."""
        from tarot_learn.classroom.server.classroom import CLASSROOM

        super().init_webapp()
        if self.classroom is not None:
            self.web_app.settings[CLASSROOM] = self.classroom
        if self.site is not None:
            from tarot_learn.classroom.server.site import site_handlers

            self.web_app.add_handlers(".*$", site_handlers(self.base_url, self.site))

    def load_server_extensions(self) -> None:
        """Load the extensions, then hold Jupyter's kernel list and Voila's shutdown route to each
        kernel's owner (:func:`~.guard.hold_to_owners`)."""
        from tarot_learn.classroom.server.guard import hold_to_owners

        super().load_server_extensions()
        if hold_to_owners(self.web_app) < 2:
            raise RuntimeError("the kernel list or Voila's shutdown route was not found: kernels cannot be "
                               "held to their owners")

    def running_server_info(self, kernel_count: bool = True) -> str:
        """The log's line at start: the launcher prints the addresses (never a token in a URL)."""
        return f"The class server is running ({len(self.kernel_manager.list_kernel_ids())} kernels)."

    def check_loaded(self) -> None:
        """Stop here, loudly, when the class extension failed to load."""
        from tarot_learn.classroom.server.classroom import CLASSROOM

        classroom = self.web_app.settings.get(CLASSROOM)
        if classroom is None:
            raise RuntimeError("the tarot_learn.classroom.server.extension server extension did not load")
        if classroom.load_error is not None:
            raise RuntimeError(f"the class pages failed to load: {classroom.load_error}")
