/* tritonc_bench - how long building and printing each bundled kernel takes.
 *
 *   tritonc_bench [-n ITERATIONS] [-w WARMUP] [--phases] [NAME...]
 *
 * For each kernel (all bundled ones, or those named): WARMUP untimed emits, then ITERATIONS
 * timed ones (tl_kernel_emit: build, verify, print; pretty form, no locations), and prints the
 * median and 90th percentile time per emit in microseconds, the ops of the finished function
 * (every op, regions' included, the function itself not), the median nanoseconds and the
 * bytes per op, the bytes the builder held (tl_builder_bytes: its arena and its tables outside
 * it) and the length of the TTIR.
 *
 * --phases adds, per kernel, the median of each part of an emit over as many more runs: build
 * (tl_builder_create and the kernel's body), finish (tl_finish: the order engine's last
 * passes, verify, print; build + finish is an emit but for freeing the builder) and, of
 * finish, verify and print alone (tcir_verify and tcir_print run again on the finished module:
 * the same work on the same IR); its first row is a kernel of no ops (an emit's fixed cost:
 * the builder, the module and function, verifying and printing them). A bench prints numbers;
 * it is not a test.
 */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bundled.h"
#include "tritonc/tritonc.h"

static double now_us(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec * 1e6 + (double)ts.tv_nsec / 1e3;
}

static int cmp_double(const void *a, const void *b)
{
    double x = *(const double *)a, y = *(const double *)b;
    return (x > y) - (x < y);
}

/* The q-quantile (0..1) of n sorted samples, nearest rank. */
static double quantile(const double *sorted, int n, double q)
{
    int rank = (int)(q * n + 0.999999);
    if (rank < 1)
        rank = 1;
    if (rank > n)
        rank = n;
    return sorted[rank - 1];
}

/* The ops inside op's regions, at every depth. */
static long ops_inside(tcir_op *op)
{
    long n = 0;
    for (int r = 0; r < tcir_op_nregions(op); r++)
        for (tcir_block *blk = tcir_region_first_block(tcir_op_region(op, r)); blk; blk = tcir_block_next(blk))
            for (tcir_op *x = tcir_block_first(blk); x; x = tcir_op_next(x))
                n += 1 + ops_inside(x);
    return n;
}

/* Runs the kernel body in a builder of our own to read its size and count its ops
 * before destroying it (tl_kernel_emit frees its builder). Returns 0 when the kernel fails. */
static size_t builder_bytes(const tl_kernel *k, size_t *ttir_len, long *ops)
{
    void *zeroed = k->cfg_default ? NULL : calloc(1, k->cfg_size ? k->cfg_size : 1);
    tl_builder *b = tl_builder_create(k->name);
    tl_builder_set_locations(b, false);
    k->run(b, k->cfg_default ? k->cfg_default : zeroed);
    char *text = tl_finish(b);
    size_t bytes = text ? tl_builder_bytes(b) : 0;
    *ttir_len = text ? strlen(text) : 0;
    *ops = text ? ops_inside(tl_builder_func(b)) : 0;
    free(text);
    tl_builder_destroy(b);
    free(zeroed);
    return bytes;
}

/* Returns false when the kernel fails to emit. */
static bool bench_kernel(const tl_kernel *k, int iterations, int warmup, double *samples)
{
    tl_emit_opts opts = {.generic = false, .no_locations = true};
    for (int i = 0; i < warmup + iterations; i++) {
        char *err = NULL;
        double t0 = now_us();
        char *text = tl_kernel_emit(k, NULL, opts, &err);
        double t1 = now_us();
        if (text == NULL) {
            printf("%-24s failed: %s\n", k->name, err ? err : "unknown error");
            free(err);
            return false;
        }
        free(text);
        if (i >= warmup)
            samples[i - warmup] = t1 - t0;
    }
    qsort(samples, (size_t)iterations, sizeof *samples, cmp_double);
    size_t ttir_len = 0;
    long ops = 0;
    size_t bytes = builder_bytes(k, &ttir_len, &ops);
    double median = quantile(samples, iterations, 0.5);
    printf("%-24s %10.2f %10.2f %6ld %8.0f %8.0f %12zu %11zu\n", k->name, median, quantile(samples, iterations, 0.9),
           ops, ops ? median * 1e3 / (double)ops : 0.0, ops ? (double)bytes / (double)ops : 0.0, bytes, ttir_len);
    return true;
}

static double median_of(double *samples, int n)
{
    qsort(samples, (size_t)n, sizeof *samples, cmp_double);
    return quantile(samples, n, 0.5);
}

static void no_ops(tl_builder *b, const void *cfg)
{
    (void)b;
    (void)cfg;
}

/* A kernel of no ops, for the fixed cost of an emit. */
static const tl_kernel empty_kernel = {.name = "empty", .run = no_ops};

/* The median of each part of an emit (see the top of the file), in a row named label; false
 * when the kernel fails. Its default config, as tl_kernel_emit takes it: the timed emits ran
 * first, so a kernel without one has failed there. */
static bool bench_phases(const tl_kernel *k, const char *label, int iterations, double *samples)
{
    double *parts = malloc(sizeof *parts * (size_t)iterations * 4);
    bool ok = parts != NULL;
    for (int i = 0; ok && i < iterations; i++) {
        double t0 = now_us();
        tl_builder *b = tl_builder_create(k->name);
        tl_builder_set_locations(b, false);
        k->run(b, k->cfg_default);
        double t1 = now_us();
        char *text = tl_finish(b);
        double t2 = now_us();
        char err[256];
        ok = text != NULL && tcir_verify(tl_builder_module(b), err, sizeof err);
        double t3 = now_us();
        char *again = ok ? tcir_print(tl_builder_module(b), (tcir_print_opts){.locations = false}, NULL) : NULL;
        double t4 = now_us();
        ok = ok && again != NULL;
        free(again);
        free(text);
        tl_builder_destroy(b);
        double *row = parts + (size_t)i * 4;
        row[0] = t1 - t0, row[1] = t2 - t1, row[2] = t3 - t2, row[3] = t4 - t3;
    }
    if (ok) {
        double med[4];
        for (int p = 0; p < 4; p++) {
            for (int i = 0; i < iterations; i++)
                samples[i] = parts[(size_t)i * 4 + (size_t)p];
            med[p] = median_of(samples, iterations);
        }
        printf("%-24s %10.2f %10.2f %10.2f %10.2f\n", label, med[0], med[1], med[2], med[3]);
    } else {
        printf("%-24s phases failed\n", label);
    }
    free(parts);
    return ok;
}

static bool parse_count(const char *s, int *out)
{
    char *end;
    long v = s ? strtol(s, &end, 10) : 0;
    if (s == NULL || *s == '\0' || *end != '\0' || v < 0 || v > 100000000)
        return false;
    *out = (int)v;
    return true;
}

int main(int argc, char **argv)
{
    int iterations = 2000, warmup = 200;
    int first_name = argc;
    bool phases = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--phases") == 0) {
            phases = true;
        } else if ((strcmp(argv[i], "-n") == 0 || strcmp(argv[i], "-w") == 0) && i + 1 < argc) {
            int *dst = argv[i][1] == 'n' ? &iterations : &warmup;
            if (!parse_count(argv[i + 1], dst)) {
                fprintf(stderr, "tritonc_bench: bad count '%s' for %s\n", argv[i + 1], argv[i]);
                return 2;
            }
            i++;
        } else if (argv[i][0] == '-') {
            fprintf(stderr, "usage: tritonc_bench [-n ITERATIONS] [-w WARMUP] [--phases] [NAME...]\n");
            return 2;
        } else {
            first_name = i;
            break;
        }
    }
    if (iterations < 1) {
        fprintf(stderr, "tritonc_bench: -n must be at least 1\n");
        return 2;
    }

    int nkernels = first_name < argc ? argc - first_name : tritonc_bundled_count();
    double *samples = malloc(sizeof *samples * (size_t)iterations);
    if (samples == NULL) {
        fprintf(stderr, "tritonc_bench: out of memory\n");
        return 1;
    }

#if !defined(__OPTIMIZE__)
    fprintf(stderr,
            "tritonc_bench: warning: built without optimization; configure with "
            "-DCMAKE_BUILD_TYPE=RelWithDebInfo for numbers that mean something\n");
#endif
    printf("# tritonc %s: %d emits per kernel after %d warm-up; pretty form, no locations\n", TRITONC_VERSION,
           iterations, warmup);
    printf("%-24s %10s %10s %6s %8s %8s %12s %11s\n", "kernel", "median_us", "p90_us", "ops", "ns/op", "B/op", "bytes",
           "ttir_bytes");
    int failures = 0;
    for (int pass = 0; pass < (phases ? 2 : 1); pass++) {
        if (pass == 1) {
            printf("\n# medians of the parts of an emit, us (--phases): build + finish is an emit, less freeing the "
                   "builder; verify and "
                   "print are parts of finish\n%-24s %10s %10s %10s %10s\n",
                   "kernel", "build_us", "finish_us", "verify_us", "print_us");
            failures += !bench_phases(&empty_kernel, "(no ops)", iterations, samples);
        }
        for (int i = 0; i < nkernels; i++) {
            const tl_kernel *k = first_name < argc ? tritonc_bundled_find(argv[first_name + i]) : tritonc_bundled_at(i);
            if (k == NULL) {
                if (pass == 0)
                    fprintf(stderr, "tritonc_bench: unknown kernel '%s'\n", argv[first_name + i]);
                failures += pass == 0;
            } else if (pass == 0 ? !bench_kernel(k, iterations, warmup, samples)
                                 : !bench_phases(k, k->name, iterations, samples)) {
                failures++;
            }
        }
    }
    free(samples);
    return failures ? 1 : 0;
}
