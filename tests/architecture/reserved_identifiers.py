#!/usr/bin/env python3
"""No reserved identifier in the public headers (docs/architecture.md, "Names").

C++ reserves every identifier that contains a double underscore, and C and C++ every one that
begins with an underscore and a capital letter; docs/cxx.md promises that the headers compile as
C++20. A public header may use the implementation's own names (__VA_ARGS__, __cplusplus,
__attribute__, _Generic... IMPLEMENTATION below), never define one, and never declare or paste
together a reserved name of its own: its implementation details take the prefix tlx_ / TLX_.
Comments and string literals are not code and are not checked.

    reserved_identifiers.py REPO          check include/tritonc/*.h; prints each reserved name
                                          with its line, exits 1 if any
    reserved_identifiers.py --self-test REPO
                                          plants each fault in a made-up header and checks that
                                          it is reported (and that the headers pass)
"""
import os
import re
import sys

# The implementation's names the headers may use.
IMPLEMENTATION = {
    "__COUNTER__", "__FILE__", "__LINE__", "__VA_ARGS__", "__VA_OPT__", "__func__", "__attribute__",
    "__extension__", "__auto_type", "__cplusplus", "__GNUC__", "__clang__", "__has_attribute",
    "__has_include", "__typeof__", "__STDC_VERSION__", "__declspec", "__ELF__", "__linux__",
    "_Bool", "_Generic", "_Pragma", "_Static_assert", "_Alignas", "_Alignof", "_Noreturn",
    "_Thread_local", "_Atomic", "_Complex",
}
RESERVED = re.compile(r"\b(?:[A-Za-z0-9_]*[A-Za-z0-9]__[A-Za-z0-9_]*|__[A-Za-z0-9_]+|_[A-Z][A-Za-z0-9_]*)\b")
DEFINE = re.compile(r"^\s*#\s*(?:define|undef)\s+([A-Za-z_]\w*)", re.M)
# a ## joining two underscores: a__b made by pasting
PASTE = re.compile(r"_\s*##\s*_")


def code_only(text):
    """text with comments and string and character literals blanked (lines kept)."""
    out, i, n = [], 0, len(text)
    while i < n:
        if text.startswith("/*", i):
            j = text.find("*/", i + 2)
            j = n if j < 0 else j + 2
            out.append(re.sub(r"[^\n]", " ", text[i:j]))
            i = j
        elif text.startswith("//", i):
            j = text.find("\n", i)
            j = n if j < 0 else j
            out.append(" " * (j - i))
            i = j
        elif text[i] in "\"'":
            q, j = text[i], i + 1
            while j < n and text[j] != q and text[j] != "\n":
                j += 2 if text[j] == "\\" else 1
            j = min(j + 1, n)
            out.append(q + " " * (j - i - 2) + q if j - i >= 2 else text[i:j])
            i = j
        else:
            out.append(text[i])
            i += 1
    return "".join(out)


def problems_in(name, text):
    code = code_only(text)
    found = []
    line_of = lambda pos: code.count("\n", 0, pos) + 1
    for m in RESERVED.finditer(code):
        if m.group(0) not in IMPLEMENTATION:
            found.append(f"{name}:{line_of(m.start())}: {m.group(0)} is a reserved identifier")
    for m in DEFINE.finditer(code):
        if RESERVED.fullmatch(m.group(1)) and m.group(1) in IMPLEMENTATION:
            found.append(f"{name}:{line_of(m.start())}: defines {m.group(1)}, the implementation's name")
    for m in PASTE.finditer(code):
        found.append(f"{name}:{line_of(m.start())}: pastes two underscores together")
    return found


def check(repo):
    inc = os.path.join(repo, "include", "tritonc")
    found = []
    for n in sorted(os.listdir(inc)):
        if n.endswith(".h"):
            with open(os.path.join(inc, n), encoding="utf-8") as f:
                found += problems_in("include/tritonc/" + n, f.read())
    return found


def self_test(repo):
    base = check(repo)
    if base:
        print("self-test: the headers themselves have reserved names:\n  " + "\n  ".join(base))
        return 1
    clean = ('/* __x and TL__X in a comment, "__y" in a string */\n'
             "#define TLX_CAT(a, b) a##b\n#define F(...) f(__VA_ARGS__, __LINE__)\n"
             "#ifdef __cplusplus\n#endif\nstatic inline int g(int x) { return _Generic(x, int: 1); }\n")
    if problems_in("clean.h", clean):
        print(f"self-test: a clean header is reported: {problems_in('clean.h', clean)}")
        return 1
    plants = {
        "a double underscore inside a name": ("#define TL__KW1(x) x\n", "TL__KW1"),
        "a lowercase one": ("static char tl__unit_anchor;\n", "tl__unit_anchor"),
        "an underscore and a capital": ("typedef int _Tl_size;\n", "_Tl_size"),
        "a leading double underscore": ("void __helper(void);\n", "__helper"),
        "a suffix pasted after an identifier": ("#define K(id) static void id##__thunk(void)\n", "__thunk"),
        "two underscores pasted": ("#define K(id) id##_ ## _x\n", "pastes two underscores"),
        "a definition of the implementation's name": ("#define __COUNTER__ 0\n", "defines __COUNTER__"),
    }
    failed = 0
    for what, (text, expect) in plants.items():
        got = problems_in("planted.h", text)
        if not any(expect in p for p in got):
            print(f"self-test: {what} was not reported (expected '{expect}'; got {got})")
            failed = 1
    print("self-test: " + ("FAILED" if failed else f"{len(plants)} planted faults reported"))
    return failed


def main(argv):
    if "--self-test" in argv:
        return self_test(argv[-1])
    found = check(argv[1])
    if found:
        print("\n".join(found))
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
