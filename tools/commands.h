/* The handlers of tritonc's commands, one file each, listed in the table of tools/tritonc.c.
 * Each takes argv[0] = the command's name, then what follows it, and returns the exit status
 * (tools/cli.h). A new command is a handler here and one line in that table. */
#ifndef TRITONC_TOOLS_COMMANDS_H
#define TRITONC_TOOLS_COMMANDS_H

int tritonc_cmd_list(int argc, char **argv); /* tools/list_cmd.c */
int tritonc_cmd_emit(int argc, char **argv); /* tools/emit_cmd.c */
int tritonc_cmd_hlo(int argc, char **argv); /* tools/hlo_cmd.c */
int tritonc_cmd_run(int argc, char **argv); /* tools/hlo_cmd.c */
int tritonc_cmd_compile(int argc, char **argv); /* tools/compile_cmd.c */
int tritonc_cmd_embed(int argc, char **argv); /* tools/compile_cmd.c */
int tritonc_cmd_launch(int argc, char **argv); /* tools/launch_cmd.c */
int tritonc_cmd_interpret(int argc, char **argv); /* tools/interpret_cmd.c */
int tritonc_cmd_autotune(int argc, char **argv); /* tools/autotune_cmd.c */

#include "tritonc/cuda.h"
/* A scalar launch argument of dtype dt holding v (tools/launch_cmd.c; autotune's too). */
tc_arg launch_scalar_arg(tl_dtype dt, double v);

#include "problem.h"
/* A descriptor launch argument of problem argument a (declared s), its tensor at device buffer
 * base: *d is filled, and must live while the argument is used (tools/launch_cmd.c; autotune's
 * too). */
tc_arg problem_desc_arg(const tl_argspec *s, const problem_arg *a, tc_deviceptr base, tc_tensordesc *d);

#endif
