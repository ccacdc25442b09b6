/* `tritonc run`: compiles a StableHLO program through a PJRT plugin and runs it on made-up
 * inputs, printing each result's first values and the times. */
#ifndef TRITONC_TOOLS_RUN_PROGRAM_H
#define TRITONC_TOOLS_RUN_PROGRAM_H

#include "tritonc/hlo.h"

/* Runs the program built in b (plugin NULL: the runtime's usual search); returns the exit
 * status (0 ran, 1 failed) after printing to stdout / stderr. */
int run_program(th_builder *b, const char *plugin, int iters);

#endif
