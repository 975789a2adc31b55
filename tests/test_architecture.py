"""The floors (docs/architecture.md): the rules core imports no UI or imaging library."""

import ast
import pathlib
import subprocess
import sys

import tarot_learn

CORE = ["cards.py", "numerology.py", "core.py", "deals.py", "games"]
FORBIDDEN = ("PIL", "ipywidgets", "anywidget", "IPython", "matplotlib", "numpy")
ROOT = pathlib.Path(tarot_learn.__file__).parent


def test_importing_every_game_loads_no_ui_library():
    code = ("import sys, tarot_learn.games as g; g.names(); "
            f"bad = [m for m in {FORBIDDEN!r} if m in sys.modules]; "
            "assert not bad, bad; print(len(g.names()))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert out.returncode == 0, out.stderr


def test_core_modules_import_only_the_standard_library_at_module_level():
    stdlib = sys.stdlib_module_names
    for entry in CORE:
        path = ROOT / entry
        for file in ([path] if path.is_file() else sorted(path.rglob("*.py"))):
            tree = ast.parse(file.read_text())
            for node in tree.body:  # module level only: lazy imports in display methods are allowed
                names = []
                if isinstance(node, ast.Import):
                    names = [a.name for a in node.names]
                elif isinstance(node, ast.ImportFrom) and node.level == 0:
                    names = [node.module or ""]
                for name in names:
                    top = name.split(".")[0]
                    assert top in stdlib or top == "tarot_learn", f"{file.name} imports {name}"


# ----- no back doors between modules ------------------------------------------------------------
SELFISH = {"self", "cls", "mcs"}


def _modules() -> dict[str, ast.Module]:
    out = {}
    for file in sorted(ROOT.rglob("*.py")):
        rel = file.relative_to(ROOT.parent).with_suffix("")
        name = ".".join(rel.parts).removesuffix(".__init__")
        out[name] = ast.parse(file.read_text(), str(file))
    return out


def _defined_private_names(tree: ast.Module) -> set[str]:
    """Private names a module defines: functions, classes, methods, attributes it assigns."""
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            names.add(node.id)
        elif isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store) \
                and isinstance(node.value, ast.Name) and node.value.id in SELFISH:
            names.add(node.attr)
        elif isinstance(node, ast.arg):
            names.add(node.arg)
    return {n for n in names if n.startswith("_") and not n.startswith("__")}


def _is_super_call(node: ast.AST) -> bool:
    return isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "super"


def private_reaches() -> list[str]:
    """Every place a module uses a private name that another module defines."""
    found = []
    for name, tree in _modules().items():
        own = _defined_private_names(tree)
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                found += [f"{name}:{node.lineno} imports {node.module}.{a.name}" for a in node.names
                          if a.name.startswith("_") and not a.name.startswith("__")]
            if not isinstance(node, ast.Attribute):
                continue
            attr = node.attr
            if not attr.startswith("_") or attr.startswith("__"):
                continue
            base = node.value
            if (isinstance(base, ast.Name) and base.id in SELFISH) or _is_super_call(base):
                continue
            if attr not in own:
                found.append(f"{name}:{node.lineno} uses {ast.unparse(node)}")
    return found


def test_no_module_reaches_into_another_modules_private_names():
    assert private_reaches() == []


# ----- no import cycles --------------------------------------------------------------------------
def _display_method(stack: list[ast.AST]) -> bool:
    return any(isinstance(n, ast.FunctionDef) and n.name.startswith("_repr_") for n in stack)


def _resolve(module: str, node: ast.ImportFrom, is_package: bool) -> list[str]:
    if node.level == 0:
        base = node.module or ""
    else:
        parts = module.split(".")
        keep = len(parts) - node.level + (1 if is_package else 0)
        base = ".".join(parts[:keep] + ([node.module] if node.module else []))
    return [base] + [f"{base}.{a.name}" for a in node.names]


def import_graph() -> dict[str, set[str]]:
    """module -> the project modules it imports anywhere (lazy imports included), leaving out
    the display methods' lazy imports (``_repr_*_``), the one upward link allowed."""
    mods = _modules()
    packages = {m for m in mods if (ROOT.parent / m.replace(".", "/") / "__init__.py").exists()}
    graph: dict[str, set[str]] = {m: set() for m in mods}

    def visit(module: str, node: ast.AST, stack: list[ast.AST]) -> None:
        targets: list[str] = []
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            targets = _resolve(module, node, module in packages)
        if targets and not _display_method(stack):
            graph[module] |= {t for t in targets if t in mods and t != module}
        for child in ast.iter_child_nodes(node):
            visit(module, child, stack + [node])

    for module, tree in mods.items():
        visit(module, tree, [])
    return graph


def find_cycles(graph: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan), each a cycle's members.
    A package importing its own submodules is the package's layout, not a cycle."""
    edges = {m: {t for t in ts if not t.startswith(m + ".")} for m, ts in graph.items()}
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    cycles = []

    def strong(v: str) -> None:
        index[v] = low[v] = len(index)
        stack.append(v)
        for w in edges[v]:
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in stack:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                comp.append(w)
                if w == v:
                    break
            if len(comp) > 1:
                cycles.append(sorted(comp))

    for v in sorted(edges):
        if v not in index:
            strong(v)
    return cycles


def test_no_import_cycles():
    assert find_cycles(import_graph()) == []


def test_cycle_finder_finds_a_planted_cycle():
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert find_cycles({"p": {"p.x"}, "p.x": {"p"}}) == []


def test_private_reach_finder_sees_a_planted_reach(tmp_path):
    tree = ast.parse("import m\nclass A:\n    def f(self, o):\n        self._ok = 1\n        return o._secret\n")
    own = _defined_private_names(tree)
    assert "_ok" in own and "_secret" not in own


# ----- size and tools ----------------------------------------------------------------------------
def test_no_function_over_60_lines():
    long = []
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                lines = node.end_lineno - node.lineno + 1
                if lines > 60:
                    long.append(f"{name}.{node.name}: {lines} lines")
    assert long == []


def _tool(name: str) -> str:
    path = pathlib.Path(sys.executable).parent / name
    return str(path) if path.exists() else name


def test_import_layers_hold():
    out = subprocess.run([_tool("lint-imports")], capture_output=True, text=True, cwd=ROOT.parent)
    assert out.returncode == 0, out.stdout[-3000:] + out.stderr[-2000:]


def test_ruff_clean_with_the_complexity_rule():
    out = subprocess.run([_tool("ruff"), "check", "tarot_learn", "tests", "benchmarks"],
                         capture_output=True, text=True, cwd=ROOT.parent)
    assert out.returncode == 0, out.stdout[-4000:] + out.stderr[-2000:]


def test_no_process_notes_in_the_code():
    notes = ("core-ready", "(issue ", "TODO from review", "issue #")
    hits = [f"{f.relative_to(ROOT.parent)}: {n}" for f in ROOT.rglob("*.py")
            for n in notes if n in f.read_text()]
    assert hits == []


def test_errors_a_user_can_reach_are_of_the_family():
    """No bare ValueError is raised in the package: a user's mistake is a TarotLearnError."""
    bare = []
    for name, tree in _modules().items():
        for node in ast.walk(tree):
            if isinstance(node, ast.Raise) and node.exc is not None:
                exc = node.exc.func if isinstance(node.exc, ast.Call) else node.exc
                if isinstance(exc, ast.Name) and exc.id == "ValueError":
                    bare.append(f"{name}:{node.lineno}")
    assert bare == []


def test_the_developers_docs_point_to_where_each_rule_family_lives():
    page = (ROOT.parent / "docs" / "developers" / "contracts.md").read_text()
    assert "## Where a rule lives" in page
    for rule, path in (("TS-5", "games/tarot_solitaire.py"), ("KL-6", "games/klondike.py"),
                       ("AT-7", "games/american_toad.py"), ("FT-17", "games/french_tarot/state.py")):
        assert f"tarot_learn/{path}" in page or f"tarot_learn/{path.rsplit('/', 1)[0]}/" in page
        assert rule in (ROOT / path).read_text(), f"{rule} is not cited in {path}"


# ----- one mechanism per job on the upper floors --------------------------------------------------
def _python_strings(path: pathlib.Path) -> list[tuple[int, str]]:
    tree = ast.parse(path.read_text(), str(path))
    return [(n.lineno, n.value) for n in ast.walk(tree) if isinstance(n, ast.Constant) and isinstance(n.value, str)]


def test_class_pages_come_from_templates_not_python_strings():
    found = [f"{file.relative_to(ROOT)}:{line}" for file in sorted((ROOT / "classroom").rglob("*.py"))
             for line, text in _python_strings(file) if "<!doctype" in text.lower()]
    assert found == [], f"a page shell in a Python string (use a template in classroom/server/templates): {found}"


def test_class_sqlite_is_opened_in_one_place():
    calls = [f"{file.relative_to(ROOT)}:{node.lineno}" for file in sorted(ROOT.rglob("*.py"))
             for node in ast.walk(ast.parse(file.read_text()))
             if isinstance(node, ast.Attribute) and node.attr == "connect"
             and isinstance(node.value, ast.Name) and node.value.id == "sqlite3"]
    assert len(calls) == 1 and calls[0].startswith("classroom/model/store.py:"), calls
