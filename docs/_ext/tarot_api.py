"""The API reference, generated from the package itself so no public name can be left out.

``{tarot-api} tarot_learn.games`` documents a module (with ``:recursive:``, its public submodules
too): its docstring, then every name of its ``__all__`` with autodoc. A name a module only
re-exports (``games.State`` is ``core.State``) is documented once, where it is defined, and the
re-exporting module links there, so Sphinx never sees one object described twice.
"""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import re
import sys
from functools import cache
from types import ModuleType

from docutils import nodes
from docutils.parsers.rst import directives
from docutils.statemachine import StringList
from sphinx.pycode import ModuleAnalyzer
from sphinx.util.docutils import SphinxDirective
from sphinx.util.nodes import nested_parse_with_titles

PACKAGE = "tarot_learn"


def is_public(modname: str) -> bool:
    """Whether a module's dotted name has no private part (``tarot_learn.widgets._session`` has one)."""
    return not any(part.startswith("_") for part in modname.split("."))


@cache
def public_modules() -> tuple[str, ...]:
    """Every public module of the package, the package first, in a stable order."""
    root = importlib.import_module(PACKAGE)
    found = [PACKAGE] + sorted(info.name for info in pkgutil.walk_packages(root.__path__, PACKAGE + ".")
                               if is_public(info.name) and not info.name.endswith("__main__"))
    return tuple(found)


def exported(module: ModuleType) -> list[str]:
    """The public names of a module: its ``__all__``, else nothing beyond its docstring."""
    return [name for name in getattr(module, "__all__", []) if hasattr(module, name)]


@cache
def homes() -> dict[int, tuple[str, str]]:
    """Where each exported class or function is documented, as (module, name): the public module
    that defines it, else the first module that exports it (one defined in a private module such
    as ``_session``); an alias (``drill.Feedback = MarkedAnswer``) points to the first name."""
    where: dict[int, tuple[str, str]] = {}
    modules = set(public_modules())
    for modname in public_modules():
        module = importlib.import_module(modname)
        for name in exported(module):
            obj = getattr(module, name)
            if not (inspect.isclass(obj) or inspect.isfunction(obj)):
                continue
            defined = getattr(obj, "__module__", None)
            canonical = getattr(obj, "__name__", name)
            if defined in modules and canonical in exported(importlib.import_module(defined)):
                where.setdefault(id(obj), (defined, canonical))
            else:
                where.setdefault(id(obj), (modname, name))
    return where


def directive_for(obj: object) -> str:
    if inspect.isclass(obj):
        return "autoexception" if issubclass(obj, BaseException) else "autoclass"
    return "autofunction" if callable(obj) else "autodata"


@cache
def attribute_docs(modname: str) -> frozenset[str]:
    """The module-level names that carry a ``#:`` comment or a docstring below them."""
    try:
        docs = ModuleAnalyzer.for_module(modname).find_attr_docs()
    except Exception:       # a module without readable source: no attribute documentation
        return frozenset()
    return frozenset(name for (scope, name) in docs if scope == "")


def data_lines(modname: str, name: str, value: object) -> list[str]:
    """A constant: autodoc where the source documents it, else its name and type alone (autodoc
    would show the docstring of its type, ``dict``'s or ``tuple``'s, as if it were its own)."""
    if name in attribute_docs(modname):
        return [f".. autodata:: {modname}.{name}", "   :no-value:"]
    return [f".. py:data:: {name}", f"   :module: {modname}", f"   :type: {type(value).__name__}"]


def module_source(modname: str) -> list[str]:
    """One module's reference as MyST: a heading, then autodoc's reStructuredText in ``eval-rst``."""
    module = importlib.import_module(modname)
    lines = [f"## `{modname}`", "", "````{eval-rst}", f".. automodule:: {modname}", ""]
    also = []
    for name in exported(module):
        obj = getattr(module, name)
        home = homes().get(id(obj), (modname, name))
        if home != (modname, name):
            also.append(f"* `{name}`: {{py:obj}}`{home[0]}.{home[1]}`")
            continue
        kind = directive_for(obj)
        if kind == "autodata":
            lines += data_lines(modname, name, obj) + [""]
            continue
        lines.append(f".. {kind}:: {modname}.{name}")
        if kind in ("autoclass", "autoexception"):
            lines += ["   :members:", "   :show-inheritance:"]
        lines.append("")
    lines += ["````", ""]
    if also:
        lines += [f"Also exported by `{modname}`, documented where they are defined:", ""] + also + [""]
    return lines


RELATIVE = re.compile(r":(mod|func|class|obj|data|meth|attr|exc):`~?\.([A-Za-z_][\w.]*)`")


def _resolves(dotted: str) -> bool:
    """Whether a dotted name is a module, or an attribute chain on one."""
    parts = dotted.split(".")
    for cut in range(len(parts), 0, -1):
        try:
            obj = importlib.import_module(".".join(parts[:cut]))
        except ImportError:
            continue
        for attr in parts[cut:]:
            if not hasattr(obj, attr):
                return False
            obj = getattr(obj, attr)
        return True
    return False


def absolute(modname: str, target: str) -> str | None:
    """A docstring's relative name (``.rules`` in ``games.french_tarot.bots``) read as Python reads
    a relative import: the nearest enclosing package that has it.

    >>> absolute("tarot_learn.games.french_tarot.bots", "rules")
    'tarot_learn.games.french_tarot.rules'
    """
    module = sys.modules.get(modname)
    parts = modname.split(".") if hasattr(module, "__path__") else modname.split(".")[:-1]
    for cut in range(len(parts), 0, -1):
        candidate = ".".join(parts[:cut] + [target])
        if _resolves(candidate):
            return candidate
    return None


def owning_module(name: str) -> str:
    parts = name.split(".")
    while len(parts) > 1 and ".".join(parts) not in sys.modules:
        parts.pop()
    return ".".join(parts)


def resolve_relative(app, what: str, name: str, obj: object, options: dict, lines: list[str]) -> None:
    """Make ``:mod:`.rules``` absolute before Sphinx looks it up: Sphinx matches a leading dot
    against every object with that suffix (``tarot_learn.rules`` too), Python against the package."""
    modname = name if what == "module" else owning_module(name)
    for i, line in enumerate(lines):
        def replace(match: re.Match) -> str:
            full = absolute(modname, match.group(2))
            return f":{match.group(1)}:`~{full}`" if full else match.group(0)
        lines[i] = RELATIVE.sub(replace, line)


class TarotApi(SphinxDirective):
    """``{tarot-api} MODULE`` with an optional ``:recursive:`` flag."""

    required_arguments = 1
    option_spec = {"recursive": directives.flag}

    def run(self) -> list[nodes.Node]:
        top = self.arguments[0]
        names = [top]
        if "recursive" in self.options:
            names += [m for m in public_modules() if m.startswith(top + ".")]
        lines: list[str] = []
        for modname in names:
            lines += module_source(modname)
            self.env.note_dependency(inspect.getsourcefile(importlib.import_module(modname)) or "")
        container = nodes.section()
        container.document = self.state.document
        nested_parse_with_titles(self.state, StringList(lines, source=f"<api {top}>"), container)
        return container.children


def setup(app) -> dict:
    app.add_directive("tarot-api", TarotApi)
    app.connect("autodoc-process-docstring", resolve_relative)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
