/* `tritonc interpret NAME [--set K=V]... [--arg NAME=V]... [--size N] [--grid X[,Y[,Z]]]`:
 * a bundled kernel run by the CPU interpreter on made-up inputs.
 *
 * Every pointer argument gets a buffer of --size elements (default 4096) of its pointee,
 * filled with small deterministic values; every integer scalar gets --size too, and every
 * float scalar 1.0, unless --arg NAME=V sets it. The grid defaults to 1. A load or store
 * outside its buffer is reported with its C line, program and lane. On success each buffer's
 * first values and a checksum are printed. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"
#include "interpret_cmd.h"
#include "tritonc/interp.h"

enum { EXIT_OK = 0, EXIT_FAIL = 1, EXIT_USAGE = 2, MAX_ARGS = 64, MAX_SETS = 32 };

static const char usage[] =
    "usage: tritonc interpret NAME [options]\n"
    "  run bundled kernel NAME on made-up inputs in the CPU interpreter, bounds checked\n"
    "    --set K=V       a config field (as emit's --set)\n"
    "    --arg NAME=V    the value of scalar argument NAME (default: --size for integers, 1.0\n"
    "                    for floats)\n"
    "    --size N        elements of every buffer (default 4096)\n"
    "    --grid X[,Y[,Z]] programs per axis (default 1)\n";

static int bad(const char *what, const char *v)
{
    fprintf(stderr, "tritonc: interpret: %s '%s' (see 'tritonc interpret --help')\n", what, v);
    return EXIT_USAGE;
}

static bool parse_grid(const char *v, unsigned *g)
{
    char *end;
    for (int i = 0; i < 3; i++) {
        long x = strtol(v, &end, 10);
        if (end == v || x < 1 || x > 1L << 20)
            return false;
        g[i] = (unsigned)x;
        if (!*end)
            return true;
        if (*end != ',' || i == 2)
            return false;
        v = end + 1;
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

int tritonc_cmd_interpret(int argc, char **argv)
{
    const char *name = NULL, *sets[MAX_SETS], *args[MAX_SETS];
    int nsets = 0, nargs_set = 0;
    long size = 4096;
    unsigned grid[3] = {1, 1, 1};
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (strcmp(a, "--help") == 0 || strcmp(a, "-h") == 0) {
            fputs(usage, stdout);
            return EXIT_OK;
        }
        bool takes = !strcmp(a, "--set") || !strcmp(a, "--arg") || !strcmp(a, "--size") || !strcmp(a, "--grid");
        if (takes && i + 1 == argc)
            return bad("missing value after", a);
        const char *v = takes ? argv[++i] : NULL;
        if (!strcmp(a, "--set") && nsets < MAX_SETS)
            sets[nsets++] = v;
        else if (!strcmp(a, "--arg") && nargs_set < MAX_SETS)
            args[nargs_set++] = v;
        else if (!strcmp(a, "--size")) {
            char *end;
            size = strtol(v, &end, 10);
            if (*end || size < 1 || size > 1L << 26)
                return bad("bad --size", v);
        } else if (!strcmp(a, "--grid")) {
            if (!parse_grid(v, grid))
                return bad("bad --grid", v);
        } else if (takes || a[0] == '-' || name)
            return bad(takes ? "too many values for" : name && a[0] != '-' ? "one kernel at a time, not" : "unknown option", a);
        else
            name = a;
    }
    if (!name)
        return bad("missing kernel name", "");
    const tl_kernel *k = tritonc_bundled_find(name);
    if (!k)
        return bad("no bundled kernel named", name);
    void *cfg = malloc(k->cfg_size ? k->cfg_size : 1);
    if (!cfg)
        return EXIT_FAIL;
    if (k->cfg_size)
        memcpy(cfg, k->cfg_default, k->cfg_size);
    char err[256];
    for (int i = 0; i < nsets; i++) {
        char key[128];
        const char *eq = strchr(sets[i], '=');
        if (!eq || (size_t)(eq - sets[i]) >= sizeof key || !tl_kernel_set(k, cfg, (memcpy(key, sets[i], (size_t)(eq - sets[i])), key[eq - sets[i]] = '\0', key), eq + 1, err, sizeof err)) {
            free(cfg);
            return bad(eq ? err : "bad --set", sets[i]);
        }
    }
    char *e = NULL;
    tl_builder *b = tl_kernel_build(k, cfg, (tl_emit_opts){0}, NULL, &e);
    free(cfg);
    if (!b) {
        fprintf(stderr, "tritonc: interpret %s: %s\n", name, e ? e : "build failed");
        free(e);
        return EXIT_FAIL;
    }
    int status = EXIT_OK, n = tl_builder_nargs(b);
    tc_interp *ip = tc_interp_create(tl_builder_func(b));
    unsigned char *bufs[MAX_ARGS] = {0};
    size_t extents[MAX_ARGS] = {0};
    if (n > MAX_ARGS || tc_interp_nargs(ip) != n) {
        fprintf(stderr, "tritonc: interpret %s: %s\n", name,
                tc_interp_failed(ip) ? tc_interp_error(ip) : "specialized or too many arguments");
        status = EXIT_FAIL;
        n = 0;
    }
    for (int i = 0; i < n && status == EXIT_OK; i++) {
        const tl_argspec *s = tl_builder_argspec(b, i);
        if (s->kind == TL_ARG_PTR) {
            size_t eb = tl_dtype_bits(s->dtype) < 8 ? 1 : tl_dtype_bits(s->dtype) / 8;
            extents[i] = (size_t)size * eb;
            bufs[i] = malloc(extents[i]);
            if (!bufs[i]) {
                status = EXIT_FAIL;
                break;
            }
            fill(bufs[i], (size_t)size, s->dtype, tl_builder_context(b));
            tc_interp_bind_ptr(ip, i, bufs[i], extents[i]);
            continue;
        }
        const char *v = NULL;
        size_t len = strlen(s->name);
        for (int j = 0; j < nargs_set; j++)
            if (!strncmp(args[j], s->name, len) && args[j][len] == '=')
                v = args[j] + len + 1;
        if (tl_dtype_is_float(s->dtype))
            tc_interp_bind_float(ip, i, v ? strtod(v, NULL) : 1.0);
        else
            tc_interp_bind_int(ip, i, v ? strtoll(v, NULL, 0) : size);
    }
    if (status == EXIT_OK) {
        tc_interp_set_grid(ip, grid[0], grid[1], grid[2]);
        if (!tc_interp_run(ip)) {
            fprintf(stderr, "tritonc: interpret %s: %s\n", name, tc_interp_error(ip));
            status = EXIT_FAIL;
        }
    }
    for (int i = 0; i < n && status == EXIT_OK; i++) {
        if (!bufs[i])
            continue;
        uint64_t sum = 1469598103934665603ULL; /* FNV-1a of the bytes */
        for (size_t j = 0; j < extents[i]; j++)
            sum = (sum ^ bufs[i][j]) * 1099511628211ULL;
        printf("%s: %zu bytes, fnv1a %016llx\n", tl_builder_argspec(b, i)->name, extents[i], (unsigned long long)sum);
    }
    for (int i = 0; i < MAX_ARGS; i++)
        free(bufs[i]);
    tc_interp_destroy(ip);
    tl_builder_destroy(b);
    return status;
}
