#!/usr/bin/env python3
"""Every public name of Triton 3.6's language has a C form or a reason (docs/coverage.md).

tests/lang/triton_language_names.txt lists the public names of triton.language,
triton.language.math and triton.language.extra.cuda (tests/gpu/language_names.py writes it where
Triton is installed). docs/coverage.md holds one table row per name:

    | `tl.sigmoid` | `tl_sigmoid(x)` | notes |
    | `tl.static_print` | — | why not: a reason |

the Python name (triton.language is `tl.`), the C form, and notes. This checks that:

  - every listed name has exactly one row, and every row names a listed name (no stale rows);
  - every C identifier a row's C column names (the first identifier of each `code span`, when
    it begins with tl_ or TL_) appears in the code of the public headers
    (include/tritonc/*.h, comments left out);
  - a row without a C form (— or empty) gives its reason in the notes column.

    language_coverage.py REPO              prints each problem, exits 1 if any
    language_coverage.py --self-test REPO  plants each fault and checks that it is reported
                                           (and that the repository passes)
"""
import os
import re
import sys

NAMES = os.path.join("tests", "lang", "triton_language_names.txt")
COVERAGE = os.path.join("docs", "coverage.md")
HEADERS = os.path.join("include", "tritonc")

ROW = re.compile(r"^\|\s*`(tl\.[A-Za-z0-9_.]+)`\s*\|(.*)\|(.*)\|\s*$")
SPAN = re.compile(r"`([^`]*)`")
C_NAME = re.compile(r"^\s*((?:tl|TL)_[A-Za-z0-9_]*)")
NONE_MARKS = {"", "—", "-"}


def short_name(full):
    """triton.language.x -> tl.x (math and extra.cuda keep their module: tl.math.exp)."""
    return "tl." + full[len("triton.language."):] if full.startswith("triton.language.") else full


def read_names(text):
    return [short_name(line.strip()) for line in text.splitlines() if line.strip() and not line.startswith("#")]


def strip_comments(text):
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    return re.sub(r"//[^\n]*", " ", text)


def header_identifiers(headers):
    ids = set()
    for text in headers.values():
        ids.update(re.findall(r"\b[A-Za-z_][A-Za-z0-9_]*\b", strip_comments(text)))
    return ids


def check(names_text, coverage_text, headers):
    """The problems, one message each."""
    problems = []
    names = read_names(names_text)
    listed = set(names)
    rows = {}
    for lineno, line in enumerate(coverage_text.splitlines(), 1):
        m = ROW.match(line)
        if not m:
            continue
        name, c_form, notes = m.group(1), m.group(2).strip(), m.group(3).strip()
        if name in rows:
            problems.append(f"{COVERAGE}:{lineno}: {name} has a second row")
            continue
        rows[name] = (lineno, c_form, notes)
    ids = header_identifiers(headers)
    for name in names:
        if name not in rows:
            problems.append(f"{COVERAGE}: no row for {name} (give its C form, or — and the reason)")
    for name, (lineno, c_form, notes) in sorted(rows.items(), key=lambda r: r[1][0]):
        if name not in listed:
            problems.append(f"{COVERAGE}:{lineno}: {name} is not in {NAMES} (a stale row?)")
        if c_form in NONE_MARKS:
            if not notes:
                problems.append(f"{COVERAGE}:{lineno}: {name} has no C form and no reason why not")
            continue
        spans = SPAN.findall(c_form)
        if not spans:
            problems.append(f"{COVERAGE}:{lineno}: {name}: write the C form as `code`, or — with a reason")
        for span in spans:
            m = C_NAME.match(span)
            if m and m.group(1) not in ids:
                problems.append(f"{COVERAGE}:{lineno}: {name}: {m.group(1)} is not in the public headers")
    return problems


def load(repo):
    with open(os.path.join(repo, NAMES)) as f:
        names_text = f.read()
    with open(os.path.join(repo, COVERAGE)) as f:
        coverage_text = f.read()
    headers = {}
    for entry in sorted(os.listdir(os.path.join(repo, HEADERS))):
        if entry.endswith(".h"):
            with open(os.path.join(repo, HEADERS, entry)) as f:
                headers[entry] = f.read()
    return names_text, coverage_text, headers


def self_test(repo):
    names_text, coverage_text, headers = load(repo)
    failures = []
    if check(names_text, coverage_text, headers):
        failures.append("the repository itself does not pass")
    plants = [
        ("a listed name without a row", names_text + "triton.language.made_up_name\n", coverage_text, headers,
         "no row for tl.made_up_name"),
        ("a stale row", names_text, coverage_text + "\n| `tl.gone_name` | `tl_add(a, b)` | |\n", headers,
         "tl.gone_name is not in"),
        ("a C form the headers lack", names_text + "triton.language.made_up_name\n",
         coverage_text + "\n| `tl.made_up_name` | `tl_made_up_name(x)` | |\n", headers,
         "tl_made_up_name is not in the public headers"),
        ("no C form and no reason", names_text + "triton.language.made_up_name\n",
         coverage_text + "\n| `tl.made_up_name` | — | |\n", headers, "no C form and no reason"),
        ("a row twice", names_text, coverage_text + "\n| `tl.sigmoid` | — | twice |\n", headers, "second row"),
        ("a C form in a comment only", names_text + "triton.language.made_up_name\n",
         coverage_text + "\n| `tl.made_up_name` | `tl_only_in_comment(x)` | |\n",
         dict(headers, **{"planted.h": "/* tl_only_in_comment */\n"}), "tl_only_in_comment is not in"),
    ]
    for what, n, c, h, expect in plants:
        problems = check(n, c, h)
        if not any(expect in p for p in problems):
            failures.append(f"not reported: {what} (got {problems})")
    for f in failures:
        print(f"language_coverage self-test: {f}")
    print(f"language_coverage self-test: {len(plants)} faults planted, {len(failures)} failures")
    return 1 if failures else 0


def main(argv):
    if len(argv) == 3 and argv[1] == "--self-test":
        return self_test(argv[2])
    if len(argv) != 2:
        print(__doc__.strip().splitlines()[-5], file=sys.stderr)
        return 2
    problems = check(*load(argv[1]))
    for p in problems:
        print(p)
    names = read_names(load(argv[1])[0])
    print(f"language_coverage: {len(names)} names, {len(problems)} problems")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
