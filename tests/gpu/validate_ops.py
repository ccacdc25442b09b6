#!/usr/bin/env python3
"""Differential test of tritonc's language against Triton 3.6, one small kernel per rule.

tests/gpu/ops_cases.c (built and run by run.sh as `ops_cases EMITTED`) writes EMITTED/NAME.ttir
for each case, or EMITTED/NAME.err when tritonc's builder rejected it; tests/gpu/ops_cases.py
holds the @triton.jit twin of each case in CASES = {NAME: (fn, signature, constexprs)}. For each
case this script checks, with Triton's own Python API (as validate.py drives it):

  1. Triton parses (and so verifies) ours, and str_nodebug() gives our text back byte for byte;
  2. make_ttir of ours equals make_ttir of the Python twin (ASTSource(...).make_ir, attrs={});
  3. for the cases in MUST_FAIL: tritonc wrote NAME.err and Triton's frontend raises too;
  4. with --ptx, both sides' make_ttir text lowered to PTX by Triton (reparsed from the saved
     files, as validate.py lowers the bundled kernels) is the same, debug info aside.

One line per case (ok / DIFF with the first differing line / ERROR with the exception), then a
summary; whole diffs go to OUT/diffs/, both sides after make_ttir to OUT/ours/ and OUT/python/,
tracebacks to OUT/errors/. Exit status 1 if any case failed.

  validate_ops.py --emitted DIR [--out DIR] [--list FILE] [--case NAME ...] [--ptx] [--dry-run]

--list is `ops_cases --list` (checks that both sides register the same cases and must-fail flags).
--dry-run needs no triton: it reads ops_cases.py as text and checks the emitted files only.
"""
import argparse
import ast
import difflib
import sys
import time
import traceback
from pathlib import Path

HERE = Path(__file__).resolve().parent
CASES_PY = HERE / "ops_cases.py"  # --cases chooses another *_cases.py
COMPARE_PTX = False  # --ptx


def write(path, text):
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text)
    return path


def first_difference(a, b):
    """(line number, our line, their line) of the first difference of two texts."""
    x, y = a.splitlines(), b.splitlines()
    if x == y:
        return None, f"(end) {a[-12:]!r}", f"(end) {b[-12:]!r}"
    i = next((i for i, (p, q) in enumerate(zip(x, y)) if p != q), min(len(x), len(y)))
    return i + 1, x[i] if i < len(x) else "<end of text>", y[i] if i < len(y) else "<end of text>"


def save_diff(out, name, label, ours, theirs, a="tritonc", b="triton"):
    diff = difflib.unified_diff(ours.splitlines(), theirs.splitlines(), a, b, lineterm="", n=3)
    return write(out / "diffs" / f"{name}.{label}.diff", "\n".join(diff) + "\n")


def last_line(exc):
    """The telling line of an exception: Triton's CompilationError puts the message last."""
    lines = [line.strip() for line in str(exc).splitlines() if line.strip()]
    return f"{type(exc).__name__}: {lines[-1] if lines else ''}"[:300]


class Result:
    def __init__(self, status, detail=""):
        self.status, self.detail = status, detail


# ---- the cases as ops_cases.py declares them, read without importing it (no triton needed) -------

def declared_cases():
    """{name: (parameter names, signature, constexprs, must_fail)} from ops_cases.py's text."""
    tree = ast.parse(CASES_PY.read_text(), str(CASES_PY))
    found = {}
    for node in tree.body:
        if not isinstance(node, ast.FunctionDef):
            continue
        for d in node.decorator_list:
            if isinstance(d, ast.Call) and isinstance(d.func, ast.Name) and d.func.id == "case":
                sig = ast.literal_eval(d.args[0])
                cst = ast.literal_eval(d.args[1]) if len(d.args) > 1 else {}
                fails = any(k.arg == "fails" and ast.literal_eval(k.value) for k in d.keywords)
                found[node.name] = ([a.arg for a in node.args.args], sig, cst, fails)
    return found


def read_list(path):
    """`ops_cases --list`: {name: must_fail}."""
    cases = {}
    for line in path.read_text().splitlines():
        words = line.split()
        if words:
            cases[words[0]] = "must-fail" in words[1:]
    return cases


def registry_problems(declared, listed, emitted):
    """Mismatches between ops_cases.py, ops_cases.c (--list) and the emitted files."""
    problems = []
    for name, (params, sig, cst, _) in declared.items():
        if list(sig) != params:
            problems.append(f"{name}: signature keys {list(sig)} are not the parameters {params}")
        for k in cst:
            if sig.get(k) != "constexpr":
                problems.append(f"{name}: constexpr {k} is not marked 'constexpr' in the signature")
    if listed is not None:
        for name in sorted(set(listed) - set(declared)):
            problems.append(f"{name}: in ops_cases.c but not in ops_cases.py")
        for name in sorted(set(declared) - set(listed)):
            problems.append(f"{name}: in ops_cases.py but not in ops_cases.c")
        for name in sorted(set(declared) & set(listed)):
            if listed[name] != declared[name][3]:
                problems.append(f"{name}: must-fail in one file only (C: {listed[name]}, Python: {declared[name][3]})")
    on_disk = {p.stem for p in emitted.glob("*.ttir")} | {p.stem for p in emitted.glob("*.err")}
    for name in sorted(on_disk - set(declared)):
        problems.append(f"{name}: emitted by ops_cases but not in ops_cases.py")
    return problems


# ---- one case -----------------------------------------------------------------------------------

def python_module(tt, fn, signature, constexprs):
    from triton.compiler import ASTSource
    src = ASTSource(fn, signature, constexprs, attrs={})
    ctx = tt.context()
    mod = src.make_ir(tt.target, tt.opts, tt.backend.get_codegen_implementation(tt.opts),
                      tt.backend.get_module_map(), ctx)
    return tt._owned(mod, ctx)


def error(out, name, where, exc):
    write(out / "errors" / f"{name}.txt", f"{where}\n\n" + "".join(traceback.format_exception(exc)))
    return Result("ERROR", f"{where}: {last_line(exc)}")


def check_must_fail(tt, name, entry, emitted, out):
    fn, signature, constexprs = entry
    ttir, err = emitted / f"{name}.ttir", emitted / f"{name}.err"
    try:
        python_module(tt, fn, signature, constexprs)
        theirs = None
    except Exception as exc:  # the frontend rejecting the kernel is what this case wants
        theirs = last_line(exc)
        write(out / "errors" / f"{name}.python.txt", "".join(traceback.format_exception(exc)))
    ours = err.read_text().strip() if err.exists() else None
    if ours is None and ttir.exists():
        return Result("DIFF", "tritonc emitted it, but it must fail" +
                      ("" if theirs is None else f" (Triton rejects it: {theirs})"))
    if ours is None:
        return Result("ERROR", f"neither {ttir.name} nor {err.name} was written")
    if theirs is None:
        return Result("DIFF", f"Triton accepts it, but tritonc rejects it: {ours}")
    return Result("ok", f"both reject it; tritonc: {ours} | triton: {theirs}")


def check_case(tt, name, entry, emitted, out):
    fn, signature, constexprs = entry
    ttir, err = emitted / f"{name}.ttir", emitted / f"{name}.err"
    if err.exists() and not ttir.exists():
        return Result("ERROR", f"tritonc failed: {err.read_text().strip()}")
    if not ttir.exists():
        return Result("ERROR", f"{ttir} is missing (is the case in ops_cases.c?)")
    text = ttir.read_text()

    try:  # Python's side first: saved even when ours does not parse
        raw = python_module(tt, fn, signature, constexprs)
        write(out / "python" / f"{name}.raw.ttir", raw.str_nodebug())
        theirs = tt.make_ttir(raw).str_nodebug()
        write(out / "python" / f"{name}.ttir", theirs)
    except Exception as exc:
        return error(out, name, "Triton's Python frontend failed", exc)

    try:
        mod = tt.parse(ttir)
        reprint = mod.str_nodebug()
    except Exception as exc:
        return error(out, name, "Triton cannot parse ours", exc)
    if reprint != text:
        line, a, b = first_difference(text, reprint)
        path = save_diff(out, name, "roundtrip", text, reprint, "tritonc", "reprinted")
        return Result("DIFF", f"roundtrip, line {line}:\n      ours:      {a}\n      reprinted: {b}\n      ({path})")

    try:
        ours = tt.make_ttir(mod).str_nodebug()
        write(out / "ours" / f"{name}.ttir", ours)
    except Exception as exc:
        return error(out, name, "make_ttir failed on ours", exc)
    if ours != theirs:
        line, a, b = first_difference(ours, theirs)
        path = save_diff(out, name, "ttir", ours, theirs)
        # Whether the contract (Python's PTX) still holds where the finer check fails.
        try:
            ptx = compare_ptx(tt, name, out)
            verdict = "the PTX is the same" if ptx.status == "ok" else f"the PTX differs too: {ptx.detail}"
        except Exception as exc:
            verdict = f"the PTX was not compared: {last_line(exc)}"
        return Result("DIFF", f"make_ttir, line {line}:\n      tritonc: {a}\n      triton:  {b}\n      ({path}); "
                      f"{verdict}")
    if COMPARE_PTX:
        return compare_ptx(tt, name, out)
    return Result("ok")


def compare_ptx(tt, name, out):
    """Both make_ttir texts, reparsed from their files and lowered by Triton: the same PTX."""
    from validate import strip_debug
    ptx = {}
    for who, side in (("tritonc", "ours"), ("triton", "python")):
        texts = tt.lower(tt.parse(out / side / f"{name}.ttir"), who)
        if "ptx" not in texts:
            return Result("ERROR", f"lowering {who}'s make_ttir to PTX failed")
        ptx[who] = strip_debug(texts["ptx"], "ptx")
        write(out / "ptx" / f"{name}.{who}.ptx", texts["ptx"])
    if ptx["tritonc"] != ptx["triton"]:
        line, a, b = first_difference(ptx["tritonc"], ptx["triton"])
        path = save_diff(out, name, "ptx", ptx["tritonc"], ptx["triton"])
        return Result("DIFF", f"ptx, line {line}:\n      tritonc: {a}\n      triton:  {b}\n      ({path})")
    return Result("ok", "ttir and ptx")


# ---- main ---------------------------------------------------------------------------------------

def report(results, problems):
    failed = {n: r for n, r in results.items() if r.status != "ok"}
    print("\n=== summary")
    for p in problems:
        print(f"  REGISTRY {p}")
    for status in ("DIFF", "ERROR"):
        names = [n for n, r in failed.items() if r.status == status]
        if names:
            print(f"  {status} ({len(names)}): {' '.join(names)}")
    n_ok = len(results) - len(failed)
    print(f"  {len(results)} cases: {n_ok} ok, "
          f"{sum(r.status == 'DIFF' for r in results.values())} DIFF, "
          f"{sum(r.status == 'ERROR' for r in results.values())} ERROR; "
          f"{len(problems)} registry problems")
    print(f"{n_ok} passed, {len(failed) + len(problems)} failed")
    return not failed and not problems


def dry_run(declared, names, emitted):
    """No triton: every case has its file, and each .ttir looks like our kernel."""
    results = {}
    for name in names:
        ttir, err = emitted / f"{name}.ttir", emitted / f"{name}.err"
        must_fail = declared[name][3]
        if must_fail:
            ok = err.exists() and not ttir.exists()
            results[name] = Result("ok" if ok else "DIFF", "tritonc rejects it" if ok else "tritonc must reject it")
        elif not ttir.exists():
            results[name] = Result("ERROR", err.read_text().strip() if err.exists() else f"{ttir} is missing")
        else:
            text = ttir.read_text()
            # attribute aliases (`#loop_annotation = ...`) come first, as MLIR prints them
            body = "".join(line for line in text.splitlines(keepends=True) if not line.startswith("#"))
            ok = body.startswith("module {") and f"tt.func public @{name}(" in text and "loc(" not in text
            results[name] = Result("ok" if ok else "ERROR", "" if ok else "not a module of this kernel without locations")
        print_result(name, results[name])
    return results


def print_result(name, r):
    print(f"{r.status:5} {name}" + (f"  {r.detail}" if r.detail else ""), flush=True)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--cases", type=Path, help="the Python cases (default: ops_cases.py beside this script)")
    ap.add_argument("--emitted", required=True, type=Path, help="the folder `ops_cases` wrote")
    ap.add_argument("--out", default=Path("gpu-out/ops"), type=Path, help="where diffs and IR texts go")
    ap.add_argument("--list", type=Path, help="`ops_cases --list` output")
    ap.add_argument("--case", action="append", help="only this case (repeatable)")
    ap.add_argument("--ptx", action="store_true", help="also lower both sides to PTX and compare")
    ap.add_argument("--dry-run", action="store_true", help="check files only; no triton")
    args = ap.parse_args()
    global COMPARE_PTX
    COMPARE_PTX = args.ptx
    if args.cases:
        global CASES_PY
        CASES_PY = args.cases.resolve()
        sys.path.insert(0, str(CASES_PY.parent))

    declared = declared_cases()
    listed = read_list(args.list) if args.list else None
    problems = registry_problems(declared, listed, args.emitted)
    names = [n for n in declared if not args.case or n in args.case]
    unknown = sorted(set(args.case or []) - set(declared))
    if unknown:
        print(f"no such case: {' '.join(unknown)}")
        return 2
    print(f"language cases: {len(names)} ({sum(declared[n][3] for n in names)} must fail), "
          f"emitted in {args.emitted}")

    if args.dry_run:
        return 0 if report(dry_run(declared, names, args.emitted), problems) else 1

    sys.path.insert(0, str(HERE))
    sys.dont_write_bytecode = True  # no __pycache__ in the work tree
    from validate import Triton  # one driver of Triton's API for both scripts
    import importlib
    ops_cases = importlib.import_module(CASES_PY.stem)
    import warnings
    tt = Triton()
    results = {}
    t0 = time.perf_counter()
    for name in names:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # tl.where's deprecation warning for non-bool conditions
            try:
                entry = ops_cases.CASES[name]
                check = check_must_fail if name in ops_cases.MUST_FAIL else check_case
                results[name] = check(tt, name, entry, args.emitted, args.out)
            except Exception as exc:  # a bug here must not stop the other cases
                results[name] = error(args.out, name, "validate_ops.py failed", exc)
        print_result(name, results[name])
    print(f"({time.perf_counter() - t0:.1f} s)")
    return 0 if report(results, problems) else 1


if __name__ == "__main__":
    sys.exit(main())
