/* tc_ir_hash: what a variant was compiled from, so that the runtime never launches a variant of
 * an older body of the kernel (docs/launch.md, "Stale variants"). The TTIR is hashed without its
 * locations: moving the kernel's file or adding a comment above it changes nothing the GPU
 * runs, and a program's build and its kernel tool's build may name the file differently. */
#include <stdlib.h>

#include "base/hash.h"
#include "compile/compile_internal.h"

uint64_t tc_ir_hash(const tl_kernel *k, const void *cfg, const char *spec, tc_options opts, char **err)
{
    if (err)
        *err = NULL;
    if (!k || !k->name) {
        compile_fail(err, "tc_ir_hash: NULL kernel");
        return 0;
    }
    char *declared = NULL;
    if (!spec && !(spec = declared = tc_declared_spec(k, cfg, err)))
        return 0;
    tl_emit_opts emit = {.no_locations = true, .debug = opts.debug, .specialize = spec};
    char *text = tl_kernel_emit(k, cfg, emit, err);
    free(declared);
    if (!text)
        return 0;
    uint64_t h = compile_hash_str(TL_FNV1A64_INIT, text);
    free(text);
    return h ? h : 1; /* 0 means "no hash" */
}
