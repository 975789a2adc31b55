"""A JupyterHub for a school's tarot_learn lessons: one machine, one shared password, a home per student.

Start it with ``TAROT_HUB_PASSWORD=... jupyterhub -f school/jupyterhub_config.py`` from the
environment where ``tarot_learn[lab,hub]`` is installed.  Every setting below can be changed by an
environment variable, so the same file serves a laptop trial and the school's server:

``TAROT_HUB_PASSWORD``  the class password (at least 8 characters); any user name logs in with it
``TAROT_HUB_IP`` / ``TAROT_HUB_PORT``  where students connect (``127.0.0.1``, ``8000``)
``TAROT_HUB_HOMES``  the folder holding one home per student (``/srv/tarot-hub/homes``)
``TAROT_HUB_STATE``  the hub's database and cookie secret (``/srv/tarot-hub/state``)
``NUMBA_CACHE_DIR``  the solver's compiled core, compiled once for every student
                     (``/srv/tarot-hub/numba-cache``; fill it once as the README says)

Each student's server runs as the hub's own Unix user in a home of their own
(``SimpleLocalProcessSpawner``): their lessons, nbgitpuller's copy and their progress stay apart,
but the students are not isolated from one another by the system.  A school that needs that isolation
keeps this file's settings and swaps the spawner for ``LocalProcessSpawner`` with one Unix account per
student, or for DockerSpawner/KubeSpawner with the same image.
"""

import os
import shutil
import sys
from pathlib import Path

c = get_config()  # noqa: F821   (JupyterHub's config loader defines it)

HERE = Path(__file__).resolve().parent
PASSWORD = os.environ.get("TAROT_HUB_PASSWORD", "")
if len(PASSWORD) < 8:
    sys.exit("Set TAROT_HUB_PASSWORD to the class password (at least 8 characters) before starting the hub.")
HOMES = Path(os.environ.get("TAROT_HUB_HOMES", "/srv/tarot-hub/homes"))
STATE = Path(os.environ.get("TAROT_HUB_STATE", "/srv/tarot-hub/state"))
NUMBA_CACHE = os.environ.get("NUMBA_CACHE_DIR", "/srv/tarot-hub/numba-cache")
for folder in (HOMES, STATE):
    folder.mkdir(parents=True, exist_ok=True)

c.JupyterHub.ip = os.environ.get("TAROT_HUB_IP", "127.0.0.1")
c.JupyterHub.port = int(os.environ.get("TAROT_HUB_PORT", "8000"))
# The hub's own API and the proxy's: loopback only, on ports of their own so two hubs can share a machine.
c.JupyterHub.hub_ip = "127.0.0.1"
c.JupyterHub.hub_port = int(os.environ.get("TAROT_HUB_API_PORT", "8081"))
c.ConfigurableHTTPProxy.api_url = f"http://127.0.0.1:{os.environ.get('TAROT_HUB_PROXY_API_PORT', '8001')}"
c.JupyterHub.db_url = f"sqlite:///{STATE / 'jupyterhub.sqlite'}"
c.JupyterHub.cookie_secret_file = str(STATE / "jupyterhub_cookie_secret")
c.ConfigurableHTTPProxy.pid_file = str(STATE / "proxy.pid")

# The proxy installed beside this file (`make test-hub` runs `npm install --prefix school/.hub-proxy
# configurable-http-proxy`), else the one on PATH.
_local_proxy = HERE / ".hub-proxy" / "node_modules" / ".bin" / "configurable-http-proxy"
c.ConfigurableHTTPProxy.command = [str(_local_proxy) if _local_proxy.exists()
                                   else shutil.which("configurable-http-proxy") or "configurable-http-proxy"]

# One shared class password; any user name may log in with it and gets a home of its own.
c.JupyterHub.authenticator_class = "shared-password"
c.SharedPasswordAuthenticator.user_password = PASSWORD
c.Authenticator.allow_all = True
# A link into a student's server that is not running yet (an nbgitpuller link) starts it at once,
# instead of showing a page with a "launch" button first.
c.JupyterHub.implicit_spawn_seconds = 0.5

c.JupyterHub.spawner_class = "simple"
c.SimpleLocalProcessSpawner.home_dir_template = str(HOMES / "{username}")
# The single-user server of this same environment (tarot_learn, Voila and nbgitpuller are in it).
c.Spawner.cmd = [str(Path(sys.executable).with_name("jupyterhub-singleuser"))]
if os.geteuid() == 0:      # a trial as root: Jupyter refuses root unless told
    c.Spawner.args = ["--ServerApp.allow_root=True"]
c.Spawner.default_url = "/lab"
c.Spawner.environment = {"NUMBA_CACHE_DIR": NUMBA_CACHE}
# A first start imports Jupyter and the widgets; a busy machine with a whole class starting needs time.
c.Spawner.start_timeout = 180
c.Spawner.http_timeout = 180
