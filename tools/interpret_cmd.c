/* `tritonc interpret NAME [--from FILE] [--set K=V]... [--arg NAME=V]... [--size N] [--grid X[,Y[,Z]]]`:
 * a kernel run by the CPU interpreter on its made-up problem (tools/problem.h: the kernel's
 * .problem, else every buffer --size elements, every integer scalar --size, every float 1.0).
 * --arg, --size and --grid override the problem. A load or store outside its buffer is reported
 * with its C line, program and lane. On success the first values of each output are printed
 * (with --checksum, each buffer's size and checksum). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "commands.h"
#include "problem.h"
#include "tritonc/interp.h"

enum { MAX_ARGS = PROBLEM_MAX_ARGS, SHOWN = 8 };

static const char help_text[] =
    "Usage: tritonc interpret NAME [options]\n"
    "\n"
    "Run kernel NAME (bundled, or of --from FILE) in the CPU interpreter (docs/interpreter.md) on\n"
    "its made-up problem (`tritonc list`: problem), every load and store bounds checked: an\n"
    "access outside its buffer is an error naming the C line, the program and the lane. Prints\n"
    "the first values of each output.\n"
    "\n" CLI_FROM_HELP "  --set KEY=VALUE        set config field KEY (repeatable), as emit's --set\n"
    "  --arg NAME=VALUE       the value of scalar argument NAME (repeatable; default: the\n"
    "                         problem's, else --size for an integer, 1.0 for a float)\n"
    "  --size N               elements of every buffer, from 1 to 67108864 (default: the\n"
    "                         problem's, else 4096)\n"
    "  --grid X[,Y[,Z]]       programs per axis, each from 1 to 1048576 (default: the problem's,\n"
    "                         else 1)\n"
    "  --checksum             instead, each buffer's size and FNV-1a checksum\n"
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

/* What the command line overrides of the problem. */
typedef struct overrides {
    const char *const *args;
    int nargs;
    long size; /* 0: the problem's */
    unsigned grid[3]; /* 0: the problem's */
    bool checksum;
} overrides;

/* Is name among the kernel's .outputs or .inouts (all buffers of a kernel declaring neither)? */
static bool is_output(const tl_kernel *k, const char *name)
{
    if (k->outputs.n == 0 && k->inouts.n == 0)
        return true;
    for (int i = 0; i < k->outputs.n; i++)
        if (!strcmp(k->outputs.names[i], name))
            return true;
    for (int i = 0; i < k->inouts.n; i++)
        if (!strcmp(k->inouts.names[i], name))
            return true;
    return false;
}

/* "out: float32[4096] 0.5 -1.25 ... ", a descriptor's tensor "c_desc: float16[256,256] ..." */
static void print_values(tl_builder *b, int i, const problem_arg *a, const unsigned char *buf, size_t count)
{
    const tl_argspec *s = tl_builder_argspec(b, i);
    size_t eb = problem_elem_bytes(s->dtype);
    printf("%s: %s[", s->name, tl_dtype_name(s->dtype));
    if (a->desc)
        for (int d = 0; d < a->rank; d++)
            printf("%s%lld", d ? "," : "", a->dims[d]);
    else
        printf("%zu", count);
    printf("]");
    for (size_t j = 0; j < count && j < SHOWN; j++) {
        uint64_t v = 0;
        for (size_t k = 0; k < eb && k < 8; k++)
            v |= (uint64_t)buf[j * eb + k] << (8 * k);
        if (tl_dtype_is_float(s->dtype))
            printf(" %g", tc_interp_float_value(v, tcir_type_float_kind(tl_dtype_ir(tl_builder_context(b), s->dtype))));
        else if (tl_dtype_is_unsigned(s->dtype) || eb == 8)
            printf(" %llu", (unsigned long long)v);
        else /* sign-extend */
            printf(" %lld", (long long)(v ^ (1ULL << (8 * eb - 1))) - (long long)(1ULL << (8 * eb - 1)));
    }
    printf("%s\n", count > SHOWN ? " ..." : "");
}

/* Binds scalar argument i (of the interpreter's signature): --arg's value, else the problem's;
 * CLI_OK or the exit status. */
static int bind_scalar(tc_interp *ip, const tl_argspec *s, int i, const problem_arg *a, const overrides *o, bool *used)
{
    const char *v = NULL;
    size_t len = strlen(s->name);
    for (int j = 0; j < o->nargs; j++)
        if (!strncmp(o->args[j], s->name, len) && o->args[j][len] == '=') {
            v = o->args[j] + len + 1;
            used[j] = true;
        }
    if (tl_dtype_is_float(s->dtype)) {
        char *end = NULL;
        double x = v ? strtod(v, &end) : a->value;
        if (v && (!*v || *end || v[0] == ' '))
            return cli_usage("interpret", "bad --arg %s=%s: expected a number", s->name, v);
        tc_interp_bind_float(ip, i, x);
        return CLI_OK;
    }
    long long x = (long long)a->value;
    if (v && !tl_parse_decimal(v, INT64_MIN, INT64_MAX, &x))
        return cli_usage("interpret", "bad --arg %s=%s: expected a base-10 integer", s->name, v);
    tc_interp_bind_int(ip, i, x);
    return CLI_OK;
}

/* Runs kernel k (config cfg) on its problem; the exit status. */
static int interpret(const tl_kernel *k, const char *name, const void *cfg, const overrides *o)
{
    char *e = NULL, why[300];
    tl_builder *b = tl_kernel_build(k, cfg, (tl_emit_opts){0}, NULL, &e);
    if (!b) {
        fprintf(stderr, "tritonc: interpret %s: %s\n", name, e ? cli_message(e) : "build failed");
        free(e);
        return CLI_FAIL;
    }
    if (o->nargs > MAX_ARGS) {
        tl_builder_destroy(b);
        return cli_usage("interpret", "at most %d --arg", MAX_ARGS);
    }
    problem pb;
    if (!problem_of(k, b, cfg, o->size ? o->size : 4096, &pb, why, sizeof why)) {
        tl_builder_destroy(b);
        return cli_fail(NULL, "interpret %s: %s", name, why);
    }
    int status = CLI_OK, n = tl_builder_nargs(b), sig = 0;
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    unsigned char *bufs[MAX_ARGS] = {0};
    size_t counts[MAX_ARGS] = {0};
    bool used[MAX_ARGS] = {false}; /* which --arg named an argument */
    for (int i = 0; i < n; i++) /* the signature: a descriptor, then its shape and strides */
        sig += tl_builder_argspec(b, i)->kind == TL_ARG_TENSORDESC ? 1 + 2 * tl_builder_argspec(b, i)->rank : 1;
    if (n > MAX_ARGS || tc_interp_nargs(ip) != sig) {
        fprintf(stderr, "tritonc: interpret %s: %s\n", name,
                tc_interp_failed(ip) ? tc_interp_error(ip) : "specialized or too many arguments");
        status = CLI_FAIL;
        n = 0;
    }
    for (int i = 0, at = 0; i < n && status == CLI_OK; at += 1 + 2 * pb.args[i].rank, i++) {
        const tl_argspec *s = tl_builder_argspec(b, i);
        problem_arg *a = &pb.args[i];
        if (!a->buffer) {
            status = bind_scalar(ip, s, at, a, o, used);
            continue;
        }
        /* --size is every pointer's buffer; a descriptor's tensor keeps its shape */
        counts[i] = o->size && !a->desc ? (size_t)o->size : (size_t)a->count;
        size_t bytes = counts[i] * problem_elem_bytes(s->dtype);
        bufs[i] = aligned_alloc(16, (bytes + 15) / 16 * 16); /* a descriptor's base: 16-byte aligned */
        if (!bufs[i]) {
            status = cli_fail(NULL, "out of memory");
            break;
        }
        problem_fill(bufs[i], counts[i], s->dtype, tl_builder_context(b), a);
        if (!a->desc) {
            tc_interp_bind_ptr(ip, at, bufs[i], bytes);
            continue;
        }
        tc_interp_tensordesc d = {.base = bufs[i], .extent = bytes, .rank = a->rank};
        for (int j = 0; j < a->rank; j++)
            d.shape[j] = a->dims[j];
        problem_desc_strides(a, d.strides);
        tc_interp_bind_tensordesc(ip, at, &d);
    }
    for (int j = 0; j < o->nargs && status == CLI_OK; j++)
        if (!used[j])
            status = cli_usage("interpret", "--arg %s: %s has no scalar argument of that name", o->args[j], name);
    if (status == CLI_OK) {
        unsigned g[3];
        for (int d = 0; d < 3; d++)
            g[d] = o->grid[0] ? o->grid[d] : pb.grid[d];
        tc_interp_set_grid(ip, g[0], g[1], g[2]);
        if (!tc_interp_run(ip)) {
            fprintf(stderr, "tritonc: interpret %s: %s%s\n", name, tc_interp_error(ip),
                    pb.declared || !strstr(tc_interp_error(ip), "out of bounds")
                        ? ""
                        : " (on the generic problem: the kernel declares no .problem)");
            status = CLI_FAIL;
        }
    }
    for (int i = 0; i < n && status == CLI_OK; i++) {
        if (!bufs[i])
            continue;
        const tl_argspec *s = tl_builder_argspec(b, i);
        size_t bytes = counts[i] * problem_elem_bytes(s->dtype);
        if (o->checksum) {
            printf("%s: %zu bytes, fnv1a %016llx\n", s->name, bytes, (unsigned long long)checksum(bufs[i], bytes));
        } else if (is_output(k, s->name)) {
            print_values(b, i, &pb.args[i], bufs[i], counts[i]);
        }
    }
    if (status == CLI_OK && !pb.declared)
        printf("note: kernel %s declares no .problem (tritonc/kernel.h): every buffer had %ld elements, every "
               "integer scalar %ld, every float 1.0, the grid 1 (--size, --arg, --grid change them)\n",
               name, o->size ? o->size : 4096L, o->size ? o->size : 4096L);
    for (int i = 0; i < MAX_ARGS; i++)
        free(bufs[i]);
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
    return status;
}

int tritonc_cmd_interpret(int argc, char **argv)
{
    enum { SET = CLI_KEY, ARG, SIZE, GRID, CHECKSUM };
    static const cli_option opts[] = {
        {"set", SET, "KEY=VALUE"},
        {"arg", ARG, "NAME=VALUE"},
        {"size", SIZE, "a number of elements"},
        {"grid", GRID, "X[,Y[,Z]]"},
        {"checksum", CHECKSUM, NULL},
        CLI_FROM_OPTION,
        CLI_HELP_OPTION,
    };
    cli_parser p = CLI_PARSER("interpret", argc, argv, opts);
    const char *arg;
    const char **sets = malloc(sizeof *sets * (size_t)argc), **args = malloc(sizeof *args * (size_t)argc);
    int nsets = 0, nargs_set = 0, size = 0, rc = CLI_USAGE;
    unsigned grid[3] = {0, 0, 0};
    bool checksum = false;
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
            grid[1] = grid[2] = 1;
            if (!parse_grid(arg, grid)) {
                cli_usage("interpret", "bad --grid '%s': expected X[,Y[,Z]], each from 1 to 1048576", arg);
                goto done;
            }
            break;
        case CHECKSUM: checksum = true; break;
        case CLI_FROM_KEY: cli_set_from(arg); break;
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
    const tl_kernel *k = cli_kernel(name, &rc);
    cfg = k ? cli_config("interpret", k, nsets, sets, &rc) : NULL;
    if (!cfg)
        goto done;
    overrides o = {args, nargs_set, size, {grid[0], grid[1], grid[2]}, checksum};
    rc = interpret(k, name, cfg, &o);
done:
    free(cfg);
    free(sets);
    free(args);
    return rc;
}
