/* `tritonc launch`: a bundled kernel launched on made-up inputs through the CUDA runtime
 * (tritonc/cuda.h), with its times. */
#ifndef TRITONC_TOOLS_LAUNCH_CMD_H
#define TRITONC_TOOLS_LAUNCH_CMD_H

/* tritonc launch NAME [--set K=V]... [--size N...] [--iters N] [--num-warps N] [--num-stages N];
 * argv holds what follows "launch". Returns the exit status: 0 launched, 1 the runtime failed
 * (no driver, no variant...), 2 a bad command line or a kernel it has no inputs for. */
int tritonc_cmd_launch(int argc, char **argv);

#endif
