/* Builds a one-line kernel with an installed tritonc and checks the TTIR it gets back. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <tritonc/tritonc.h>

int main(void)
{
    tl_builder *b = tl_builder_create("consumer_kernel");
    tl_value out_ptr = tl_arg(b, "out_ptr", TL_PTR(TL_I32));
    tl_store(out_ptr, tl_program_id(b, 0));
    char *ttir = tl_finish(b);
    if (ttir == NULL) {
        fprintf(stderr, "consumer: %s\n", tl_builder_error(b));
        tl_builder_destroy(b);
        return 1;
    }
    int ok = strstr(ttir, "tt.func public @consumer_kernel") != NULL && strstr(ttir, "tt.store") != NULL;
    if (!ok)
        fprintf(stderr, "consumer: unexpected TTIR:\n%s", ttir);
    else
        printf("consumer: tritonc %s built consumer_kernel\n", TRITONC_VERSION);
    free(ttir);
    tl_builder_destroy(b);
    return ok ? 0 : 1;
}
