/* tritonc - the command line (docs/cli.md): one table of commands, each with its handler and
 * its line of `tritonc --help`; each command parses its own options (tools/cli.h) and has its
 * own --help, also reached as `tritonc help CMD`. */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "commands.h"

static int cmd_help(int argc, char **argv);

static const struct command {
    const char *name;
    cli_handler run;
    const char *help; /* its line in `tritonc --help` */
} commands[] = {
    {"list", tritonc_cmd_list, "the bundled kernels (inputs, outputs, config) or --programs"},
    {"emit", tritonc_cmd_emit, "print the TTIR of bundled kernel NAME"},
    {"hlo", tritonc_cmd_hlo, "print a StableHLO program calling kernel NAME through XLA"},
    {"run", tritonc_cmd_run, "run hlo's program through XLA's PJRT plugin, timed"},
    {"compile", tritonc_cmd_compile, "compile kernel NAME with Triton into the cache"},
    {"embed", tritonc_cmd_embed, "write a C source holding compiled variants"},
    {"launch", tritonc_cmd_launch, "launch kernel NAME on made-up inputs on the GPU, timed"},
    {"interpret", tritonc_cmd_interpret, "run kernel NAME on made-up inputs in the CPU interpreter"},
    {"autotune", tritonc_cmd_autotune, "time configs of kernel NAME on the GPU, write their table"},
    {"help", cmd_help, "show a command's options: tritonc help CMD"},
};
enum { NCOMMANDS = sizeof commands / sizeof commands[0] };

static const char exit_status_text[] =
    "Exit status, every command: 0 done; 1 the work failed (a kernel that does not build, a\n"
    "compile, launch or run that fails, output that cannot be written); 2 a bad command line\n"
    "(unknown command, option, kernel or program; a missing or out-of-range value). Errors are\n"
    "one line on standard error, starting with \"tritonc: \".\n";

static void print_usage(FILE *f)
{
    fprintf(f,
            "Usage: tritonc COMMAND [OPTIONS] [NAME]\n"
            "       tritonc help COMMAND | tritonc COMMAND --help\n"
            "       tritonc --help | --version\n"
            "\n"
            "Triton GPU kernels written in C: their Triton IR (TTIR), StableHLO programs calling\n"
            "them through XLA, their Triton compile and their launch.\n"
            "\n"
            "Commands:\n");
    for (int i = 0; i < NCOMMANDS; i++)
        fprintf(f, "  %-9s %s\n", commands[i].name, commands[i].help);
    fprintf(f, "\n%s", exit_status_text);
}

static const struct command *find_command(const char *name)
{
    for (int i = 0; i < NCOMMANDS; i++)
        if (strcmp(commands[i].name, name) == 0)
            return &commands[i];
    return NULL;
}

static int unknown_command(const char *name)
{
    return cli_usage(NULL, "unknown command '%s' (see 'tritonc --help')", name);
}

/* `tritonc help [CMD]`: the command's own --help. */
static int cmd_help(int argc, char **argv)
{
    if (argc == 1) {
        print_usage(stdout);
        return CLI_OK;
    }
    if (argc > 2)
        return cli_usage("help", "one command at a time ('%s', then '%s')", argv[1], argv[2]);
    const struct command *c = find_command(argv[1]);
    if (!c)
        return unknown_command(argv[1]);
    if (c->run == cmd_help)
        return cmd_help(1, argv);
    char *args[] = {argv[1], "--help", NULL};
    return c->run(2, args);
}

int main(int argc, char **argv)
{
    if (argc < 2) { /* a short reminder; the whole text is --help's */
        fprintf(stderr, "Usage: tritonc COMMAND [OPTIONS] [NAME]\nCommands:");
        for (int i = 0; i < NCOMMANDS; i++)
            fprintf(stderr, " %s", commands[i].name);
        fprintf(stderr, "\nSee 'tritonc --help', and 'tritonc help COMMAND' for a command's options.\n");
        return CLI_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0) {
        print_usage(stdout);
        return CLI_OK;
    }
    if (strcmp(cmd, "--version") == 0) {
        printf("tritonc %s\n", TRITONC_VERSION);
        return CLI_OK;
    }
    const struct command *c = find_command(cmd);
    int rc = c ? c->run(argc - 1, argv + 1) : unknown_command(cmd);
    cli_end();
    return rc;
}
