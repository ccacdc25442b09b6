/* A C file holding no TL_KERNEL (a test input of `tritonc --from`). */
int no_kernel_here(void);
int no_kernel_here(void)
{
    return 0;
}
