/* `tritonc hlo` and `tritonc run`: a StableHLO program calling a kernel through XLA's Triton
 * custom call, printed (hlo) or run through a PJRT plugin (run). `hlo NAME` is always kernel
 * NAME's program; `hlo --program NAME` a hand-written one (tools/hlo_programs.c). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"
#include "cli.h"
#include "commands.h"
#include "hlo_programs.h"
#include "run_program.h"

#define HLO_OPTIONS_HELP                                                                                               \
    CLI_FROM_HELP                                                                                                      \
    "  --program NAME         instead of a kernel, the hand-written program NAME\n"                                    \
    "                         (`tritonc list --programs`: forward, softmax, vector_add_xla)\n"                         \
    "  --set KEY=VALUE        set a config field of the kernel (the program's kernel), as emit's\n"                    \
    "  --grid X[,Y[,Z]]       the launch grid, integers from 1 to 2147483647 (default: the\n"                          \
    "                         program's; a kernel's: 1,1,1)\n"                                                         \
    "  --num-warps N          Triton's num_warps, a power of 2 from 1 to 32 (default: the\n"                           \
    "                         program's, else 4)\n"                                                                    \
    "  --num-stages N         Triton's num_stages, from 1 to 16 (default: the program's, else 3)\n"                    \
    "  --operand NAME=TYPE    kernels only: a buffer argument's tensor, e.g. x_ptr=f32[1024,64]\n"                     \
    "                         (default: 1024 elements); scalars are 0-d parameters (docs/xla.md)\n"                    \
    "  --zero-outputs         kernels only: XLA zero-fills every output first (not the inouts)\n"                      \
    "  --no-loc               leave the source locations out of the kernel's TTIR\n"

static const char hlo_help[] =
    "Usage: tritonc hlo NAME [options]\n"
    "       tritonc hlo --program NAME [options]\n"
    "\n"
    "Print a StableHLO program calling kernel NAME (bundled, or of --from FILE) through XLA's Triton\n"
    "custom call: its .inputs and .inouts the parameters of main, its .outputs and .inouts the\n"
    "results; or the hand-written program NAME.\n"
    "\n" HLO_OPTIONS_HELP "  --generic              print every op in MLIR's generic form\n"
    "  --xla-map              instead, one line per argument in XLA's order: role (input, inout,\n"
    "                         output), name, index, kind, dtype (\"input n 3 scalar int32\")\n"
    "  -o, --output FILE      write to FILE instead of standard output (- is stdout)\n"
    "  -h, --help             this help\n";

static const char run_help[] =
    "Usage: tritonc run NAME [options]\n"
    "       tritonc run --program NAME [options]\n"
    "\n"
    "Compile the program `tritonc hlo` prints through XLA's PJRT plugin and run it on made-up\n"
    "inputs: each result's first values, then the times.\n"
    "\n" HLO_OPTIONS_HELP "  --plugin PATH          the PJRT plugin (default: $TRITONC_PJRT_PLUGIN, else jax's CUDA\n"
    "                         plugin where Python installs it)\n"
    "  --iters N              timed runs after the first, from 1 to 1024 (default 20)\n"
    "  -h, --help             this help\n";

enum {
    PROGRAM = CLI_KEY,
    SET,
    GRID,
    NUM_WARPS,
    NUM_STAGES,
    OPERAND,
    ZERO_OUTPUTS,
    NO_LOC,
    GENERIC,
    XLA_MAP,
    PLUGIN,
    ITERS
};

/* What the command line asks for. */
typedef struct request {
    const char *cmd;
    bool run;
    const char *name, *program, *out_path, *plugin;
    int iters;
    bool generic, xla_map;
    hlo_launch launch;
    int nsets;
    const char **sets;
} request;

/* "X[,Y[,Z]]" into grid; false after the error. */
static bool parse_grid(const char *cmd, const char *text, int grid[3])
{
    char part[32];
    const char *p = text;
    for (int i = 0; i < 3; i++) {
        size_t len = strcspn(p, ",");
        long long v;
        if (len >= sizeof part)
            break;
        memcpy(part, p, len);
        part[len] = '\0';
        if (!tl_parse_decimal(part, 1, 2147483647LL, &v))
            break;
        grid[i] = (int)v;
        if (p[len] == '\0')
            return true;
        p += len + 1;
    }
    cli_usage(cmd, "bad --grid '%s': expected X[,Y[,Z]], integers from 1 to 2147483647", text);
    return false;
}

/* One option into r; CLI_OK, else the exit status after the error. */
static int take_option(request *r, int key, const char *arg)
{
    hlo_launch *l = &r->launch;
    char why[200];
    switch (key) {
    case PROGRAM: r->program = arg; return CLI_OK;
    case SET: r->sets[r->nsets++] = arg; return CLI_OK;
    case GRID: return parse_grid(r->cmd, arg, l->grid) ? CLI_OK : CLI_USAGE;
    case NUM_WARPS: return cli_warps(r->cmd, arg, &l->num_warps) ? CLI_OK : CLI_USAGE;
    case NUM_STAGES: return cli_int(r->cmd, "--num-stages", arg, 1, 16, &l->num_stages) ? CLI_OK : CLI_USAGE;
    case ITERS: return cli_int(r->cmd, "--iters", arg, 1, 1024, &r->iters) ? CLI_OK : CLI_USAGE;
    case OPERAND:
        if (l->noperands == HLO_MAX_OPERANDS)
            return cli_usage(r->cmd, "bad --operand '%s': at most %d", arg, HLO_MAX_OPERANDS);
        if (!hlo_operand_parse(arg, &l->operands[l->noperands], why, sizeof why))
            return cli_usage(r->cmd, "bad --operand '%s': %s", arg, why);
        l->noperands++;
        return CLI_OK;
    case ZERO_OUTPUTS: l->zero_outputs = true; return CLI_OK;
    case NO_LOC: l->no_locations = true; return CLI_OK;
    case GENERIC: r->generic = true; return CLI_OK;
    case XLA_MAP: r->xla_map = true; return CLI_OK;
    case PLUGIN: r->plugin = arg; return CLI_OK;
    case 'o': r->out_path = arg; return CLI_OK;
    case CLI_FROM_KEY: cli_set_from(arg); return CLI_OK;
    default: return CLI_USAGE; /* cli_next printed it */
    }
}

/* The options, then which kernel or program: CLI_OK, -1 after --help, else the exit status. */
static int parse(request *r, int argc, char **argv)
{
    static const cli_option hlo_opts[] = {
        {"program", PROGRAM, "a program name"},
        {"set", SET, "KEY=VALUE"},
        {"grid", GRID, "X[,Y[,Z]]"},
        {"num-warps", NUM_WARPS, "N"},
        {"num-stages", NUM_STAGES, "N"},
        {"operand", OPERAND, "NAME=TYPE"},
        {"zero-outputs", ZERO_OUTPUTS, NULL},
        {"no-loc", NO_LOC, NULL},
        {"generic", GENERIC, NULL},
        {"xla-map", XLA_MAP, NULL},
        {"output", 'o', "a file name"},
        CLI_FROM_OPTION,
        CLI_HELP_OPTION,
    };
    static const cli_option run_opts[] = {
        {"program", PROGRAM, "a program name"},
        {"set", SET, "KEY=VALUE"},
        {"grid", GRID, "X[,Y[,Z]]"},
        {"num-warps", NUM_WARPS, "N"},
        {"num-stages", NUM_STAGES, "N"},
        {"operand", OPERAND, "NAME=TYPE"},
        {"zero-outputs", ZERO_OUTPUTS, NULL},
        {"no-loc", NO_LOC, NULL},
        {"plugin", PLUGIN, "a path"},
        {"iters", ITERS, "N"},
        CLI_FROM_OPTION,
        CLI_HELP_OPTION,
    };
    cli_parser p = r->run ? (cli_parser)CLI_PARSER("run", argc, argv, run_opts)
                          : (cli_parser)CLI_PARSER("hlo", argc, argv, hlo_opts);
    const char *arg;
    for (int key; (key = cli_next(&p, &arg)) != -1;) {
        if (key == 'h')
            return cli_help(r->run ? run_help : hlo_help) == CLI_OK ? -1 : CLI_FAIL;
        int rc = take_option(r, key, arg);
        if (rc != CLI_OK)
            return rc;
    }
    int nnames = argc - p.operands;
    if (nnames > 1)
        return cli_usage(r->cmd, "one kernel at a time ('%s', then '%s')", argv[p.operands], argv[p.operands + 1]);
    r->name = nnames ? argv[p.operands] : NULL;
    if (r->program && r->name)
        return cli_usage(r->cmd, "kernel '%s' or --program %s, not both", r->name, r->program);
    if (!r->program && !r->name)
        return cli_usage(r->cmd,
                         "missing kernel name (see 'tritonc list'), or --program NAME (see 'tritonc list --programs')");
    if (r->program && cli_from())
        return cli_usage(r->cmd, "--from %s gives kernels; program '%s' calls a bundled one", cli_from(), r->program);
    if (r->program && (r->launch.noperands || r->launch.zero_outputs))
        return cli_usage(r->cmd, "%s shapes a kernel's call; program '%s' makes its own",
                         r->launch.noperands ? "--operand" : "--zero-outputs", r->program);
    return CLI_OK;
}

/* Builds the program r asks for into b; the kernel k and config cfg are its. */
static int build_and_finish(request *r, const hlo_program *prog, const tl_kernel *k, void *cfg)
{
    const char *what = prog ? prog->name : k->name;
    char why[512];
    if (!prog && !hlo_operands_check(k, cfg, &r->launch, why, sizeof why))
        return cli_usage(r->cmd, "bad --operand: %s", why);
    if (r->xla_map)
        return hlo_print_xla_map(stdout, k, cfg, why, sizeof why)
            ? CLI_OK
            : cli_fail(NULL, "%s %s --xla-map failed: %s", r->cmd, what, cli_message(why));
    th_builder *b = th_builder_create(what);
    if (prog)
        prog->build(b, cfg, &r->launch);
    else
        hlo_program_generic(b, k, cfg, &r->launch);
    char *text = th_print(b, (th_print_opts){.generic = r->generic});
    int rc;
    if (!text)
        rc = cli_fail(NULL, "%s %s failed: %s", r->cmd, what,
                      th_builder_error(b) ? cli_message(th_builder_error(b)) : "out of memory");
    else
        rc = r->run ? run_program(b, r->plugin, r->iters) : cli_write_output(r->out_path, text);
    free(text);
    th_builder_destroy(b);
    return rc;
}

static int program_command(int argc, char **argv, bool run)
{
    request r = {.cmd = run ? "run" : "hlo", .run = run, .iters = 20};
    r.sets = malloc(sizeof *r.sets * (size_t)argc);
    if (!r.sets)
        return cli_fail(NULL, "out of memory");
    int rc = parse(&r, argc, argv);
    if (rc != CLI_OK) {
        free(r.sets);
        return rc < 0 ? CLI_OK : rc;
    }
    const hlo_program *prog = r.program ? hlo_program_find(r.program) : NULL;
    const tl_kernel *k = prog ? prog->kernel : r.name ? cli_kernel(r.name, &rc) : NULL;
    if (r.program && !prog)
        rc = cli_usage(NULL, "unknown program '%s' (see 'tritonc list --programs')", r.program);
    void *cfg = k ? cli_config(NULL, k, r.nsets, r.sets, &rc) : NULL;
    if (cfg)
        rc = build_and_finish(&r, prog, k, cfg);
    free(cfg);
    free(r.sets);
    return rc;
}

int tritonc_cmd_hlo(int argc, char **argv) { return program_command(argc, argv, false); }

int tritonc_cmd_run(int argc, char **argv) { return program_command(argc, argv, true); }
