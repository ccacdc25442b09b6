/* tritonc - the command line: list the bundled kernels and emit their TTIR.
 *
 *   tritonc list [--names]
 *   tritonc emit NAME [--set KEY=VALUE ...] [--specialize KEY] [--generic] [--no-loc] [-o FILE]
 *   tritonc hlo NAME [--set KEY=VALUE ...] [--generic] [--no-loc] [--grid X,Y,Z]
 *               [--num-warps N] [--num-stages N] [-o FILE]
 *   tritonc compile NAME [...] [-o DIR] | tritonc embed -o FILE.c ... (tools/compile_cmd.c)
 *   tritonc launch NAME [--set K=V]... [--size N...] [--iters N] (tools/launch_cmd.c)
 *   tritonc --help | --version
 *
 * Exit status: 0 success; 1 the kernel failed to build or the output could not be written;
 * 2 a bad command line (unknown command, option or kernel, bad --set). Every error is one
 * line on standard error, starting with "tritonc: ".
 */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"
#include "compile_cmd.h"
#include "launch_cmd.h"
#include "interpret_cmd.h"
#include "hlo_programs.h"
#include "run_program.h"
#include "tritonc/tritonc.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2 };

static const char usage_text[] =
    "Usage: tritonc <command> [options]\n"
    "\n"
    "Triton GPU kernels written in C: prints the Triton IR (TTIR) of the bundled kernels.\n"
    "\n"
    "Commands:\n"
    "  list [--names]         the bundled kernels: inputs, outputs, doc, the Python they port,\n"
    "                         config fields with their defaults (--names: names only)\n"
    "  emit NAME [options]    print the TTIR of kernel NAME\n"
    "    --set KEY=VALUE      set config field KEY (repeatable): 256, float16, true...\n"
    "    --generic            print every op in MLIR's generic form\n"
    "    --no-loc             leave out the source locations, loc(\"file.c\":line:0)\n"
    "    --specialize KEY     as Triton's JIT: one letter per argument, 1 (the constexpr 1, left\n"
    "                         out), D (tt.divisibility = 16), N (neither); see docs/compile.md\n"
    "    -o FILE              write to FILE instead of standard output (- is stdout)\n"
    "    --scalars-as-buffers each scalar argument a !tt.ptr it loads at entry (XLA's form)\n"
    "    --xla-order          XLA's argument order: .inputs, .inouts, .outputs, the inouts again\n"
    "                         (both: the TTIR `hlo NAME` embeds; see docs/xla.md)\n"
    "  hlo NAME [options]     print a StableHLO program calling a kernel through XLA's Triton\n"
    "                         custom call: forward (the guide's), vector_add_xla, or any\n"
    "                         bundled kernel; takes emit's options and:\n"
    "    --grid X[,Y[,Z]]     the launch grid (default: the program's)\n"
    "    --num-warps N        Triton's num_warps (default: the program's, else 4)\n"
    "    --num-stages N       Triton's num_stages (default: the program's, else 3)\n"
    "    --operand NAME=TYPE  a buffer operand's tensor, e.g. x_ptr=f32[1024,64] (default:\n"
    "                         1024 elements); scalars are 0-d parameters (docs/xla.md)\n"
    "    --zero-outputs       XLA zero-fills every output first (not the inouts)\n"
    "    --as-kernel          the bundled kernel NAME even where a program is named so\n"
    "                         (hlo softmax --as-kernel: the kernel softmax, not softmax_xla)\n"
    "    --xla-map            print, per argument in XLA's order, its role (input, inout,\n"
    "                         output), name, index, kind, dtype (\"input n 3 scalar int32\")\n"
    "  run NAME [options]     compile the program `hlo NAME` prints through XLA's PJRT plugin\n"
    "                         and run it on made-up inputs: results and times; takes hlo's\n"
    "                         options (not -o, --generic) and:\n"
    "    --plugin PATH        the PJRT plugin (default: $TRITONC_PJRT_PLUGIN, else jax's CUDA\n"
    "                         plugin where Python installs it)\n"
    "    --iters N            timed runs after the first (default 20)\n"
    "  compile NAME [options] compile kernel NAME with Triton (python3 + triton, or\n"
    "                         $TRITONC_COMPILER) into the cache; takes emit's --set and:\n"
    "    --specialize KEY     one letter per argument: 1 (equal to 1), D (divisible by 16), N\n"
    "    --num-warps N, --num-stages N, --num-ctas N, --arch N (90), --debug\n"
    "    --cache-dir DIR      the cache (default $TRITONC_CACHE_DIR, else under $XDG_CACHE_HOME)\n"
    "    --no-cache, --compiler PROG, --timeout S (default 300)\n"
    "    -o DIR               also write NAME.cubin, NAME.ptx, NAME.meta and NAME.ttir there\n"
    "  embed -o FILE.c [--name ARRAY] DIR/NAME... | --compile NAME [compile's options]\n"
    "                         write a C source holding compiled variants (tritonc/compile.h)\n"
    "  launch NAME [options]  launch kernel NAME on made-up inputs on the GPU through the CUDA\n"
    "                         driver (tritonc/cuda.h; compiled on a cache miss) and time it\n"
    "    --set KEY=VALUE      as emit's; --num-warps N, --num-stages N\n"
    "    --size N [N...]      the sizes: vector_add N, softmax ROWS COLS, matmul M [N [K]]...\n"
    "    --iters N            launches timed back to back after the first (default 100)\n"
    "  --help, -h             show this help\n"
    "  --version              print the version\n"
    "\n"
    "Exit status: 0 success, 1 the kernel failed to build or the output could not be\n"
    "written, 2 a bad command line (unknown command, option or kernel, bad --set).\n";

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
    switch (f->kind) {
    case TL_CFG_INT: {
        int v;
        memcpy(&v, cfg + f->offset, sizeof v);
        printf("=%d", v);
        break;
    }
    case TL_CFG_DTYPE: {
        tl_dtype v;
        memcpy(&v, cfg + f->offset, sizeof v);
        printf("=%s", tl_dtype_name(v));
        break;
    }
    case TL_CFG_BOOL: {
        bool v;
        memcpy(&v, cfg + f->offset, sizeof v);
        printf("=%s", v ? "true" : "false");
        break;
    }
    default:
        break;
    }
}

static int cmd_list(int argc, char **argv)
{
    bool names_only = false;
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "--names") == 0) {
            names_only = true;
        } else {
            fprintf(stderr, "tritonc: list: unknown option '%s' (see 'tritonc --help')\n", argv[i]);
            return EXIT_USAGE;
        }
    }
    int n = tritonc_bundled_count();
    for (int i = 0; i < n; i++) {
        const tl_kernel *k = tritonc_bundled_at(i);
        if (k == NULL)
            continue;
        if (names_only) {
            printf("%s\n", k->name);
            continue;
        }
        printf("%s%s\n", i ? "\n" : "", k->name);
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
    }
    return EXIT_OK;
}

/* Applies "KEY=VALUE" to cfg. Returns false after printing the error. */
static bool apply_set(const tl_kernel *k, void *cfg, const char *assignment)
{
    const char *eq = strchr(assignment, '=');
    if (eq == NULL || eq == assignment) {
        fprintf(stderr, "tritonc: bad --set '%s': expected KEY=VALUE\n", assignment);
        return false;
    }
    size_t keylen = (size_t)(eq - assignment);
    char *key = malloc(keylen + 1);
    if (key == NULL) {
        fprintf(stderr, "tritonc: out of memory\n");
        return false;
    }
    memcpy(key, assignment, keylen);
    key[keylen] = '\0';
    char err[256] = "";
    bool ok = tl_kernel_set(k, cfg, key, eq + 1, err, sizeof err);
    if (!ok)
        fprintf(stderr, "tritonc: bad --set '%s': %s\n", assignment, err[0] ? err : "rejected");
    free(key);
    return ok;
}

/* Writes text (adding a final newline if it lacks one) to path, or stdout for NULL / "-". */
static int write_output(const char *path, const char *text)
{
    bool to_stdout = path == NULL || strcmp(path, "-") == 0;
    FILE *f = to_stdout ? stdout : fopen(path, "wb");
    if (f == NULL) {
        fprintf(stderr, "tritonc: cannot write '%s': %s\n", path, strerror(errno));
        return EXIT_FAIL;
    }
    size_t len = strlen(text);
    errno = 0;
    bool written = fwrite(text, 1, len, f) == len;
    if (written && (len == 0 || text[len - 1] != '\n'))
        written = fputc('\n', f) != EOF;
    int write_errno = errno;
    bool closed = to_stdout ? fflush(f) == 0 : fclose(f) == 0;
    int close_errno = errno;
    if (!written || !closed) {
        int e = !written ? write_errno : close_errno;
        fprintf(stderr, "tritonc: cannot write '%s': %s\n", to_stdout ? "<stdout>" : path,
                e ? strerror(e) : "I/O error");
        if (!to_stdout)
            remove(path);
        return EXIT_FAIL;
    }
    return EXIT_OK;
}

static int cmd_emit(int argc, char **argv)
{
    const char *name = NULL;
    const char *out_path = NULL;
    tl_emit_opts opts = {.generic = false, .no_locations = false};
    /* --set may come before the kernel name: keep them until the kernel is known. */
    const char **sets = malloc(sizeof *sets * (size_t)(argc > 0 ? argc : 1));
    int nsets = 0;
    int rc = EXIT_USAGE;
    if (sets == NULL) {
        fprintf(stderr, "tritonc: out of memory\n");
        return EXIT_FAIL;
    }

    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--generic") == 0) {
            opts.generic = true;
        } else if (strcmp(a, "--scalars-as-buffers") == 0) {
            opts.scalars_as_buffers = true;
        } else if (strcmp(a, "--xla-order") == 0) {
            opts.xla_order = true;
        } else if (strcmp(a, "--no-loc") == 0) {
            opts.no_locations = true;
        } else if (strcmp(a, "--set") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "tritonc: emit: --set needs KEY=VALUE\n");
                goto done;
            }
            sets[nsets++] = argv[++i];
        } else if (strncmp(a, "--set=", 6) == 0) {
            sets[nsets++] = a + 6;
        } else if (strcmp(a, "--specialize") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "tritonc: emit: --specialize needs a key (one of 1, D, N per argument)\n");
                goto done;
            }
            opts.specialize = argv[++i];
        } else if (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0) {
            if (i + 1 == argc) {
                fprintf(stderr, "tritonc: emit: %s needs a file name\n", a);
                goto done;
            }
            out_path = argv[++i];
        } else if (strncmp(a, "--output=", 9) == 0) {
            out_path = a + 9;
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "tritonc: emit: unknown option '%s' (see 'tritonc --help')\n", a);
            goto done;
        } else if (name != NULL) {
            fprintf(stderr, "tritonc: emit: one kernel at a time ('%s', then '%s')\n", name, a);
            goto done;
        } else {
            name = a;
        }
    }
    if (name == NULL) {
        fprintf(stderr, "tritonc: emit: missing kernel name (see 'tritonc list')\n");
        goto done;
    }

    const tl_kernel *k = tritonc_bundled_find(name);
    if (k == NULL) {
        fprintf(stderr, "tritonc: unknown kernel '%s' (see 'tritonc list')\n", name);
        goto done;
    }

    /* The kernel's default config, edited by the --set flags. */
    void *cfg = NULL;
    if (nsets > 0 || k->cfg_default == NULL) {
        cfg = calloc(1, k->cfg_size ? k->cfg_size : 1);
        if (cfg == NULL) {
            fprintf(stderr, "tritonc: out of memory\n");
            rc = EXIT_FAIL;
            goto done;
        }
        if (k->cfg_default != NULL)
            memcpy(cfg, k->cfg_default, k->cfg_size);
    }
    for (int i = 0; i < nsets; i++) {
        if (!apply_set(k, cfg, sets[i])) {
            free(cfg);
            goto done;
        }
    }

    char *err = NULL;
    char *text = tl_kernel_emit(k, cfg, opts, &err);
    free(cfg);
    if (text == NULL) {
        fprintf(stderr, "tritonc: emit %s failed: %s\n", name, err ? err : "unknown error");
        free(err);
        rc = EXIT_FAIL;
        goto done;
    }
    rc = write_output(out_path, text);
    free(text);

done:
    free(sets);
    return rc;
}

/* "X[,Y[,Z]]" into grid; false on anything else. */
static bool parse_grid(const char *text, int grid[3])
{
    const char *p = text;
    for (int i = 0; i < 3; i++) {
        char *end;
        long v = strtol(p, &end, 10);
        if (end == p || v <= 0 || v > 2147483647L)
            return false;
        grid[i] = (int)v;
        if (*end == '\0')
            return true;
        if (*end != ',' || i == 2)
            return false;
        p = end + 1;
    }
    return false;
}

static bool parse_count(const char *text, int *v)
{
    char *end;
    long n = strtol(text, &end, 10);
    if (end == text || *end || n <= 0 || n > 1024)
        return false;
    *v = (int)n;
    return true;
}

/* `hlo` prints the program; `run` (run = true) runs it through a PJRT plugin. */
static int cmd_program(int argc, char **argv, bool run)
{
    const char *cmd = run ? "run" : "hlo";
    const char *name = NULL, *out_path = NULL, *plugin = NULL;
    int iters = 20;
    bool generic = false;
    hlo_launch launch = {.no_locations = false};
    bool xla_map = false;  /* --xla-map: print XLA's operands against the kernel's arguments */
    bool as_kernel = false; /* --as-kernel: the bundled kernel NAME, even where a program has that name */
    const char **sets = malloc(sizeof *sets * (size_t)(argc > 0 ? argc : 1));
    int nsets = 0, rc = EXIT_USAGE;
    void *cfg = NULL;
    th_builder *b = NULL;
    if (sets == NULL) {
        fprintf(stderr, "tritonc: out of memory\n");
        return EXIT_FAIL;
    }
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        bool has_value = i + 1 < argc;
        if (strcmp(a, "--generic") == 0) {
            generic = true;
        } else if (strcmp(a, "--no-loc") == 0) {
            launch.no_locations = true;
        } else if (strcmp(a, "--zero-outputs") == 0) {
            launch.zero_outputs = true;
        } else if (strcmp(a, "--as-kernel") == 0) {
            as_kernel = true;
        } else if (strcmp(a, "--xla-map") == 0) {
            xla_map = true;
        } else if (strcmp(a, "--set") == 0 || strcmp(a, "--grid") == 0 || strcmp(a, "--num-warps") == 0 ||
                   strcmp(a, "--num-stages") == 0 || strcmp(a, "--operand") == 0 || (!run && (strcmp(a, "-o") == 0 || strcmp(a, "--output") == 0)) ||
                   (run && (strcmp(a, "--plugin") == 0 || strcmp(a, "--iters") == 0))) {
            if (!has_value) {
                fprintf(stderr, "tritonc: %s: %s needs a value\n", cmd, a);
                goto done;
            }
            const char *v = argv[++i];
            bool ok = true;
            if (strcmp(a, "--set") == 0)
                sets[nsets++] = v;
            else if (strcmp(a, "--operand") == 0) {
                char why[200];
                if (launch.noperands == HLO_MAX_OPERANDS || !hlo_operand_parse(v, &launch.operands[launch.noperands], why, sizeof why)) {
                    fprintf(stderr, "tritonc: %s: bad --operand '%s': %s\n", cmd, v,
                            launch.noperands == HLO_MAX_OPERANDS ? "too many operands" : why);
                    goto done;
                }
                launch.noperands++;
            } else if (strcmp(a, "--plugin") == 0)
                plugin = v;
            else if (strcmp(a, "--iters") == 0)
                ok = parse_count(v, &iters);
            else if (strcmp(a, "--grid") == 0)
                ok = parse_grid(v, launch.grid);
            else if (strcmp(a, "--num-warps") == 0)
                ok = parse_count(v, &launch.num_warps);
            else if (strcmp(a, "--num-stages") == 0)
                ok = parse_count(v, &launch.num_stages);
            else
                out_path = v;
            if (!ok) {
                fprintf(stderr, "tritonc: %s: bad %s '%s': expected %s\n", cmd, a, v,
                        strcmp(a, "--grid") == 0 ? "X[,Y[,Z]], positive integers" : "a positive integer");
                goto done;
            }
        } else if (a[0] == '-' && a[1] != '\0') {
            fprintf(stderr, "tritonc: %s: unknown option '%s' (see 'tritonc --help')\n", cmd, a);
            goto done;
        } else if (name != NULL) {
            fprintf(stderr, "tritonc: %s: one program at a time ('%s', then '%s')\n", cmd, name, a);
            goto done;
        } else {
            name = a;
        }
    }
    if (name == NULL) {
        fprintf(stderr, "tritonc: %s: missing program or kernel name (see 'tritonc --help')\n", cmd);
        goto done;
    }
    const hlo_program *prog = as_kernel ? NULL : hlo_program_find(name);
    const tl_kernel *k = prog ? prog->kernel : tritonc_bundled_find(name);
    if (k == NULL) {
        fprintf(stderr, "tritonc: unknown program or kernel '%s' (see 'tritonc --help', 'tritonc list')\n", name);
        goto done;
    }
    cfg = calloc(1, k->cfg_size ? k->cfg_size : 1);
    if (cfg == NULL) {
        fprintf(stderr, "tritonc: out of memory\n");
        rc = EXIT_FAIL;
        goto done;
    }
    if (k->cfg_default != NULL)
        memcpy(cfg, k->cfg_default, k->cfg_size);
    for (int i = 0; i < nsets; i++)
        if (!apply_set(k, cfg, sets[i]))
            goto done;
    rc = EXIT_FAIL;
    if (xla_map) {
        char why[512];
        if (hlo_print_xla_map(stdout, k, cfg, why, sizeof why))
            rc = EXIT_OK;
        else
            fprintf(stderr, "tritonc: %s %s --xla-map failed: %s\n", cmd, name, why);
        goto done;
    }
    b = th_builder_create(name);
    if (prog)
        prog->build(b, cfg, &launch);
    else
        hlo_program_generic(b, k, cfg, &launch);
    char *text = th_print(b, (th_print_opts){.generic = generic});
    if (text == NULL) {
        fprintf(stderr, "tritonc: %s %s failed: %s\n", cmd, name,
                th_builder_error(b) ? th_builder_error(b) : "out of memory");
        goto done;
    }
    rc = run ? run_program(b, plugin, iters) : write_output(out_path, text);
    free(text);

done:
    th_builder_destroy(b);
    free(cfg);
    free(sets);
    return rc;
}

int main(int argc, char **argv)
{
    if (argc < 2) {
        fputs(usage_text, stderr);
        return EXIT_USAGE;
    }
    const char *cmd = argv[1];
    if (strcmp(cmd, "--help") == 0 || strcmp(cmd, "-h") == 0 || strcmp(cmd, "help") == 0) {
        fputs(usage_text, stdout);
        return EXIT_OK;
    }
    if (strcmp(cmd, "--version") == 0 || strcmp(cmd, "version") == 0) {
        printf("tritonc %s\n", TRITONC_VERSION);
        return EXIT_OK;
    }
    if (strcmp(cmd, "list") == 0)
        return cmd_list(argc - 2, argv + 2);
    if (strcmp(cmd, "emit") == 0)
        return cmd_emit(argc - 2, argv + 2);
    if (strcmp(cmd, "hlo") == 0)
        return cmd_program(argc - 2, argv + 2, false);
    if (strcmp(cmd, "run") == 0)
        return cmd_program(argc - 2, argv + 2, true);
    if (strcmp(cmd, "compile") == 0)
        return tritonc_cmd_compile(argc - 2, argv + 2);
    if (strcmp(cmd, "embed") == 0)
        return tritonc_cmd_embed(argc - 2, argv + 2);
    if (strcmp(cmd, "launch") == 0)
        return tritonc_cmd_launch(argc - 2, argv + 2);
    if (strcmp(cmd, "interpret") == 0)
        return tritonc_cmd_interpret(argc - 2, argv + 2);
    fprintf(stderr, "tritonc: unknown command '%s' (see 'tritonc --help')\n", cmd);
    return EXIT_USAGE;
}
