// Compiles the modules of unpacked wheels with the browser's own Python: Pyodide, run by Node.js
// from the same pinned core files the site serves, so the bytecode is exactly what the page's
// interpreter reads (same version, same magic number).
// usage: node lite/precompile.mjs PYODIDE_CORE_DIR UNPACKED_DIR KEEP_SOURCE_NAMES(comma-separated)
import path from "node:path";

const [core, unpacked, keep] = process.argv.slice(2);
const { loadPyodide } = await import(path.join(path.resolve(core), "pyodide.mjs"));
const py = await loadPyodide({ indexURL: path.resolve(core) + "/" });
py.mountNodeFS("/unpacked", path.resolve(unpacked));
py.globals.set("KEEP", keep || "");
py.runPython(`
import compileall, os, py_compile, sysconfig, warnings

warnings.simplefilter("ignore")                 # old escapes in third-party tests: not ours to fix
site = sysconfig.get_path("purelib")            # where the page unpacks the wheels: tracebacks name it
keep = set(KEEP.split(","))
failed = []
for name in sorted(os.listdir("/unpacked")):
    legacy = name.split("-")[0] not in keep     # legacy: mod.pyc beside mod.py, which the build removes
    if not compileall.compile_dir(f"/unpacked/{name}", ddir=site, legacy=legacy, quiet=1, workers=1,
                                  invalidation_mode=py_compile.PycInvalidationMode.UNCHECKED_HASH):
        failed.append(name)
print(f"compiled by Python {__import__('sys').version.split()[0]}; wheels keeping a module as source "
      f"(it did not compile): {', '.join(failed) or 'none'}")
`);
