/* forward: a model's forward pass calling a Triton kernel through XLA, in C (docs/xla.md).
 *
 *     forward(x, y) = relu(add_kernel(x * 2, y))
 *
 * A Triton kernel (add_kernel, declared below with TL_KERNEL) sits between two StableHLO ops in
 * one program, built with tritonc/hlo.h; tritonc/pjrt.h compiles the program through XLA's PJRT
 * plugin and runs it on the GPU. The result is checked against the same computation on the CPU,
 * and the first-run and steady-state times are printed. No Python runs in this process.
 *
 *     forward [--n N] [--iters K] [--plugin PATH]   run (the plugin: TRITONC_PJRT_PLUGIN or
 *                                                   jax's CUDA plugin where pip installs it)
 *     forward --emit-hlo FILE                       write the StableHLO program and stop ("-": stdout)
 *     forward --misuse dtype                        a wrong call, refused before XLA sees it
 */
#include "example_util.h"

#include <math.h>

#include "tritonc/tritonc.h"

/* ---- the kernel ------------------------------------------------------------------------- */

/* out = x + y over n float32 values, BLOCK_SIZE per program. XLA's Triton call passes every
 * operand and result as a buffer, inputs first: n arrives as a 0-d int32 tensor, loaded here. */
typedef struct add_cfg {
    int BLOCK_SIZE;
} add_cfg;

static void add_body(tl_builder *b, const add_cfg *cfg)
{
    tl_value x_ptr = tl_arg(b, "x_ptr", TL_PTR(TL_F32));
    tl_value y_ptr = tl_arg(b, "y_ptr", TL_PTR(TL_F32));
    tl_value n_ptr = tl_arg(b, "n_ptr", TL_PTR(TL_I32));
    tl_value out_ptr = tl_arg(b, "out_ptr", TL_PTR(TL_F32));

    tl_value n = tl_load(n_ptr);
    tl_value offsets = tl_add(tl_mul(tl_program_id(b, 0), cfg->BLOCK_SIZE), tl_arange(b, 0, cfg->BLOCK_SIZE));
    tl_value mask = tl_lt(offsets, n);
    tl_value x = tl_load(tl_addptr(x_ptr, offsets), .mask = mask);
    tl_value y = tl_load(tl_addptr(y_ptr, offsets), .mask = mask);
    tl_store(tl_addptr(out_ptr, offsets), tl_add(x, y), .mask = mask);
}

static const add_cfg add_default = {.BLOCK_SIZE = 1024};
TL_KERNEL(add_kernel, add_cfg, add_body, .name = "add_kernel", .inputs = TL_NAMES("x_ptr", "y_ptr", "n_ptr"),
          .outputs = TL_NAMES("out_ptr"), .cfg_default = &add_default);
/* Its typed call site: add_kernel_inputs {x_ptr, y_ptr, n_ptr}, add_kernel_outputs {out_ptr}. */
TH_KERNEL_CALL(add_kernel, TH_INPUTS(x_ptr, y_ptr, n_ptr), TH_OUTPUTS(out_ptr));

/* ---- the program ------------------------------------------------------------------------- */

/* forward(x, y) over n float32 values; misuse builds one of the wrong calls instead. */
static th_builder *forward_program(int64_t n, const char *misuse)
{
    th_builder *b = th_builder_create("forward");
    th_value x = th_parameter(b, TH_SHAPE(TL_F32, n));
    th_value y = th_parameter(b, TH_SHAPE(TL_F32, n));
    th_value x_pre = th_multiply(x, th_constant(b, 2.0, th_value_shape(x)));
    th_value n_tensor = th_constant(b, n, TH_SHAPE(TL_I32));
    th_call_opts opts = {.grid = {th_cdiv(n, add_default.BLOCK_SIZE)}, .num_warps = 4, .num_stages = 2};
    th_value out;
    if (misuse && strcmp(misuse, "dtype") == 0) {
        /* float16 values for the kernel's float32 pointer: refused, naming both types */
        th_value x_half = th_convert(x_pre, TL_F16);
        out = th_call(add_kernel, b, (add_kernel_inputs){.x_ptr = x_half, .y_ptr = y, .n_ptr = n_tensor},
                      (add_kernel_outputs){.out_ptr = th_value_shape(x_pre)}, opts)
                  .out_ptr;
    } else {
        out = th_call(add_kernel, b, (add_kernel_inputs){.x_ptr = x_pre, .y_ptr = y, .n_ptr = n_tensor},
                      (add_kernel_outputs){.out_ptr = th_value_shape(x_pre)}, opts)
                  .out_ptr;
    }
    th_return(b, th_relu(out));
    return b;
}

/* ---- running it ---------------------------------------------------------------------------- */

static float uniform(unsigned long long *state) /* [-1, 1), reproducible */
{
    *state = *state * 6364136223846793005ull + 1442695040888963407ull;
    return (float)((double)(*state >> 40) / (double)(1ull << 24) * 2.0 - 1.0);
}

/* Prints the steady-state times: host to host (tp_run), then on device buffers (tp_execute). */
static void steady_state(tp_runtime *rt, tp_executable *exe, const tp_input *in, const tp_output *out, int iters)
{
    double *samples = malloc((size_t)iters * sizeof *samples);
    bool ok = samples != NULL;
    for (int i = 0; ok && i < iters; i++) {
        double s = now_us();
        ok = tp_run(exe, 2, in, 1, out);
        samples[i] = now_us() - s;
    }
    if (ok)
        printf("time steady_run_us=%.1f (median of %d: copy in, execute, copy out)\n", median(samples, iters), iters);
    tp_buffer *dev[2] = {tp_buffer_from_host(rt, in[0].shape, in[0].data),
                         tp_buffer_from_host(rt, in[1].shape, in[1].data)};
    ok = ok && dev[0] && dev[1];
    for (int i = 0; ok && i < iters; i++) {
        tp_buffer *res[1];
        double s = now_us();
        ok = tp_execute(exe, 2, dev, 1, res);
        samples[i] = now_us() - s;
        tp_buffer_destroy(res[0]);
    }
    if (ok)
        printf("time steady_execute_us=%.1f (median of %d: execute on device buffers, until done)\n",
               median(samples, iters), iters);
    tp_buffer_destroy(dev[0]);
    tp_buffer_destroy(dev[1]);
    free(samples);
}

/* Runs the program once, checks it against the CPU, times it. Returns the exit code. */
static int run(th_builder *b, int64_t n, const example_args *args)
{
    float *x = malloc((size_t)n * sizeof *x), *y = malloc((size_t)n * sizeof *y);
    float *got = malloc((size_t)n * sizeof *got), *want = malloc((size_t)n * sizeof *want);
    int status = EXIT_RUNTIME;
    tp_runtime *rt = NULL;
    tp_executable *exe = NULL;
    if (!x || !y || !got || !want) {
        fprintf(stderr, "forward: out of memory\n");
        goto out;
    }
    unsigned long long seed = 42;
    for (int64_t i = 0; i < n; i++) {
        x[i] = uniform(&seed);
        y[i] = uniform(&seed);
        float pre = x[i] * 2.0f + y[i];
        want[i] = pre > 0 ? pre : 0;
    }

    double t0 = now_us();
    rt = example_runtime("forward", args->plugin);
    if (!rt)
        goto out;
    double t1 = now_us();
    exe = tp_compile_builder(rt, b);
    double t2 = now_us();
    tp_input in[] = {{TH_SHAPE(TL_F32, n), x}, {TH_SHAPE(TL_F32, n), y}};
    tp_output res[] = {{TH_SHAPE(TL_F32, n), got}};
    if (!exe || !tp_run(exe, 2, in, 1, res))
        goto out;
    double t3 = now_us();

    double max_err = 0;
    for (int64_t i = 0; i < n; i++)
        max_err = fmax(max_err, fabs((double)got[i] - (double)want[i]));
    const double tolerance = 1e-6;
    printf("forward: n=%lld max_abs_error=%g (tolerance %g): %s\n", (long long)n, max_err, tolerance,
           max_err <= tolerance ? "OK" : "MISMATCH");
    printf("time load_plugin_and_client_ms=%.3f\n", (t1 - t0) / 1e3);
    printf("time compile_ms=%.3f\n", (t2 - t1) / 1e3);
    printf("time first_run_ms=%.3f (copy in, execute, copy out)\n", (t3 - t2) / 1e3);
    steady_state(rt, exe, in, res, args->iters);
    if (!tp_runtime_failed(rt))
        status = max_err <= tolerance ? 0 : EXIT_MISMATCH;

out:
    tp_executable_destroy(exe);
    example_runtime_done("forward", rt);
    free(x);
    free(y);
    free(got);
    free(want);
    return status;
}

int main(int argc, char **argv)
{
    static const char usage[] =
        "usage: forward [--n N] [--iters K] [--plugin PATH] [--emit-hlo FILE] [--misuse dtype]\n"
        "  forward(x, y) = relu(add_kernel(x * 2, y)) over N float32 values (default 98432), run\n"
        "  through XLA's PJRT plugin (--plugin, else $TRITONC_PJRT_PLUGIN, else jax's CUDA plugin\n"
        "  where pip installs it) and checked against the CPU. --emit-hlo writes the program and\n"
        "  stops; --misuse dtype builds a wrong call (float16 values for a float32 pointer), which\n"
        "  tritonc refuses before XLA sees it.\n";
    example_args args = example_parse(argc, argv, usage, (const char *const[2]){"--n", NULL});
    int64_t n = args.sizes[0] ? args.sizes[0] : 98432;
    if (args.misuse && strcmp(args.misuse, "dtype") != 0) {
        fprintf(stderr, "forward: --misuse takes dtype (a scalar argument is no misuse: it travels as a 0-d buffer)\n");
        return EXIT_USAGE;
    }
    th_builder *b = forward_program(n, args.misuse);
    int status;
    if (th_builder_failed(b)) {
        fprintf(stderr, "forward: the program was not built: %s\n", th_builder_error(b));
        status = EXIT_PROGRAM;
    } else if (args.emit_hlo) {
        status = emit_program(b, args.emit_hlo);
    } else {
        status = run(b, n, &args);
    }
    th_builder_destroy(b);
    return status;
}
