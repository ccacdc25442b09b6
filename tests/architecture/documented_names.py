#!/usr/bin/env python3
"""Every call the documentation names exists in the public headers, and every macro a public
header defines carries a public prefix.

A rename that reaches a public name (a macro the docs teach, `tl_index(x, TL_ALL, TL_NONE)`)
breaks every user program that spells it as documented while the library's own tests, renamed
with it, keep passing. This check reads the code spans of README.md and docs/*.md, takes each
`tl_*` / `tc_*` / `TL_*` / `TC_*` name written as a call (a name followed by `(`), and requires it
to be defined or declared in include/tritonc/*.h. PLACEHOLDERS are names the docs use as examples
of a pattern (docs/architecture.md's "how to add a language function").

A macro of a public header named without one of PREFIXES (a rename table that turned
`tl_index` into `builder_index`, docs and tests included) is reported as well: users' programs
spell the public names, so a public macro must look like one.

    documented_names.py REPO              prints each missing or unprefixed name; exit 1 if any
    documented_names.py --self-test REPO  plants both faults and checks that each is reported
"""
import glob
import os
import re
import sys

PLACEHOLDERS = {"tl_foo", "tl_foo_at"}
PREFIXES = ("tl_", "tc_", "th_", "tp_", "tcir_", "tlx_", "TL_", "TC_", "TH_", "TP_", "TCIR_", "TLX_", "TRITONC_")
DEFINE = re.compile(r"^\s*#\s*define\s+([A-Za-z_]\w*)", re.M)
CALL = re.compile(r"\b((?:tl|tc|TL|TC)_[A-Za-z0-9_]+)\s*\(")
SPAN = re.compile(r"```.*?```|`[^`\n]+`", re.S)


def strip_comments(text):
    return re.sub(r"/\*.*?\*/|//[^\n]*", lambda m: "\n" * m.group(0).count("\n"), text, flags=re.S)


def unprefixed_macros(headers):
    """{macro: header} for every macro defined outside comments without a public prefix."""
    found = {}
    for path, text in headers:
        for name in DEFINE.findall(strip_comments(text)):
            if not name.startswith(PREFIXES) and not (name.startswith("TRITONC_") or name.endswith("_H")):
                found[name] = path
    return found


def read_headers(repo):
    out = []
    for path in sorted(glob.glob(os.path.join(repo, "include", "tritonc", "*.h"))):
        with open(path, encoding="utf-8") as f:
            out.append((os.path.relpath(path, repo), f.read()))
    return out


def header_names(repo):
    names = set()
    for path in glob.glob(os.path.join(repo, "include", "tritonc", "*.h")):
        with open(path, encoding="utf-8") as f:
            names |= set(re.findall(r"\b[A-Za-z_]\w*\b", f.read()))
    return names


def documented_calls(docs):
    """{name: set of files} for every call named in a code span of the given (path, text) pairs."""
    calls = {}
    for path, text in docs:
        for span in SPAN.findall(text):
            for name in CALL.findall(span):
                calls.setdefault(name, set()).add(path)
    return calls


def read_docs(repo):
    paths = [os.path.join(repo, "README.md")] + sorted(glob.glob(os.path.join(repo, "docs", "*.md")))
    docs = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            docs.append((os.path.relpath(path, repo), f.read()))
    return docs


def missing(calls, names):
    return {n: files for n, files in calls.items() if n not in names and n not in PLACEHOLDERS}


def report(found, macros):
    for name in sorted(found):
        print(f"{name}: named in {', '.join(sorted(found[name]))}, declared in no public header")
    for name in sorted(macros):
        print(f"{name}: a macro of {macros[name]} without a public prefix ({', '.join(PREFIXES)})")
    return 1 if found or macros else 0


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        repo = argv[2]
        names = header_names(repo)
        planted = read_docs(repo) + [("docs/planted.md", "write `tl_index_renamed(x, TL_ALL)`")]
        found = missing(documented_calls(planted), names)
        if set(found) != {"tl_index_renamed"}:
            print(f"self-test: expected exactly the planted name to be reported, got {sorted(found)}")
            return 1
        headers = read_headers(repo) + [("include/tritonc/planted.h", "/* #define ok_in_comment 1 */\n#define builder_index(x) x\n")]
        macros = unprefixed_macros(headers)
        if set(macros) != {"builder_index"}:
            print(f"self-test: expected exactly the planted macro to be reported, got {sorted(macros)}")
            return 1
        print("self-test: the planted name and the planted macro were reported, nothing else")
        return 0
    if len(argv) != 2:
        print(__doc__)
        return 2
    repo = argv[1]
    return report(missing(documented_calls(read_docs(repo)), header_names(repo)), unprefixed_macros(read_headers(repo)))


if __name__ == "__main__":
    sys.exit(main(sys.argv))
