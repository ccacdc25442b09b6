/* One allocation hook for every library, shared or static (docs/architecture.md, "Names").
 *
 * libtritonc_hlo.so carries its own hidden copy of src/base; its text buffer must still ask the
 * hook that tcir_set_alloc_hook (libtritonc) set, or a hook would see the kernel library's
 * allocations and miss the others'. Built twice by tests/CMakeLists.txt, against the shared
 * libraries (shared_hook_shared) and the static ones (shared_hook_static): both must print NULL
 * with "out of memory" while the hook refuses, and the program's text once it is removed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "tritonc/hlo.h"

static unsigned long asked;

static bool refuse(size_t size, void *user)
{
    (void)size;
    (void)user;
    asked++;
    return false;
}

static int fail(const char *what)
{
    fprintf(stderr, "shared_hook: %s\n", what);
    return 1;
}

int main(void)
{
    th_builder *b = th_builder_create("f");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, 4));
    th_return(b, x);
    if (!b || th_builder_failed(b))
        return fail("could not build the program");

    tcir_set_alloc_hook(refuse, NULL);
    if (tcir_get_alloc_hook(NULL) != refuse)
        return fail("tcir_get_alloc_hook does not give the hook set");
    char *text = th_print(b, (th_print_opts){0});
    tcir_set_alloc_hook(NULL, NULL);
    if (text)
        return fail("th_print allocated although the hook refused");
    if (!asked)
        return fail("the hook was never asked: libtritonc_hlo's allocations bypass it");
    const char *err = th_builder_error(b);
    if (!err || !strstr(err, "out of memory"))
        return fail("no out-of-memory error recorded");
    th_builder_destroy(b);

    /* Without the hook the same program prints. */
    b = th_builder_create("f");
    th_return(b, th_parameter(b, TH_SHAPE(TL_F32, 4)));
    text = th_print(b, (th_print_opts){0});
    if (!text || !strstr(text, "func.func public @main"))
        return fail("th_print failed without a hook");
    free(text);
    th_builder_destroy(b);
    printf("shared_hook: the hook was asked %lu time(s) and refused th_print\n", asked);
    return 0;
}
