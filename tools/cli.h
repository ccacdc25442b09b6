/* What every `tritonc` command shares (tools/cli.c): the exit-status rule, option parsing over
 * getopt_long with tritonc's messages, base-10 numbers with their ranges, --set, writing the
 * output. Every error is one line on standard error, "tritonc: CMD: ...". */
#ifndef TRITONC_TOOLS_CLI_H
#define TRITONC_TOOLS_CLI_H

#include <stdbool.h>

#include "tritonc/tritonc.h"

/* The one exit-status rule of every command (tritonc --help, docs/cli.md). */
enum { CLI_OK = 0, CLI_FAIL = 1 /* the work failed */, CLI_USAGE = 2 /* a bad command line */ };

/* A command: argv[0] is its name, the rest what follows it on the command line. */
typedef int (*cli_handler)(int argc, char **argv);

/* One option of a command. key: the value getopt_long returns ('o' gives -o as well as the
 * long name; keys from CLI_KEY on have no short form). arg: what the option's value is, for
 * the "needs" message (NULL: the option takes none). */
typedef struct cli_option {
    const char *name;
    int key;
    const char *arg;
} cli_option;
enum { CLI_KEY = 256, CLI_MAX_OPTIONS = 32 };
/* Every command's -h / --help. */
#define CLI_HELP_OPTION                                                                                                \
    {                                                                                                                  \
        "help", 'h', NULL                                                                                              \
    }

/* A parse of argv by getopt_long over opts (n of them), options and operands in any order,
 * "--" ending the options. */
typedef struct cli_parser {
    const char *cmd;
    int argc;
    char **argv;
    const cli_option *opts;
    int nopts;
    bool started; /* set by the first cli_next, which starts getopt_long afresh */
    int operands; /* after the last option: the index of the first operand in argv */
} cli_parser;
#define CLI_PARSER(cmd, argc, argv, opts)                                                                              \
    {                                                                                                                  \
        (cmd), (argc), (argv), (opts), (int)(sizeof(opts) / sizeof((opts)[0])), false, 0                               \
    }
/* The next option's key, its value in *arg; -1 after the last option (the operands are then
 * argv[p->operands..argc-1], getopt_long having moved them after the options); CLI_USAGE as a
 * key, after printing the error, for an unknown option or a missing value. */
int cli_next(cli_parser *p, const char **arg);

/* After an option, the argument that follows it if that begins with a digit (taken, getopt_long
 * going on after it), else NULL: an option taking several numbers (launch --size 3 96). */
const char *cli_next_number(cli_parser *p);

/* Prints "tritonc: CMD: " (cmd NULL: "tritonc: ") and the message; returns CLI_USAGE (CLI_FAIL
 * for cli_fail). */
int cli_usage(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
int cli_fail(const char *cmd, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 2, 3)))
#endif
    ;
/* Prints a command's help on standard output; CLI_OK. */
int cli_help(const char *text);

/* The value of option opt as an integer from min to max (tl_parse_decimal), else false after
 * "bad OPT 'TEXT': expected an integer from MIN to MAX". */
bool cli_int(const char *cmd, const char *opt, const char *text, long long min, long long max, int *out);
/* --num-warps: a power of 2 from 1 to 32, as Triton takes it. */
bool cli_warps(const char *cmd, const char *text, int *out);

/* --from FILE (any command taking a kernel): the kernels of the user's FILE (tools/user_kernels.h)
 * instead of the bundled ones; the file given, else NULL. cli_set_cache_dir: where FILE's library
 * is cached (compile's --cache-dir; NULL: the default). cli_end frees what they loaded. */
void cli_set_from(const char *file);
void cli_set_cache_dir(const char *dir);
const char *cli_from(void);
void cli_end(void);
/* --from's key: above every command's own (which count up from CLI_KEY) */
enum { CLI_FROM_KEY = CLI_KEY + 200 };
#define CLI_FROM_OPTION                                                                                                \
    {                                                                                                                  \
        "from", CLI_FROM_KEY, "FILE"                                                                                   \
    }
#define CLI_FROM_HELP                                                                                                  \
    "  --from FILE            the kernels of FILE, a C or C++ source holding TL_KERNELs or a\n"                        \
    "                         library built from them (.so), instead of the bundled ones\n"

/* The kernels: --from's, else the bundled ones, in their order (*n of them); NULL with *rc the
 * exit status after the error (--from's file missing, not compiling, not loading). */
const tl_kernel *const *cli_kernels(int *n, int *rc);
/* The kernel name (of --from's FILE, else bundled), else NULL after "unknown kernel 'NAME' (did
 * you mean ...)" or --from's error, *rc the exit status. */
const tl_kernel *cli_kernel(const char *name, int *rc);
/* Of the n names, the one closest to name by edit distance, if close enough to be a typo
 * (tools/suggest.c); else NULL. */
const char *cli_nearest(const char *name, int n, const char *const *names);
/* Int field `name` of k's config cfg, read through k's field table; 1 when k has no int field
 * of that name. Each caller takes it for a size or a divisor (a grid is cdiv(n, BLOCK_SIZE)),
 * which 1 keeps valid where 0 would divide by zero or make an empty tensor; the CLI's tests
 * (launch, hlo goldens) keep the names it asks for and the kernels' fields in step. */
int cli_cfg_int(const tl_kernel *k, const void *cfg, const char *name);
/* Applies "KEY=VALUE" to k's config cfg; false after "bad --set '...': why". */
bool cli_set(const char *cmd, const tl_kernel *k, void *cfg, const char *assignment);
/* A malloc'd copy of k's default config (zeroed where it has none), each "KEY=VALUE" of sets
 * applied; NULL after printing the error, with *rc the exit status. */
void *cli_config(const char *cmd, const tl_kernel *k, int nsets, const char *const *sets, int *rc);

/* A library message for the user: without a leading "tools/FILE.c:LINE: FUNC: ", the site of
 * the CLI's own call, which names tritonc's source, not anything the user wrote. */
const char *cli_message(const char *err);

/* Writes text (adding a final newline if it lacks one) to path, or stdout for NULL / "-". */
int cli_write_output(const char *path, const char *text);

#endif
