/* A user's kernel source that does not compile (a test input of `tritonc --from`): the compiler's
 * first error is the message. */
#include <tritonc/tritonc.h>

static void broken(tl_builder *builder, const int *cfg)
{
    (void)cfg;
    tl_value x = tl_arg(builder, "x", TL_PTR(TL_F32));
    tl_store(x, y);
}
