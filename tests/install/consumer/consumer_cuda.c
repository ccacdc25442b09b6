/* Uses the installed CUDA runtime (tritonc/cuda.h, tritonc/nccl.h) with no driver: the runtime must
 * report it as one error naming this line, crash on nothing, and a kernel handle, a device and a
 * communicator must then be refused. */
#include <stdio.h>
#include <string.h>

#include <tritonc/cuda.h>
#include <tritonc/nccl.h>

int main(void)
{
    tc_runtime *rt = tc_runtime_create(&(tc_runtime_options){.libcuda = "/nonexistent/libcuda.so.1"});
    const char *err = tc_runtime_error(rt);
    int ok = err && strstr(err, "consumer_cuda.c:12: tc_runtime_create: cannot load the CUDA driver") &&
             tc_kernel_get(rt, NULL, NULL, (tc_options){0}) == NULL && !tc_set_device(rt, 0) &&
             tc_comm_create(rt, 1, NULL) == NULL;
    printf("%s\n", err ? err : "(no error)");
    tc_runtime_destroy(rt);
    return ok ? 0 : 1;
}
