#!/usr/bin/env python3
"""Prints every public name of Triton's language modules, one a line, prefixed by its module.

    python3 tests/gpu/language_names.py > tests/lang/triton_language_names.txt

Run it where Triton 3.6 is installed (the GPU machine) to regenerate the list that the
`language_coverage` test (tests/architecture/language_coverage.py) checks against the public
headers and docs/coverage.md. The modules:

  triton.language                 its __all__
  triton.language.math            the functions it defines
  triton.language.extra.cuda      its __all__ (libdevice, a module of its own, is left out: the
                                  libdevice functions are tl_libdevice's table, docs/lang.md)

A name is listed when it does not start with an underscore and names a function (a builtin, a
@jit function, a constexpr function), a class or a dtype (tl.float16, tl.pi32_t); modules and
plain numbers (TRITON_MAX_TENSOR_NUMEL) are not. The output is sorted, with a header comment
that names the Triton version it came from.
"""
import importlib
import inspect
import sys

MODULES = ("triton.language", "triton.language.math", "triton.language.extra.cuda")


def is_listed(obj, dtype_class):
    """Whether a module attribute is a name the list keeps: a function, a class or a dtype."""
    if inspect.ismodule(obj):
        return False
    if isinstance(obj, dtype_class):
        return True
    if inspect.isclass(obj) or inspect.isfunction(obj) or inspect.isbuiltin(obj):
        return True
    # @triton.jit functions (JITFunction), constexpr functions and builtins wrapped in objects
    return callable(obj) and not isinstance(obj, (int, float, str, bool))


def module_names(module, dtype_class):
    """The public names of one module: its __all__, or what it defines itself."""
    if hasattr(module, "__all__"):
        candidates = list(module.__all__)
    else:
        candidates = [name for name, obj in vars(module).items()
                      if getattr(obj, "__module__", None) == module.__name__]
    names = []
    for name in candidates:
        if name.startswith("_") or not hasattr(module, name):
            continue
        if is_listed(getattr(module, name), dtype_class):
            names.append(name)
    return sorted(set(names))


def main():
    try:
        import triton
        import triton.language as tl
    except ImportError as exc:
        print(f"language_names.py: Triton is not installed here ({exc})", file=sys.stderr)
        return 2
    lines = [f"# Public names of Triton {triton.__version__}'s language modules "
             "(tests/gpu/language_names.py; checked by tests/architecture/language_coverage.py)"]
    for module_name in MODULES:
        module = importlib.import_module(module_name)
        lines += [f"{module_name}.{name}" for name in module_names(module, tl.dtype)]
    print("\n".join(lines))
    return 0


if __name__ == "__main__":
    sys.exit(main())
