/* `tritonc compile` and `tritonc embed` (tools/compile_cmd.c): argv after the command name. */
#ifndef TRITONC_COMPILE_CMD_H
#define TRITONC_COMPILE_CMD_H

int tritonc_cmd_compile(int argc, char **argv);
int tritonc_cmd_embed(int argc, char **argv);

#endif
