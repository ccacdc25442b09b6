#!/usr/bin/env python3
"""What each library exports: its public API and nothing else (docs/architecture.md, "What each
library exports"; the private names' prefixes: "Names").

The public API is what include/tritonc/*.h marks TRITONC_API. For each library, given its shared
and its static build:

- every dynamic symbol the shared library defines (`nm -D --defined-only`) is a TRITONC_API
  function: nothing private leaves it;
- every TRITONC_API function the static library defines is exported by the shared one (a
  declaration that lost its TRITONC_API would be hidden);
- every other global symbol of the static library (a private function or variable, seen by
  the linker of a program that links several static libraries) begins with a prefix of one
  of the library's layers (PRIVATE_PREFIXES);
- every TRITONC_API function is defined by exactly one library.

    exported_symbols.py --nm NM --repo REPO NAME=SHARED,STATIC...
                            check; prints the counts, and each broken rule; exits 1 if any
    exported_symbols.py --self-test --repo REPO
                            plants each fault in made-up symbol tables and checks it is reported
"""
import os
import re
import subprocess
import sys

# The prefixes of private names with external linkage, by library: its layers' names
# (docs/architecture.md, "Names").
PRIVATE_PREFIXES = {
    "tritonc": ("base_", "ir_", "print_", "verify_", "builder_", "order_", "lang_", "kernel_"),
    "tritonc_hlo": ("hlo_",),
    "tritonc_pjrt": ("pjrt_",),
    "tritonc_interp": ("interp_",),
    "tritonc_cuda": ("compile_", "cuda_"),
}
# Symbols the toolchain puts in a shared library (and sanitizers' own), never ours.
# The toolchain's own symbols (the sanitizers', and the linker's __start_/__stop_ bounds of the
# coverage sections a fuzzing build's instrumentation adds).
TOOLCHAIN = re.compile(r"^(_init|_fini|_edata|_end|__bss_start|(__start_|__stop_)?__(asan|ubsan|odr_asan|sancov|gcov|llvm|tsan|msan)\w*)$")

API = re.compile(r"\bTRITONC_API\b[^;{}()]*?\b([A-Za-z_]\w*)\s*\(")


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def api_names(repo):
    """The functions include/tritonc/*.h marks TRITONC_API (export.h itself aside)."""
    names = set()
    inc = os.path.join(repo, "include", "tritonc")
    for n in sorted(os.listdir(inc)):
        if n.endswith(".h") and n != "export.h":
            with open(os.path.join(inc, n), encoding="utf-8") as f:
                text = strip_comments(f.read())
            # not the macro's own definition lines
            text = "\n".join(l for l in text.split("\n") if not l.lstrip().startswith("#"))
            names.update(API.findall(text))
    return names


def nm_names(nm, args, path):
    out = subprocess.run([nm] + args + [path], check=True, capture_output=True, text=True).stdout
    names = set()
    for line in out.splitlines():
        parts = line.split()
        # "ADDRESS TYPE NAME"; undefined ("U NAME") and member headers ("file.o:") are skipped
        if len(parts) == 3 and parts[1] not in ("U", "w", "v"):
            names.add(parts[2])
    return names


def check(api, libs):
    """api: the TRITONC_API names; libs: {name: (exported by the shared library, global symbols
    of the static one)}. Returns (problems, counts)."""
    problems, counts = [], []
    owner = {}
    for name in sorted(libs):
        exported, globals_ = libs[name]
        exported = {s for s in exported if not TOOLCHAIN.match(s)}
        for s in sorted(exported - api):
            problems.append(f"lib{name}.so exports {s}, which no public header marks TRITONC_API")
        for s in sorted((globals_ & api) - exported):
            problems.append(f"lib{name}.so does not export {s} (its declaration lacks TRITONC_API?)")
        prefixes = PRIVATE_PREFIXES.get(name, ())
        for s in sorted(globals_ - api):
            if not TOOLCHAIN.match(s) and not s.startswith(prefixes):
                problems.append(f"lib{name}.a: private {s} does not begin with its layer's prefix "
                                f"({', '.join(prefixes) or 'none known: add the library to PRIVATE_PREFIXES'})")
        for s in exported & api:
            owner.setdefault(s, []).append(name)
        counts.append(f"lib{name}.so: {len(exported)} exported ({len(exported & api)} public)")
    for s in sorted(api):
        if len(owner.get(s, [])) > 1:
            problems.append(f"{s} is exported by {' and '.join('lib' + o + '.so' for o in owner[s])}")
        elif s not in owner:
            problems.append(f"{s} is marked TRITONC_API but no library defines it")
    return problems, counts


def self_test(repo):
    api = api_names(repo)
    if "tl_builder_create_at" not in api or "tcir_context_create" not in api:
        print("self-test: TRITONC_API declarations not found in include/tritonc")
        return 1
    pub = sorted(api)
    good = {"tritonc": (set(pub), set(pub) | {"base_malloc", "lang_emit"})}
    problems, _ = check(api, good)
    if problems:
        print("self-test: a clean table is reported:\n  " + "\n  ".join(problems))
        return 1
    plants = {
        "a private function exported": ({"tritonc": (set(pub) | {"base_malloc"}, set(pub) | {"base_malloc"})}, "exports base_malloc"),
        "a public function hidden": ({"tritonc": (set(pub[1:]), set(pub))}, f"does not export {pub[0]}"),
        "a private name without its layer's prefix": ({"tritonc": (set(pub), set(pub) | {"tl__wrap"})}, "private tl__wrap"),
        "a public function defined twice": ({"tritonc": (set(pub), set(pub)), "tritonc_hlo": ({pub[0]}, {pub[0]})},
                                            f"{pub[0]} is exported by libtritonc.so and libtritonc_hlo.so"),
        "a public function defined nowhere": ({"tritonc": (set(pub[1:]), set(pub[1:]))}, f"{pub[0]} is marked TRITONC_API but"),
    }
    failed = 0
    for what, (libs, expect) in plants.items():
        problems, _ = check(api, libs)
        if not any(expect in p for p in problems):
            print(f"self-test: {what} was not reported (expected '{expect}'; got {problems})")
            failed = 1
    print("self-test: " + ("FAILED" if failed else f"{len(plants)} planted faults reported"))
    return failed


def main(argv):
    args = argv[1:]
    repo = args[args.index("--repo") + 1]
    if "--self-test" in args:
        return self_test(repo)
    nm = args[args.index("--nm") + 1]
    libs = {}
    for a in args:
        if "=" in a:
            name, paths = a.split("=", 1)
            shared, static = paths.split(",")
            libs[name] = (nm_names(nm, ["-D", "--defined-only"], shared),
                          nm_names(nm, ["-g", "--defined-only"], static))
    problems, counts = check(api_names(repo), libs)
    print("\n".join(counts))
    if problems:
        print(f"{len(problems)} problem(s):\n  " + "\n  ".join(problems))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
