// Compiles the modules of unpacked wheels with the browser's own Python: Pyodide, run by Node.js
// from the same pinned core files the site serves, so the bytecode is exactly what the page's
// interpreter reads (same version, same magic number).  With "stdlib", UNPACKED_DIR is the
// standard library's own folder, compiled under the name of the zip the page mounts.
// usage: node lite/precompile.mjs PYODIDE_CORE_DIR UNPACKED_DIR KEEP_SOURCE_NAMES(comma-separated) [stdlib]
import path from "node:path";

const [core, unpacked, keep, what] = process.argv.slice(2);
const { loadPyodide } = await import(path.join(path.resolve(core), "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(core) + "/" });
py.mountNodeFS("/unpacked", path.resolve(unpacked));
py.globals.set("KEEP", keep || "");
py.globals.set("STDLIB", what === "stdlib");
py.runPython(`
import compileall, os, py_compile, sys, sysconfig, warnings

warnings.simplefilter("ignore")                 # old escapes in third-party tests: not ours to fix
site = sysconfig.get_path("purelib")            # where the page unpacks the wheels: tracebacks name it
keep = set(KEEP.split(","))
unchecked = py_compile.PycInvalidationMode.UNCHECKED_HASH
failed = []
if STDLIB:                                      # legacy: mod.pyc beside mod.py, which the build drops
    zipped = next(p for p in sys.path if p.endswith(".zip"))
    if not compileall.compile_dir("/unpacked", ddir=zipped, legacy=True, quiet=1, workers=1,
                                  invalidation_mode=unchecked):
        failed.append("the standard library")
for name in [] if STDLIB else sorted(os.listdir("/unpacked")):
    legacy = name.split("-")[0] not in keep
    if not compileall.compile_dir(f"/unpacked/{name}", ddir=site, legacy=legacy, quiet=1, workers=1,
                                  invalidation_mode=unchecked):
        failed.append(name)
print(f"compiled by Python {sys.version.split()[0]}; keeping a module as source (it did not compile): "
      f"{', '.join(failed) or 'none'}")
`);
