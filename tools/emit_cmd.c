/* `tritonc emit NAME`: the TTIR of a bundled kernel. */
#include <stdio.h>
#include <stdlib.h>

#include "cli.h"
#include "commands.h"

static const char help_text[] =
    "Usage: tritonc emit NAME [options]\n"
    "\n"
    "Print the TTIR of bundled kernel NAME (`tritonc list`), or of kernel NAME of --from FILE, in\n"
    "Triton's pretty form with source locations, loc(\"kernels/models/NAME.c\":LINE:0).\n"
    "\n" CLI_FROM_HELP "  --set KEY=VALUE        set config field KEY (repeatable): an integer from 0 to 16777216\n"
    "                         (base 10), a dtype (float16), true / false, or as the field's\n"
    "                         kind: any integer (-3), a float (1e-05), a word (relu)\n"
    "  --specialize KEY       as Triton's JIT: one letter per argument, 1 (the constexpr 1, left\n"
    "                         out), D (tt.divisibility = 16), N (neither); see docs/compile.md\n"
    "  --generic              print every op in MLIR's generic form\n"
    "  --no-loc               leave out the source locations\n"
    "  --scalars-as-buffers   each scalar argument a !tt.ptr it loads at entry (XLA's form)\n"
    "  --xla-order            XLA's argument order: .inputs, .inouts, .outputs, the inouts again\n"
    "                         (with --scalars-as-buffers: the TTIR `hlo NAME` embeds; docs/xla.md)\n"
    "  -o, --output FILE      write to FILE instead of standard output (- is stdout)\n"
    "  -h, --help             this help\n";

int tritonc_cmd_emit(int argc, char **argv)
{
    enum { SET = CLI_KEY, SPECIALIZE, GENERIC, NO_LOC, SCALARS_AS_BUFFERS, XLA_ORDER };
    static const cli_option opts[] = {
        {"set", SET, "KEY=VALUE"},
        {"specialize", SPECIALIZE, "a key (one of 1, D, N per argument)"},
        {"generic", GENERIC, NULL},
        {"no-loc", NO_LOC, NULL},
        {"scalars-as-buffers", SCALARS_AS_BUFFERS, NULL},
        {"xla-order", XLA_ORDER, NULL},
        {"output", 'o', "a file name"},
        CLI_FROM_OPTION,
        CLI_HELP_OPTION,
    };
    cli_parser p = CLI_PARSER("emit", argc, argv, opts);
    const char *out_path = NULL, *arg;
    tl_emit_opts eo = {.no_locations = false};
    /* --set may come before the kernel's name: kept until the kernel is known */
    const char **sets = malloc(sizeof *sets * (size_t)argc);
    int nsets = 0, rc = CLI_USAGE;
    if (!sets)
        return cli_fail(NULL, "out of memory");
    for (int key; (key = cli_next(&p, &arg)) != -1;) {
        switch (key) {
        case SET: sets[nsets++] = arg; break;
        case SPECIALIZE: eo.specialize = arg; break;
        case GENERIC: eo.generic = true; break;
        case NO_LOC: eo.no_locations = true; break;
        case SCALARS_AS_BUFFERS: eo.scalars_as_buffers = true; break;
        case XLA_ORDER: eo.xla_order = true; break;
        case 'o': out_path = arg; break;
        case CLI_FROM_KEY: cli_set_from(arg); break;
        case 'h': rc = cli_help(help_text); goto done;
        default: goto done;
        }
    }
    if (p.operands == argc) {
        cli_usage("emit", "missing kernel name (see 'tritonc list')");
        goto done;
    }
    if (argc - p.operands > 1) {
        cli_usage("emit", "one kernel at a time ('%s', then '%s')", argv[p.operands], argv[p.operands + 1]);
        goto done;
    }
    const char *name = argv[p.operands];
    const tl_kernel *k = cli_kernel(name, &rc);
    void *cfg = k ? cli_config(NULL, k, nsets, sets, &rc) : NULL;
    if (cfg) {
        char *err = NULL;
        char *text = tl_kernel_emit(k, cfg, eo, &err);
        rc = text ? cli_write_output(out_path, text) : cli_fail(NULL, "emit %s failed: %s", name, cli_message(err));
        free(text);
        free(err);
        free(cfg);
    }
done:
    free(sets);
    return rc;
}
