"""The house's floors (ARCHITECTURE.md): the rules core imports no UI or imaging library."""

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
