/* `tritonc interpret`: a bundled kernel run on made-up inputs by the CPU interpreter
 * (tritonc/interp.h), with the bounds checker on. */
#ifndef TRITONC_TOOLS_INTERPRET_CMD_H
#define TRITONC_TOOLS_INTERPRET_CMD_H

/* tritonc interpret NAME [--set K=V]... [--arg NAME=V]... [--size N] [--grid X[,Y[,Z]]];
 * argv holds what follows "interpret". Returns the exit status: 0 ran, 1 the kernel failed in
 * the interpreter (out of bounds, an assert, an unsupported op), 2 a bad command line. */
int tritonc_cmd_interpret(int argc, char **argv);

#endif
