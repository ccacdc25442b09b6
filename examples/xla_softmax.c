/* xla_softmax: a row-wise softmax kernel inside a StableHLO program, run through XLA's PJRT plugin.
 *
 *     softmax(x)[r, c] = exp(x[r, c] - max_c x[r, :]) / sum_c exp(x[r, :] - max_c x[r, :])
 *
 * The kernel is kernels/models/softmax.py's (one program per row, the row in registers), in the form
 * XLA's Triton call launches: every argument a buffer, inputs first. kernels/models/softmax.c takes the
 * row strides and n_cols as scalars, which XLA cannot pass; here the rows are contiguous (the
 * stride is n_cols) and n_cols is a 0-d int32 tensor the kernel loads. The result is checked
 * against a double-precision softmax on the CPU, and the times are printed.
 *
 *     softmax [--rows R] [--cols C] [--iters K] [--plugin PATH]
 *     softmax --emit-hlo FILE
 */
#include "example_util.h"

#include <math.h>

#include "tritonc/tritonc.h"

typedef struct softmax_cfg {
    int BLOCK; /* the row length rounded up to a power of two */
} softmax_cfg;

static void softmax_body(tl_builder *b, const softmax_cfg *cfg)
{
    tl_value in_ptr = tl_arg(b, "in_ptr", TL_PTR(TL_F32));
    tl_value n_cols_ptr = tl_arg(b, "n_cols_ptr", TL_PTR(TL_I32));
    tl_value out_ptr = tl_arg(b, "out_ptr", TL_PTR(TL_F32));

    tl_value n_cols = tl_load(n_cols_ptr);
    tl_value row = tl_program_id(b, 0);
    tl_value cols = tl_arange(b, 0, cfg->BLOCK);
    tl_value mask = tl_lt(cols, n_cols);
    tl_value x =
        tl_load(tl_addptr(tl_addptr(in_ptr, tl_mul(row, n_cols)), cols), .mask = mask, .other = tl_lit(-INFINITY));
    tl_value z = tl_sub(x, tl_max(x, 0));
    tl_value num = tl_exp(z);
    tl_value den = tl_sum(num, 0);
    tl_store(tl_addptr(tl_addptr(out_ptr, tl_mul(row, n_cols)), cols), tl_div(num, den), .mask = mask);
}

static const softmax_cfg softmax_default = {.BLOCK = 1024};
TL_KERNEL(softmax_kernel, softmax_cfg, softmax_body, .name = "softmax_xla", .inputs = TL_NAMES("in_ptr", "n_cols_ptr"),
          .outputs = TL_NAMES("out_ptr"), .cfg_default = &softmax_default);
TH_KERNEL_CALL(softmax_kernel, TH_INPUTS(in_ptr, n_cols_ptr), TH_OUTPUTS(out_ptr));

static int next_power_of_two(int64_t n)
{
    int p = 1;
    while (p < n)
        p *= 2;
    return p;
}

/* softmax over the rows of a rows x cols float32 matrix. */
static th_builder *softmax_program(int64_t rows, int64_t cols)
{
    th_builder *b = th_builder_create("softmax");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, rows, cols));
    th_value n_cols = th_constant(b, cols, TH_SHAPE(TL_I32));
    softmax_cfg cfg = {.BLOCK = next_power_of_two(cols)};
    softmax_kernel_results r =
        th_call(softmax_kernel, b, (softmax_kernel_inputs){.in_ptr = x, .n_cols_ptr = n_cols},
                (softmax_kernel_outputs){.out_ptr = th_value_shape(x)},
                (th_call_opts){.cfg = &cfg, .grid = {(int)rows}, .num_warps = cfg.BLOCK >= 2048 ? 8 : 4});
    th_return(b, r.out_ptr);
    return b;
}

static float uniform(unsigned long long *state) /* [-4, 4), reproducible */
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (float)((double)(*state >> 40) / (double)(1ull << 24) * 8.0 - 4.0);
}

static void reference(const float *x, double *want, int64_t rows, int64_t cols)
{
    for (int64_t r = 0; r < rows; r++) {
        const float *row = x + r * cols;
        double m = -INFINITY, sum = 0;
        for (int64_t c = 0; c < cols; c++)
            m = fmax(m, row[c]);
        for (int64_t c = 0; c < cols; c++)
            sum += exp((double)row[c] - m);
        for (int64_t c = 0; c < cols; c++)
            want[r * cols + c] = exp((double)row[c] - m) / sum;
    }
}

static int run(th_builder *b, int64_t rows, int64_t cols, const example_args *args)
{
    size_t n = (size_t)(rows * cols);
    float *x = malloc(n * sizeof *x), *got = malloc(n * sizeof *got);
    double *want = malloc(n * sizeof *want), *samples = malloc((size_t)args->iters * sizeof *samples);
    int status = EXIT_RUNTIME;
    tp_runtime *rt = NULL;
    tp_executable *exe = NULL;
    if (!x || !got || !want || !samples) {
        fprintf(stderr, "softmax: out of memory\n");
        goto out;
    }
    unsigned long long seed = 7;
    for (size_t i = 0; i < n; i++)
        x[i] = uniform(&seed);
    reference(x, want, rows, cols);

    double t0 = now_us();
    rt = example_runtime("softmax", args->plugin);
    if (!rt)
        goto out;
    double t1 = now_us();
    exe = tp_compile_builder(rt, b);
    double t2 = now_us();
    tp_input in[] = {{TH_SHAPE(TL_F32, rows, cols), x}};
    tp_output res[] = {{TH_SHAPE(TL_F32, rows, cols), got}};
    if (!exe || !tp_run(exe, 1, in, 1, res))
        goto out;
    double t3 = now_us();

    double max_err = 0;
    for (size_t i = 0; i < n; i++)
        max_err = fmax(max_err, fabs((double)got[i] - want[i]));
    const double tolerance = 1e-5;
    printf("softmax: rows=%lld cols=%lld max_abs_error=%g (tolerance %g): %s\n", (long long)rows, (long long)cols,
           max_err, tolerance, max_err <= tolerance ? "OK" : "MISMATCH");
    printf("time load_plugin_and_client_ms=%.3f\n", (t1 - t0) / 1e3);
    printf("time compile_ms=%.3f\n", (t2 - t1) / 1e3);
    printf("time first_run_ms=%.3f (copy in, execute, copy out)\n", (t3 - t2) / 1e3);

    bool ok = true;
    for (int i = 0; ok && i < args->iters; i++) {
        double s = now_us();
        ok = tp_run(exe, 1, in, 1, res);
        samples[i] = now_us() - s;
    }
    if (ok)
        printf("time steady_run_us=%.1f (median of %d: copy in, execute, copy out)\n", median(samples, args->iters),
               args->iters);
    tp_buffer *dev = tp_buffer_from_host(rt, in[0].shape, x);
    for (int i = 0; ok && dev && i < args->iters; i++) {
        tp_buffer *r[1];
        double s = now_us();
        ok = tp_execute(exe, 1, &dev, 1, r);
        samples[i] = now_us() - s;
        tp_buffer_destroy(r[0]);
    }
    if (ok && dev)
        printf("time steady_execute_us=%.1f (median of %d: execute on device buffers, until done)\n",
               median(samples, args->iters), args->iters);
    tp_buffer_destroy(dev);
    if (!tp_runtime_failed(rt))
        status = max_err <= tolerance ? 0 : EXIT_MISMATCH;

out:
    tp_executable_destroy(exe);
    example_runtime_done("softmax", rt);
    free(x);
    free(got);
    free(want);
    free(samples);
    return status;
}

int main(int argc, char **argv)
{
    static const char usage[] =
        "usage: softmax [--rows R] [--cols C] [--iters K] [--plugin PATH] [--emit-hlo FILE]\n"
        "  the softmax of each row of an R x C float32 matrix (default 4096 x 1000), one Triton\n"
        "  program per row, run through XLA's PJRT plugin and checked against the CPU. --emit-hlo\n"
        "  writes the StableHLO program and stops.\n";
    example_args args = example_parse(argc, argv, usage, (const char *const[2]){"--rows", "--cols"});
    if (args.misuse) {
        fprintf(stderr, "softmax: no --misuse here (see forward)\n");
        return EXIT_USAGE;
    }
    int64_t rows = args.sizes[0] ? args.sizes[0] : 4096, cols = args.sizes[1] ? args.sizes[1] : 1000;
    if (cols > 16384 || rows * cols > (1ll << 30)) {
        fprintf(stderr, "softmax: at most 16384 columns (a row lives in registers) and 2^30 elements\n");
        return EXIT_USAGE;
    }
    th_builder *b = softmax_program(rows, cols);
    int status;
    if (th_builder_failed(b)) {
        fprintf(stderr, "softmax: the program was not built: %s\n", th_builder_error(b));
        status = EXIT_PROGRAM;
    } else if (args.emit_hlo) {
        status = emit_program(b, args.emit_hlo);
    } else {
        status = run(b, rows, cols, &args);
    }
    th_builder_destroy(b);
    return status;
}
