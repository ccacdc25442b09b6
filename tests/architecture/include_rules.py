#!/usr/bin/env python3
"""The include rules of docs/architecture.md, checked over src/ and include/tritonc/.

Every file belongs to a layer: a source under src/LAYER/ to LAYER, a public header to the layer
that implements it (PUBLIC below). A file may include the private headers (src/LAYER/...) and
the public headers of its own layer and of the layers below it (BELOW, followed transitively),
never one above: "nothing includes upward". A library above libtritonc includes, of the kernel
library's private headers, only src/base/'s and the opcode enum (it links against what
libtritonc exports). Two finer rules: the IR core (src/ir/, not its
print/ and verify/ folders) includes neither the printer's nor the verifier's headers, and the
language uses the builder through its public API only (no builder/builder_internal.h, no
ir/internal.h). Every folder of src/ must be a layer named here, and named on the architecture
page (docs/architecture.md).

    include_rules.py REPO           check the tree; prints each broken rule, exits 1 if any (also:
                                    no two C sources of the tree share a basename)
    include_rules.py --self-test    plants an upward include (and the other faults) in a copy
                                    of the rules' inputs and checks that each is reported
"""
import os
import re
import sys

# Which layers each layer stands on directly (docs/architecture.md, "What includes what").
BELOW = {
    "base": [],
    "ir": ["base"],
    "builder": ["ir"],
    "lang": ["builder"],
    "kernel": ["lang"],
    "hlo": ["kernel"],
    "pjrt": ["hlo"],
    "interp": ["kernel"],
    "compile": ["kernel"],
    "cuda": ["compile"],
}
# The layer each public header belongs to (export.h, TRITONC_API, to the bottom one: every
# public header includes it). The allocation hook that src/base/ implements is
# declared in ir.h, and tl_site (every message's site) in dtype.h: base includes both for those
# declarations (EXCEPTIONS).
PUBLIC = {
    "export.h": "base",
    "ir.h": "ir",
    "dtype.h": "builder", "builder.h": "builder", "order.h": "builder",
    "lang.h": "lang", "control.h": "lang", "reduce.h": "lang", "tensor.h": "lang",
    "memory.h": "lang", "debug.h": "lang", "standard.h": "lang",
    "kernel.h": "kernel", "tritonc.h": "kernel",
    "hlo_shape.h": "hlo", "hlo.h": "hlo", "hlo_shard.h": "hlo",
    "pjrt.h": "pjrt", "call.h": "pjrt",
    "interp.h": "interp",
    "compile.h": "compile",
    "cuda.h": "cuda", "nccl.h": "cuda",
}
EXCEPTIONS = {("base", "tritonc/ir.h"), ("base", "tritonc/dtype.h")}
# The layers compiled into libtritonc. A library above it (the call layer, the interpreter, the
# compile step, the CUDA runtime) sees only what libtritonc exports: of its private headers it
# may include src/base/'s (each such library links a copy of src/base) and the opcode enum
# (constants alone), never a header whose inline code reaches libtritonc's unexported data.
KERNEL_LIBRARY = {"base", "ir", "builder", "lang", "kernel"}
ACROSS_LIBRARIES = {"ir/opcodes.h", "ir/ops.h"}
LANG_FORBIDDEN = {"builder/builder_internal.h", "ir/internal.h"}

INCLUDE = re.compile(r'^\s*#\s*include\s+"([^"]+)"', re.M)


def allowed(layer):
    """The layers a file of `layer` may include from: itself and everything below it."""
    seen, todo = set(), [layer]
    while todo:
        cur = todo.pop()
        if cur not in seen:
            seen.add(cur)
            todo.extend(BELOW[cur])
    return seen


def layer_of(path):
    """(layer, sublayer) of a repository path, or (None, None) for files outside the rules."""
    parts = path.split("/")
    if parts[0] == "src" and len(parts) > 2:
        return parts[1], parts[2] if len(parts) > 3 else ""
    if parts[:2] == ["include", "tritonc"]:
        return PUBLIC.get(parts[2]), ""
    return None, None


def target_layer(inc):
    """The layer an include names: "tritonc/x.h" -> x.h's layer, "LAYER/..." -> LAYER."""
    if inc.startswith("tritonc/"):
        return PUBLIC.get(inc[len("tritonc/"):])
    return inc.split("/")[0] if "/" in inc else None


def check(files, doc_text):
    """files: {repo path: text}. Returns the list of broken rules, one line each."""
    problems = []
    folders = sorted({p.split("/")[1] for p in files if p.startswith("src/") and p.count("/") >= 2})
    for folder in folders:
        if folder not in BELOW:
            problems.append(f"src/{folder}/: not a layer of the include rules (tests/architecture/include_rules.py)")
        if f"src/{folder}/" not in doc_text:
            problems.append(f"src/{folder}/: not named on the architecture page (docs/architecture.md)")
    for name in sorted(PUBLIC):
        if f"include/tritonc/{name}" not in files:
            problems.append(f"include/tritonc/{name}: listed in PUBLIC but not in the tree")
    for path in sorted(files):
        if path.startswith("include/tritonc/") and path.endswith(".h") and path.split("/")[2] not in PUBLIC:
            problems.append(f"{path}: a public header in no layer (add it to PUBLIC)")
        layer, sub = layer_of(path)
        if layer is None or layer not in BELOW:
            continue
        ok = allowed(layer)
        text = files[path]
        for m in INCLUDE.finditer(text):
            inc = m.group(1)
            line = text.count("\n", 0, m.start()) + 1
            where = f"{path}:{line}: #include \"{inc}\""
            tgt = target_layer(inc)
            if tgt is None:
                if not path.startswith("include/"):
                    problems.append(f"{where}: a private header is named by its path from src/ (\"LAYER/...\")")
                continue
            if tgt not in BELOW:
                problems.append(f"{where}: '{tgt}' is no layer")
            elif tgt not in ok and (layer, inc) not in EXCEPTIONS:
                problems.append(f"{where}: includes upward ({layer} may include {', '.join(sorted(ok))})")
            elif layer == "ir" and sub not in ("print", "verify") and re.match(r"ir/(print|verify)/", inc):
                problems.append(f"{where}: the IR core includes the printer's or the verifier's header")
            elif (layer not in KERNEL_LIBRARY and tgt in KERNEL_LIBRARY and tgt != "base"
                  and not inc.startswith("tritonc/") and inc not in ACROSS_LIBRARIES):
                problems.append(f"{where}: a library above libtritonc reaches its private header (only base/ and ir/opcodes.h may be)")
            elif layer == "lang" and inc in LANG_FORBIDDEN:
                problems.append(f"{where}: the language uses the builder's public API only")
    return problems


def repeated_names(repo):
    """Source files of one basename under src/, tools/, kernels/, tests/ and examples/ ("no two
    sources of one name": a name says which file, wherever it is mentioned)."""
    seen = {}
    for top in ("src", "tools", "kernels", "tests", "examples", "include"):
        for root, dirs, names in os.walk(os.path.join(repo, top)):
            dirs[:] = [d for d in dirs if d != "corpus"]
            for n in names:
                if n.endswith((".c", ".h", ".cpp", ".hpp")):
                    seen.setdefault(n, []).append(os.path.relpath(os.path.join(root, n), repo))
    return [f"{n}: one name for {len(ps)} sources ({', '.join(sorted(ps))})" for n, ps in sorted(seen.items()) if len(ps) > 1]


def read_tree(repo):
    files = {}
    for top in ("src", "include/tritonc"):
        for root, _, names in os.walk(os.path.join(repo, top)):
            for n in names:
                if n.endswith((".c", ".h")):
                    full = os.path.join(root, n)
                    with open(full, encoding="utf-8") as f:
                        files[os.path.relpath(full, repo).replace(os.sep, "/")] = f.read()
    with open(os.path.join(repo, "docs", "architecture.md"), encoding="utf-8") as f:
        doc = f.read()
    return files, doc


def self_test(repo):
    """Each planted fault must be reported, and the tree as it is must pass."""
    files, doc = read_tree(repo)
    base = check(files, doc)
    if base:
        print("self-test: the tree itself breaks the rules:\n  " + "\n  ".join(base))
        return 1
    plants = {
        "an upward include (IR core -> builder)": ("src/ir/planted.c", '#include "builder/builder_internal.h"\n', "includes upward"),
        "an upward public include (builder -> language)": ("src/builder/planted.c", '#include "tritonc/lang.h"\n', "includes upward"),
        "the IR core including the printer": ("src/ir/planted.c", '#include "ir/print/print_internal.h"\n', "IR core includes"),
        "the language reaching into the builder": ("src/lang/planted.c", '#include "builder/builder_internal.h"\n', "public API only"),
        "a private header not named from src/": ("src/cuda/planted.c", '#include "driver.h"\n', "path from src/"),
        "a folder that is no layer": ("src/extra/planted.c", "", "not a layer"),
        "the interpreter reaching into the IR's private inline code": ("src/interp/planted.c", '#include "ir/registry.h"\n', "reaches its private header"),
    }
    failed = 0
    for what, (path, text, expect) in plants.items():
        planted = dict(files)
        planted[path] = text
        found = [p for p in check(planted, doc) if expect in p]
        print(f"self-test: {what}: {'reported' if found else 'NOT REPORTED'}" + (f" ({found[0]})" if found else ""))
        failed += not found
    return 1 if failed else 0


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "--self-test":
        return self_test(sys.argv[2])
    if len(sys.argv) != 2:
        print(__doc__)
        return 2
    files, doc = read_tree(sys.argv[1])
    problems = check(files, doc) + repeated_names(sys.argv[1])
    for p in problems:
        print(p)
    print(f"include rules: {len(files)} files, {len(problems)} broken")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
