/* `tritonc interpret NAME [--set K=V]... [--arg NAME=V]... [--size N] [--grid X[,Y[,Z]]]`:
 * a bundled kernel run by the CPU interpreter on made-up inputs.
 *
 * Every pointer argument gets a buffer of --size elements (default 4096) of its pointee,
 * filled with small deterministic values; every integer scalar gets --size too, and every
 * float scalar 1.0, unless --arg NAME=V sets it. The grid defaults to 1. A load or store
 * outside its buffer is reported with its C line, program and lane. On success the size and a
 * checksum of each buffer are printed (docs/cli.md). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "tritonc/interp.h"

enum { MAX_ARGS = 64 };

static const char help_text[] =
    "Usage: tritonc interpret NAME [options]\n"
    "\n"
    "Run bundled kernel NAME on made-up inputs in the CPU interpreter (docs/interpreter.md),\n"
    "every load and store bounds checked: an access outside its buffer is an error naming the C\n"
    "line, the program and the lane. Prints each buffer's size and checksum.\n"
    "\n"
    "  --set KEY=VALUE        set config field KEY (repeatable), as emit's --set\n"
    "  --arg NAME=VALUE       the value of scalar argument NAME (repeatable; default: --size for\n"
    "                         an integer, 1.0 for a float)\n"
    "  --size N               elements of every buffer, from 1 to 67108864 (default 4096)\n"
    "  --grid X[,Y[,Z]]       programs per axis, each from 1 to 1048576 (default 1)\n"
    "  -h, --help             this help\n";

/* The checksum printed for each buffer: FNV-1a's loop over its bytes, from 1469598103934665603,
 * which is FNV's 64-bit offset basis (14695981039346656037, src/base/hash.h) short of its last
 * digit, a slip kept as it is: the printed values are what people and tests/gpu/interp_check.c
 * (which prints the same) compare across builds. A copy of its own therefore, and also because
 * tools/ sees the public headers only, where a hash function has no place. */
static uint64_t checksum(const unsigned char *p, size_t n)
{
    uint64_t h = UINT64_C(1469598103934665603);
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * UINT64_C(0x100000001b3);
    return h;
}

/* X[,Y[,Z]], each from 1 to 2^20, base 10. */
static bool parse_grid(const char *v, unsigned *g)
{
    for (int i = 0; i < 3; i++) {
        const char *comma = strchr(v, ',');
        char part[32];
        size_t len = comma ? (size_t)(comma - v) : strlen(v);
        long long x;
        if (len == 0 || len >= sizeof part)
            return false;
        memcpy(part, v, len);
        part[len] = '\0';
        if (!tl_parse_decimal(part, 1, 1LL << 20, &x))
            return false;
        g[i] = (unsigned)x;
        if (!comma)
            return true;
        v = comma + 1;
    }
    return false;
}

/* Fills n elements of dt: integers 0..6 by index, floats (i % 13) / 4 - 1.5, as the dtype's bits. */
static void fill(unsigned char *buf, size_t n, tl_dtype dt, tcir_context *ctx)
{
    size_t eb = tl_dtype_bits(dt) < 8 ? 1 : tl_dtype_bits(dt) / 8;
    for (size_t i = 0; i < n; i++) {
        uint64_t v = (uint64_t)(i % 7);
        if (tl_dtype_is_float(dt))
            v = tc_interp_float_bits((double)(i % 13) / 4 - 1.5, tcir_type_float_kind(tl_dtype_ir(ctx, dt)), false);
        for (size_t k = 0; k < eb; k++)
            buf[i * eb + k] = (unsigned char)(v >> (8 * k)); /* little-endian hosts */
    }
}

/* Runs kernel k (config cfg) on made-up inputs; the exit status. */
static int interpret(const tl_kernel *k, const char *name, const void *cfg, const char *const *args, int nargs_set,
                     long size, const unsigned *grid)
{
    char *e = NULL;
    tl_builder *b = tl_kernel_build(k, cfg, (tl_emit_opts){0}, NULL, &e);
    if (!b) {
        fprintf(stderr, "tritonc: interpret %s: %s\n", name, e ? cli_message(e) : "build failed");
        free(e);
        return CLI_FAIL;
    }
    int status = CLI_OK, n = tl_builder_nargs(b);
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    unsigned char *bufs[MAX_ARGS] = {0};
    size_t extents[MAX_ARGS] = {0};
    bool used[MAX_ARGS] = {false}; /* which --arg named an argument */
    if (nargs_set > MAX_ARGS) {
        tc_interp_destroy(ip);
        tl_builder_destroy(b);
        return cli_usage("interpret", "at most %d --arg", MAX_ARGS);
    }
    if (n > MAX_ARGS || tc_interp_nargs(ip) != n) {
        fprintf(stderr, "tritonc: interpret %s: %s\n", name,
                tc_interp_failed(ip) ? tc_interp_error(ip) : "specialized or too many arguments");
        status = CLI_FAIL;
        n = 0;
    }
    for (int i = 0; i < n && status == CLI_OK; i++) {
        const tl_argspec *s = tl_builder_argspec(b, i);
        if (s->kind == TL_ARG_PTR) {
            size_t eb = tl_dtype_bits(s->dtype) < 8 ? 1 : tl_dtype_bits(s->dtype) / 8;
            extents[i] = (size_t)size * eb;
            bufs[i] = malloc(extents[i]);
            if (!bufs[i]) {
                status = CLI_FAIL;
                break;
            }
            fill(bufs[i], (size_t)size, s->dtype, tl_builder_context(b));
            tc_interp_bind_ptr(ip, i, bufs[i], extents[i]);
            continue;
        }
        const char *v = NULL;
        size_t len = strlen(s->name);
        for (int j = 0; j < nargs_set; j++)
            if (!strncmp(args[j], s->name, len) && args[j][len] == '=') {
                v = args[j] + len + 1;
                used[j] = true;
            }
        if (tl_dtype_is_float(s->dtype)) {
            char *end = NULL;
            double x = v ? strtod(v, &end) : 1.0;
            if (v && (!*v || *end || v[0] == ' ')) {
                status = cli_usage("interpret", "bad --arg %s=%s: expected a number", s->name, v);
                break;
            }
            tc_interp_bind_float(ip, i, x);
        } else {
            long long x = size;
            if (v && !tl_parse_decimal(v, INT64_MIN, INT64_MAX, &x)) {
                status = cli_usage("interpret", "bad --arg %s=%s: expected a base-10 integer", s->name, v);
                break;
            }
            tc_interp_bind_int(ip, i, x);
        }
    }
    for (int j = 0; j < nargs_set && status == CLI_OK; j++)
        if (!used[j])
            status = cli_usage("interpret", "--arg %s: %s has no scalar argument of that name", args[j], name);
    if (status == CLI_OK) {
        tc_interp_set_grid(ip, grid[0], grid[1], grid[2]);
        if (!tc_interp_run(ip)) {
            fprintf(stderr, "tritonc: interpret %s: %s\n", name, tc_interp_error(ip));
            status = CLI_FAIL;
        }
    }
    for (int i = 0; i < n && status == CLI_OK; i++) {
        if (!bufs[i])
            continue;
        printf("%s: %zu bytes, fnv1a %016llx\n", tl_builder_argspec(b, i)->name, extents[i],
               (unsigned long long)checksum(bufs[i], extents[i]));
    }
    for (int i = 0; i < MAX_ARGS; i++)
        free(bufs[i]);
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
    return status;
}

int tritonc_cmd_interpret(int argc, char **argv)
{
    enum { SET = CLI_KEY, ARG, SIZE, GRID };
    static const cli_option opts[] = {
        {"set", SET, "KEY=VALUE"}, {"arg", ARG, "NAME=VALUE"}, {"size", SIZE, "a number of elements"},
        {"grid", GRID, "X[,Y[,Z]]"}, CLI_HELP_OPTION,
    };
    cli_parser p = CLI_PARSER("interpret", argc, argv, opts);
    const char *arg;
    const char **sets = malloc(sizeof *sets * (size_t)argc), **args = malloc(sizeof *args * (size_t)argc);
    int nsets = 0, nargs_set = 0, size = 4096, rc = CLI_USAGE;
    unsigned grid[3] = {1, 1, 1};
    void *cfg = NULL;
    if (!sets || !args) {
        free(sets);
        free(args);
        return cli_fail(NULL, "out of memory");
    }
    for (int key; (key = cli_next(&p, &arg)) != -1;) {
        switch (key) {
        case SET: sets[nsets++] = arg; break;
        case ARG:
            if (!strchr(arg, '=')) {
                cli_usage("interpret", "bad --arg '%s': expected NAME=VALUE", arg);
                goto done;
            }
            args[nargs_set++] = arg;
            break;
        case SIZE:
            if (!cli_int("interpret", "--size", arg, 1, 1 << 26, &size))
                goto done;
            break;
        case GRID:
            if (!parse_grid(arg, grid)) {
                cli_usage("interpret", "bad --grid '%s': expected X[,Y[,Z]], each from 1 to 1048576", arg);
                goto done;
            }
            break;
        case 'h': rc = cli_help(help_text); goto done;
        default: goto done;
        }
    }
    if (p.operands == argc) {
        cli_usage("interpret", "missing kernel name (see 'tritonc list')");
        goto done;
    }
    if (argc - p.operands > 1) {
        cli_usage("interpret", "one kernel at a time ('%s', then '%s')", argv[p.operands], argv[p.operands + 1]);
        goto done;
    }
    const char *name = argv[p.operands];
    const tl_kernel *k = cli_kernel(name);
    cfg = k ? cli_config("interpret", k, nsets, sets, &rc) : NULL;
    if (!cfg)
        goto done;
    rc = interpret(k, name, cfg, args, nargs_set, size, grid);
done:
    free(cfg);
    free(sets);
    free(args);
    return rc;
}
