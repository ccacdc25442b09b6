/* What a kernel settles at compile time: tl.static_assert and the dtypes of values
 * (x.dtype, ptr.dtype.element_ty). None of them emits an op. */
#include "lang/lang_internal.h"

bool tl_static_assert_at(tl_site s, tl_builder *b, bool cond, const char *msg, const char *cond_text)
{
    if (!lang_builder(s, b, 0, NULL, NULL)) /* NULL or already in error */
        return false;
    if (cond)
        return true;
    /* Python's CompileTimeAssertionFailure names the message; without one, the condition */
    if (msg && *msg)
        tl_builder_fail(b, s, "static assertion failed: %s", msg);
    else
        tl_builder_fail(b, s, "static assertion failed: %s", cond_text ? cond_text : "(no message)");
    return false;
}

/* The builder a value query reports to, or NULL (a literal has none; poison was reported). */
static tl_builder *query_builder(tl_site s, tl_value x)
{
    return lang_builder(s, NULL, 1, &x, (const char *const[]){"x"});
}

tl_dtype tl_dtype_of_at(tl_site s, tl_value x)
{
    if (tl_value_is_lit(x))
        return x.dtype;
    tl_builder *b = query_builder(s, x);
    if (!b)
        return TL_DTYPE_INVALID;
    if (x.is_ptr) {
        tl_builder_fail(b, s,
                        "x is a pointer to %s: its dtype is a pointer type, which tl_dtype cannot hold "
                        "(use tl_element_ty for the pointee)",
                        tl_dtype_name(x.dtype));
        return TL_DTYPE_INVALID;
    }
    return x.dtype;
}

tl_dtype tl_element_ty_at(tl_site s, tl_value ptr)
{
    tl_builder *b = query_builder(s, ptr);
    if (!b)
        return TL_DTYPE_INVALID;
    if (!ptr.is_ptr) {
        tl_builder_fail(b, s, "x is not a pointer (its dtype is %s, which has no element_ty)",
                        tl_dtype_name(ptr.dtype));
        return TL_DTYPE_INVALID;
    }
    return ptr.dtype;
}
