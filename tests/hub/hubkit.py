"""A school's JupyterHub on loopback, as the teachers' school page (docs/teachers/school.md) runs it: the shipped
``school/jupyterhub_config.py``, a git repository of the lessons for nbgitpuller, and the solver's
compiled core warmed once into a shared Numba cache.  Used by tests/hub and benchmarks/bench_hub.py.
"""

from __future__ import annotations

import os
import pathlib
import shutil
import subprocess
import sys
import time
import urllib.parse
from dataclasses import dataclass

try:   # tests/ as a package, or tests/browser on sys.path (the benchmarks)
    from tests.browser.jlab import ROOT, free_port, wait_for
except ImportError:
    from jlab import ROOT, free_port, wait_for

CONFIG = ROOT / "school" / "jupyterhub_config.py"
PASSWORD = "tarot-class-2026"
PROXY = ROOT / "school" / ".hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
LESSON = "tarot_learn/notebooks/04_tarot_solitaire.ipynb"   # inside the clone nbgitpuller makes


@dataclass
class Hub:
    proc: subprocess.Popen
    base: str
    homes: pathlib.Path
    repo: pathlib.Path
    cache: pathlib.Path

    def pull_link(self, urlpath: str = f"voila/render/{LESSON}") -> str:
        """The school page's nbgitpuller link, pointing at the local lessons repository."""
        query = urllib.parse.urlencode({"repo": self.repo.as_uri(), "branch": "main", "urlpath": urlpath})
        return f"{self.base}/hub/user-redirect/git-pull?{query}"

    def stop(self) -> None:
        """Stop the hub (it stops its students' servers), then any server of ours it left behind."""
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, 9)
        for proc in user_processes(self.homes):
            proc.kill()
        pid_file = self.homes.parent / "state" / "proxy.pid"   # a hub stopped while starting leaves its proxy
        if pid_file.exists():
            import psutil

            try:
                proxy = psutil.Process(int(pid_file.read_text().strip()))
                if "configurable-http-proxy" in " ".join(proxy.cmdline()):
                    proxy.terminate()
            except (ValueError, OSError, psutil.Error):
                pass


def lessons_repo(folder: pathlib.Path) -> pathlib.Path:
    """A git repository named ``tarot_learn`` holding the lessons (``notebooks/``) on branch main."""
    repo = folder / "tarot_learn"
    shutil.copytree(ROOT / "notebooks", repo / "notebooks",
                    ignore=shutil.ignore_patterns(".ipynb_checkpoints", "__pycache__"))
    git = ["git", "-c", "user.name=Teacher", "-c", "user.email=teacher@school.invalid", "-C", str(repo)]
    subprocess.run(["git", "init", "-q", "-b", "main", str(repo)], check=True)
    subprocess.run(git + ["add", "."], check=True)
    subprocess.run(git + ["commit", "-q", "-m", "The lessons"], check=True)
    return repo


def cache_files(cache: pathlib.Path) -> dict[str, tuple[int, int]]:
    """Every file of the Numba cache with its size and modification time."""
    return {str(p.relative_to(cache)): (p.stat().st_size, p.stat().st_mtime_ns)
            for p in cache.rglob("*") if p.is_file()}


def warm_cache(cache: pathlib.Path) -> None:
    """Compile the solver's core once into ``cache``, as the school does when it installs the hub."""
    env = {**os.environ, "NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    subprocess.run([sys.executable, "-c", "from tarot_learn.solve import native; assert native.warm()"],
                   env=env, check=True, timeout=600)


def start_hub(folder: pathlib.Path, log: pathlib.Path) -> Hub:
    """JupyterHub with the shipped config on free loopback ports, its state and homes in ``folder``."""
    if not PROXY.exists() and not shutil.which("configurable-http-proxy"):
        raise RuntimeError("configurable-http-proxy is missing: run `make test-hub`, which installs it")
    repo, cache, homes = lessons_repo(folder), folder / "numba-cache", folder / "homes"
    warm_cache(cache)
    port = free_port()
    env = {**os.environ, "TAROT_HUB_PASSWORD": PASSWORD, "TAROT_HUB_PORT": str(port),
           "TAROT_HUB_API_PORT": str(free_port()), "TAROT_HUB_PROXY_API_PORT": str(free_port()),
           "TAROT_HUB_HOMES": str(homes), "TAROT_HUB_STATE": str(folder / "state"),
           "NUMBA_CACHE_DIR": str(cache), "PYTHONPATH": str(ROOT)}
    for name in ("TAROT_LEARN_DATA", "TAROT_LEARN_LEARNER", "TAROT_LEARN_CLASS_DIR"):
        env.pop(name, None)   # each student's own home decides where their progress goes
    argv = [str(pathlib.Path(sys.executable).with_name("jupyterhub")), "-f", str(CONFIG)]
    with open(log, "w") as out:   # the child keeps its own copy of the descriptor
        proc = subprocess.Popen(argv, cwd=folder, env=env, stdout=out, stderr=subprocess.STDOUT,
                                start_new_session=True)
    hub = Hub(proc, f"http://127.0.0.1:{port}", homes, repo, cache)
    try:
        # The proxy answers 404 until the hub has given it the hub's route: wait for the hub's own 200.
        wait_until(lambda: _status(f"{hub.base}/hub/health") == 200, 120, "the hub did not answer")
    except TimeoutError:
        hub.stop()
        raise
    return hub


def _status(url: str) -> int:
    try:
        return wait_for(url, timeout=5)
    except TimeoutError:
        return 0


def user_processes(homes: pathlib.Path) -> list:
    """The students' servers and kernels started by this hub: the processes whose HOME is under ``homes``."""
    import psutil

    found = []
    for proc in psutil.process_iter():
        try:
            if proc.environ().get("HOME", "").startswith(str(homes) + os.sep):
                found.append(proc)
        except (psutil.Error, OSError):
            continue
    return found


def wait_until(check, timeout: float, what: str, step: float = 0.5):
    """Poll ``check()`` until it returns something truthy; fail saying ``what`` did not happen."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        got = check()
        if got:
            return got
        time.sleep(step)
    raise TimeoutError(f"{what} within {timeout:.0f} s")
