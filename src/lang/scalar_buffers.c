/* Scalars as buffers (tl_builder_set_scalars_as_buffers): the builder declares each scalar
 * argument as a pointer and hands it to this loader, so the language's tt.load reads it where
 * the argument is declared. */
#include "lang/lang_internal.h"

static tl_value load_scalar_argument(tl_site site, tl_value ptr)
{
    return tl_load_at(site, (tl_load_args){.ptr = ptr});
}

void tl_builder_set_scalars_as_buffers(tl_builder *b, bool on)
{
    tl_builder_set_arg_loader(b, on ? load_scalar_argument : NULL);
}
