#include <stdio.h>
#include <stdlib.h>
#include <tritonc/tritonc.h>

int main(void)
{
    tl_builder *b = tl_builder_create("add_kernel");
    tl_value x_ptr = tl_arg(b, "x_ptr", TL_PTR(TL_F32));
    tl_value y_ptr = tl_arg(b, "y_ptr", TL_PTR(TL_F32));
    tl_value out_ptr = tl_arg(b, "out_ptr", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));

    tl_value pid = tl_program_id(b, 0);
    tl_value block_start = tl_mul(pid, 1024);
    tl_value offs = tl_add(block_start, tl_arange(b, 0, 1024));
    tl_value mask = tl_lt(offs, n);
    tl_value x = tl_load(tl_addptr(x_ptr, offs), .mask = mask);
    tl_value y = tl_load(tl_addptr(y_ptr, offs), .mask = mask);
    tl_value sum = tl_add(x, y);
    tl_store(tl_addptr(out_ptr, offs), sum, .mask = mask);

    char *ttir = tl_finish(b); /* NULL on error: the message is one call away */
    int failed = ttir == NULL;
    if (failed)
        fprintf(stderr, "%s\n", tl_builder_error(b));
    else
        fputs(ttir, stdout);
    free(ttir);
    tl_builder_destroy(b);
    return failed;
}
