/* `tritonc list`: the bundled kernels, or the hand-written StableHLO programs (--programs). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "hlo_programs.h"

static const char help_text[] =
    "Usage: tritonc list [--names] [--programs] [--from FILE]\n"
    "\n"
    "The bundled kernels (or those of --from FILE): each one's doc line, inputs, inouts, outputs,\n"
    "config fields with their defaults, its C file and the Python it ports.\n"
    "\n" CLI_FROM_HELP "  --names      the names only, one a line\n"
    "  --programs   the hand-written StableHLO programs instead (`tritonc hlo --program NAME`):\n"
    "               each one's doc line and the kernel it calls\n"
    "  -h, --help   this help\n";

static void print_names(const char *label, tl_names names)
{
    printf("  %-9s", label);
    if (names.n == 0)
        printf("(none)");
    for (int i = 0; i < names.n; i++)
        printf("%s%s", i ? ", " : "", names.names[i]);
    printf("\n");
}

/* "BLOCK=1024" for one config field, read from the kernel's default config. */
static void print_field_default(const tl_kernel *k, const tl_cfg_field *f)
{
    const unsigned char *cfg = k->cfg_default;
    printf("%s", f->name);
    if (cfg == NULL)
        return;
    char v[128];
    printf("=%s", tl_cfg_value_text(f, cfg, v, sizeof v));
}

static void print_kernel(const tl_kernel *k, bool first)
{
    printf("%s%s\n", first ? "" : "\n", k->name);
    printf("  %s\n", k->doc ? k->doc : "(no description)");
    print_names("inputs:", k->inputs);
    if (k->inouts.n) /* only where there are some: the other kernels' lines stay as they were */
        print_names("inouts:", k->inouts);
    print_names("outputs:", k->outputs);
    printf("  %-9s", "config:");
    if (k->nfields == 0)
        printf("(none)");
    for (int j = 0; j < k->nfields; j++) {
        printf("%s", j ? " " : "");
        print_field_default(k, &k->fields[j]);
    }
    printf("\n");
    printf("  %-9s%s\n", "source:", k->source ? k->source : "?");
    printf("  %-9s%s\n", "python:", k->python ? k->python : "(none)");
    if (k->problem) /* only where there is one, as inouts */
        printf("  %-9s%s\n", "problem:", k->problem);
}

int tritonc_cmd_list(int argc, char **argv)
{
    enum { NAMES = CLI_KEY, PROGRAMS };
    static const cli_option opts[] = {
        {"names", NAMES, NULL}, {"programs", PROGRAMS, NULL}, CLI_FROM_OPTION, CLI_HELP_OPTION};
    cli_parser p = CLI_PARSER("list", argc, argv, opts);
    bool names_only = false, programs = false;
    const char *arg;
    for (int key; (key = cli_next(&p, &arg)) != -1;) {
        switch (key) {
        case NAMES: names_only = true; break;
        case PROGRAMS: programs = true; break;
        case CLI_FROM_KEY: cli_set_from(arg); break;
        case 'h': return cli_help(help_text);
        default: return CLI_USAGE;
        }
    }
    if (p.operands < argc)
        return cli_usage("list", "takes no name ('%s'; see 'tritonc help list')", argv[p.operands]);
    if (programs && cli_from())
        return cli_usage("list", "--programs are bundled; --from %s gives kernels", cli_from());
    int n = 0, rc = CLI_OK;
    const tl_kernel *const *kernels = programs ? NULL : cli_kernels(&n, &rc);
    if (programs)
        n = hlo_program_count();
    if (rc != CLI_OK)
        return rc;
    for (int i = 0; i < n; i++) {
        if (programs) {
            const hlo_program *prog = hlo_program_at(i);
            if (names_only)
                printf("%s\n", prog->name);
            else
                printf("%s%s\n  %s\n  %-9s%s\n", i ? "\n" : "", prog->name, prog->doc, "kernel:", prog->kernel->name);
            continue;
        }
        const tl_kernel *k = kernels[i];
        if (k && names_only)
            printf("%s\n", k->name);
        else if (k)
            print_kernel(k, i == 0);
    }
    return CLI_OK;
}
