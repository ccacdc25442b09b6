"""The registry every tests/gpu/NAME_cases.py builds its cases with.

    CASES, MUST_FAIL, case = case_registry.new()

CASES maps a case name to (fn, signature, constexprs) as ASTSource takes them; MUST_FAIL names
the cases both sides must reject; `@case(signature, constexprs=None, fails=False)` registers a
@triton.jit kernel under its own name. validate_ops.py reads the `@case(...)` decorators from
the file's text too (its dry run needs no triton), so they stay written out in each file.
"""


def new():
    cases, must_fail = {}, set()

    def case(signature, constexprs=None, fails=False):
        """Registers a @triton.jit kernel under its own name with its ASTSource signature."""

        def register(fn):
            if fn.__name__ in cases:
                raise ValueError(f"case {fn.__name__} registered twice")
            cases[fn.__name__] = (fn, signature, dict(constexprs or {}))
            if fails:
                must_fail.add(fn.__name__)
            return fn

        return register

    return cases, must_fail, case
