/* interp_check: the CPU interpreter (tritonc/interp.h) against the GPU (tritonc/cuda.h) on the
 * same inputs, for every bundled kernel at its default config (issue 12). Built and run by
 * tests/gpu/interp.sh on the GPU machine; needs no CUDA header (the runtime opens the driver).
 *
 *   interp_check [--seed N] [--only NAME] [--interp-only] [--self-check] [--no-speed] [--list]
 *
 * Per kernel: a recipe (below) makes deterministic inputs valid for it (index, table and length
 * arguments in range) and its grid; every buffer is launched (a) on the GPU through tc_launch
 * and copied back (twice from the same inputs: a buffer whose two GPU runs differ is measured
 * nondeterministic), (b) through tc_interp_launch on identical host copies, each buffer's extent
 * given, so the bounds checker watches every access. Then every buffer argument is compared
 * byte for byte, one line per buffer: identical or not, how many elements differ, the largest
 * absolute difference and the largest relative one (to the larger magnitude of the two), in
 * values of the element type. A buffer is expected bit-exact when the GPU's arithmetic
 * on it is exact (integers, data movement, casts, min/max, one correctly rounded add); float
 * arithmetic (exp, division, dots, reductions) has its measured error reported and checked
 * against a tolerance of a few units in the last place of its dtype, scaled to the buffer; a
 * buffer the GPU writes nondeterministically (float sums in a racing order: layer_norm_bwd_dx's
 * rows under a spin lock, or any buffer its two runs disagree on) is compared with a tolerance,
 * the reason printed. --interp-only runs the interpreter half alone (no GPU: a machine without
 * one), printing per buffer how many elements the run changed and a checksum; --self-check compares the interpreter
 * with a second run of itself (every buffer must come out identical: the comparison's own
 * check, and the interpreter's determinism). --list prints every kernel's arguments.
 *
 * Then the speed: interpreter elements per second on vector_add over 1<<20 elements and on a
 * 512^3 fp16 matmul (M*N outputs, and M*N*K multiply-adds), best of 3, beside the GPU's time
 * for the same launch (the ratio is information, not a target).
 *
 * Exit status: 0 when nothing failed, 1 when a kernel failed (rejected, GPU error, bounds
 * checker fired, a difference where bit-exact was expected, an error over its tolerance), 2 on
 * a usage error or when the runtime cannot start. A kernel holding PTX inline asm, which the
 * interpreter refuses by design, a non-associative combine, and a kernel Triton itself cannot
 * compile for the GPU (kcase.gpu_refuses) are reported as such and not counted as failed. */
#define _POSIX_C_SOURCE 200809L
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "bundled.h"
#include "tritonc/cuda.h"
#include "tritonc/interp.h"

enum { MAXA = TC_MAX_ARGS };

/* How a buffer is expected to compare. */
/* ORDER: a combine that is not associative, whose result is the combine order's: on the GPU
 * that order is the layout's, in the interpreter a documented layout-free tree, so the two are
 * measured and shown, never compared. */
typedef enum expect { EXACT, FLOAT, NONDET, ORDER } expect;
static const char *const expect_name[] = {"exact", "float", "nondet", "order"};

typedef struct buffer {
    size_t n, eb;           /* elements, bytes per element */
    unsigned char *init;    /* the inputs, as made */
    unsigned char *interp;  /* the interpreter's copy, after its run */
    unsigned char *gpu;     /* the GPU's, copied back */
    size_t rerun_diff;      /* elements in which the GPU's second run differs from its first */
} buffer;

/* One kernel's launch, as its recipe makes it. */
typedef struct kcase {
    const tl_kernel *k;
    tl_builder *b;
    int nargs;
    const tl_argspec *spec[MAXA];
    bool set[MAXA];
    buffer buf[MAXA];
    int64_t ival[MAXA];
    double fval[MAXA];
    expect mode[MAXA];
    unsigned grid[3];
    double rtol;      /* FLOAT / NONDET: 0 = the dtype's default */
    const char *gpu_refuses; /* why Triton cannot compile the kernel for the GPU (its Python
                              * original neither): a compile failure there is reported, not failed */
    const char *note; /* why a buffer is NONDET, or anything the reader must know */
    char err[256];    /* a recipe's mistake (a name no argument has) */
} kcase;

/* ---- the one seeded generator ------------------------------------------------------------- */

static uint64_t rng_state;
static uint64_t rng(void) /* splitmix64 */
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static double urand(double lo, double hi) { return lo + (hi - lo) * (double)(rng() >> 11) / 9007199254740992.0; }
static int64_t irand(int64_t lo, int64_t hi) { return lo + (int64_t)(rng() % (uint64_t)(hi - lo + 1)); }

/* ---- recipe helpers ------------------------------------------------------------------------ */

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + (double)t.tv_nsec * 1e-9;
}

static tcir_float_kind float_kind(const kcase *c, tl_dtype dt)
{
    return tcir_type_float_kind(tl_dtype_ir(tl_builder_context(c->b), dt));
}

static int arg_index(kcase *c, const char *name)
{
    for (int i = 0; i < c->nargs; i++)
        if (strcmp(c->spec[i]->name, name) == 0)
            return i;
    if (!c->err[0])
        snprintf(c->err, sizeof c->err, "recipe names '%s', which %s has no argument of", name, c->k->name);
    return -1;
}

static void put(buffer *b, size_t i, uint64_t bits)
{
    for (size_t k = 0; k < b->eb; k++)
        b->init[i * b->eb + k] = (unsigned char)(bits >> (8 * k)); /* little-endian hosts */
}

static buffer *new_buf(kcase *c, const char *name, size_t n)
{
    int i = arg_index(c, name);
    if (i < 0)
        return NULL;
    buffer *b = &c->buf[i];
    free(b->init);
    b->n = n;
    b->eb = tl_dtype_bits(c->spec[i]->dtype) < 8 ? 1 : tl_dtype_bits(c->spec[i]->dtype) / 8;
    b->init = calloc(n ? n * b->eb : 1, 1);
    c->set[i] = true;
    return b;
}

/* n elements uniform in [lo, hi): floats rounded to the dtype (nearest even), integers in
 * [lo, hi] (inclusive). */
static void buf_rand(kcase *c, const char *name, size_t n, double lo, double hi)
{
    buffer *b = new_buf(c, name, n);
    if (!b)
        return;
    tl_dtype dt = c->spec[arg_index(c, name)]->dtype;
    for (size_t i = 0; i < n; i++)
        put(b, i, tl_dtype_is_float(dt) ? tc_interp_float_bits(urand(lo, hi), float_kind(c, dt), false)
                                        : (uint64_t)irand((int64_t)lo, (int64_t)hi));
}

/* n elements with the values v[0..nv) repeated (integers, or floats rounded to the dtype). */
static void buf_vals(kcase *c, const char *name, size_t n, int nv, const double *v)
{
    buffer *b = new_buf(c, name, n);
    if (!b)
        return;
    tl_dtype dt = c->spec[arg_index(c, name)]->dtype;
    for (size_t i = 0; i < n; i++)
        put(b, i, tl_dtype_is_float(dt) ? tc_interp_float_bits(v[i % (size_t)nv], float_kind(c, dt), false)
                                        : (uint64_t)(int64_t)v[i % (size_t)nv]);
}
#define VALS(...) (int)(sizeof((double[]){__VA_ARGS__}) / sizeof(double)), (double[]){__VA_ARGS__}

static void buf_zero(kcase *c, const char *name, size_t n) { new_buf(c, name, n); }

static void scalar(kcase *c, const char *name, double v)
{
    int i = arg_index(c, name);
    if (i < 0)
        return;
    c->ival[i] = (int64_t)v;
    c->fval[i] = v;
    c->set[i] = true;
}

static void grid(kcase *c, unsigned x, unsigned y, unsigned z)
{
    c->grid[0] = x;
    c->grid[1] = y;
    c->grid[2] = z;
}

static void mode(kcase *c, const char *name, expect e)
{
    int i = arg_index(c, name);
    if (i >= 0)
        c->mode[i] = e;
}

static void mode_all(kcase *c, expect e)
{
    for (int i = 0; i < c->nargs; i++)
        c->mode[i] = e;
}

#define CDIV(a, b) (((a) + (b) - 1) / (b))

/* ---- recipes: one per kernel whose generic inputs are not valid ------------------------------
 * The generic recipe: every pointer 4096 elements uniform in [-2, 2) (integers 0..6), grid 1,
 * buffers expected exact. A recipe sets what differs; an integer scalar it leaves unset is an
 * error (no guessing of lengths). Shapes follow each kernels/NAME.py's reference or
 * model_cases, sized to keep the interpreter fast. */

static void r_vector_add(kcase *c)
{
    int n = 100003; /* ragged: the last program masked */
    buf_rand(c, "x_ptr", n, -2, 2), buf_rand(c, "y_ptr", n, -2, 2), buf_zero(c, "output_ptr", n);
    scalar(c, "n_elements", n);
    grid(c, CDIV(n, 1024), 1, 1); /* BLOCK_SIZE=1024 */
}

static void r_vector_add_xla(kcase *c)
{
    int n = 100003;
    buf_rand(c, "x_ptr", n, -2, 2), buf_rand(c, "y_ptr", n, -2, 2), buf_zero(c, "output_ptr", n);
    buf_vals(c, "n_elements_ptr", 1, VALS(n));
    grid(c, CDIV(n, 1024), 1, 1);
}

static void r_softmax_xla(kcase *c)
{
    int rows = 37; /* N_COLS=1000 BLOCK=1024 */
    buf_rand(c, "in_ptr", (size_t)rows * 1000, -4, 4), buf_zero(c, "out_ptr", (size_t)rows * 1000);
    grid(c, rows, 1, 1);
    mode_all(c, FLOAT);
}

static void r_arith_float(kcase *c) /* B=128 */
{
    buf_rand(c, "x", 128, -4, 4), buf_rand(c, "y", 128, -4, 4), buf_zero(c, "o", 128);
    scalar(c, "n", 120);
    mode_all(c, FLOAT);
}

/* B=64. Every program stores the same o[0..B) (a benign race: the same values), then its own
 * o[p], p = 4 * pid0 + pid1 + num_programs(0) + pid2: with 64 x 2 programs each p is distinct
 * and past B, so that no element is written twice with different values in a racing order. */
static void r_arith_int(kcase *c)
{
    buf_rand(c, "x", 64, -1000, 1000), buf_rand(c, "y", 64, -1000, 1000), buf_zero(c, "o", 4 * 63 + 1 + 64 + 1);
    scalar(c, "n", 64);
    grid(c, 64, 2, 1);
}

/* B=32, one program. x within (-1, 250): every cast of it is defined (fptoui to u8 of a value
 * that does not fit is poison in LLVM; a value that truncates to 0 is fine), fp8 e4m3 included. */
static void r_casts(kcase *c)
{
    buf_rand(c, "x", 32, -0.99, 250), buf_rand(c, "i", 32, -100000, 100000);
    for (const char *const *o = (const char *const[]){"h", "bf", "f8", "f5", "o", NULL}; *o; o++)
        buf_zero(c, *o, 32);
}

/* BLOCK=4, one program. p[0] is stored twice in the program (the scalar 1 at pid * 5, then
 * z[0]), by different threads on the GPU: if it differs, that order is what was measured. */
static void r_constant_order(kcase *c) { buf_rand(c, "p", 4, -50, 50); } /* BLOCK=4 */

static void r_memory(kcase *c) /* B=64, one program: every atomic on its own address */
{
    buf_rand(c, "x", 64, -2, 2), buf_rand(c, "c", 64, 0, 7), buf_rand(c, "o", 64, -2, 2);
    c->gpu_refuses = "Triton 3.6 compiles it to PTX that ptxas refuses (a .cg load with evict_last, a .wt store "
                     "with evict_first), its Python original too: the interpreter is checked against a C reference "
                     "in CI (test_interp_kernels)";
    c->note = "one program, one address per lane: the atomics do not race";
}

/* BM=BN=64, one program. Its second block-pointer load (rows BM..2*BM) has no boundary check
 * and its block-pointer store checks columns only: M must reach 2*BM. N: a multiple of 4, so
 * that a row is 16-byte aligned, as a TMA descriptor's strides must be. */
static void r_descriptors(kcase *c)
{
    buf_rand(c, "x", 130 * 80, -2, 2), buf_zero(c, "o", 130 * 80);
    scalar(c, "M", 130), scalar(c, "N", 80);
}

static void r_reductions(kcase *c) /* M=16 N=32 */
{
    buf_rand(c, "x", 16 * 32, -2, 2);
    c->note = "o: sums, cumsum, cumprod in float (FLOAT); idx: argmax/argmin indices (exact)";
    mode(c, "o", FLOAT);
}

static void r_custom_combine(kcase *c) /* N=64 */
{
    buf_rand(c, "x", 64, -2, 2);
    mode_all(c, ORDER);
    c->mode[0] = EXACT; /* x, only read */
    c->note = "o: _combine (a * b + 1) is not associative: its reduce and scan are the combine order's";
}

static void r_control(kcase *c) /* B=128 */
{
    int n = 1000;
    buf_rand(c, "x", n, -2, 2), buf_zero(c, "o", 2 * 128);
    scalar(c, "n", n);
    grid(c, CDIV(n, 128) + 1, 1, 1);
    mode_all(c, FLOAT);
}

static void r_debug_and_asm(kcase *c) /* B=64; prints 64 lanes on both sides */
{
    buf_rand(c, "x", 64, -2, 2), buf_zero(c, "o", 64);
    mode_all(c, FLOAT); /* tanh */
}

static void r_random_k(kcase *c) /* B=64 */
{
    buf_rand(c, "x", 64, -2, 2), buf_zero(c, "o", 64);
    scalar(c, "seed", 1234);
    mode_all(c, FLOAT); /* randn: log, sqrt, cos */
}

static void r_shapes(kcase *c) /* M=16 N=32 */
{
    buf_rand(c, "x", 16 * 32, -2, 2), buf_zero(c, "o", 16 * 32);
    mode_all(c, FLOAT); /* the sums */
}

static void r_dots(kcase *c) /* M=64 N=64 K=32 */
{
    buf_rand(c, "a", 64 * 32, -1, 1), buf_rand(c, "b", 32 * 64, -1, 1);
    buf_rand(c, "f8a", 64 * 32, -1, 1), buf_rand(c, "f8b", 32 * 64, -1, 1), buf_zero(c, "c", 64 * 64);
    mode_all(c, FLOAT);
    c->rtol = 4e-3; /* f16's */
    c->note = "c held to f16's tolerance: its out_dtype=float16 dot accumulates in f16 on the tensor "
              "cores and in f32 in the interpreter, and the fp8 dot (max_num_imprecise_acc=32) keeps "
              "fewer accumulator bits on Hopper, which the interpreter ignores (docs/interpreter.md)";
}

static void r_softmax(kcase *c) /* BLOCK=1024: rows of 781 */
{
    int rows = 64, cols = 781;
    buf_rand(c, "in_ptr", (size_t)rows * cols, -4, 4), buf_zero(c, "out_ptr", (size_t)rows * cols);
    scalar(c, "in_row_stride", cols), scalar(c, "out_row_stride", cols), scalar(c, "n_cols", cols);
    grid(c, rows, 1, 1);
    mode_all(c, FLOAT);
}

static void matmul_setup(kcase *c, int m, int n, int k) /* BLOCK_M=BLOCK_N=128 */
{
    buf_rand(c, "a_ptr", (size_t)m * k, -1, 1), buf_rand(c, "b_ptr", (size_t)k * n, -1, 1);
    buf_zero(c, "c_ptr", (size_t)m * n);
    scalar(c, "M", m), scalar(c, "N", n), scalar(c, "K", k);
    scalar(c, "stride_am", k), scalar(c, "stride_ak", 1), scalar(c, "stride_bk", n), scalar(c, "stride_bn", 1);
    scalar(c, "stride_cm", n), scalar(c, "stride_cn", 1);
    grid(c, CDIV(m, 128) * CDIV(n, 128), 1, 1);
    mode_all(c, FLOAT);
}
static void r_matmul(kcase *c) { matmul_setup(c, 300, 200, 100); } /* ragged */

static void r_layer_norm_fwd(kcase *c) /* float16, BLOCK_SIZE=1024 */
{
    int rows = 32, n = 1000;
    buf_rand(c, "X", (size_t)rows * n, -2, 2), buf_zero(c, "Y", (size_t)rows * n);
    buf_rand(c, "W", n, 0.5, 1.5), buf_rand(c, "B", n, -0.5, 0.5);
    buf_zero(c, "Mean", rows), buf_zero(c, "Rstd", rows);
    scalar(c, "stride", n), scalar(c, "N", n), scalar(c, "eps", 1e-5);
    grid(c, rows, 1, 1);
    mode_all(c, FLOAT);
}

static void r_layer_norm_bwd_dx(kcase *c) /* float16, GROUP_SIZE_M=64, BLOCK_SIZE_N=1024 */
{
    int rows = 256, n = 1000, group = 64;
    buf_rand(c, "DY", (size_t)rows * n, -1, 1), buf_rand(c, "X", (size_t)rows * n, -2, 2);
    buf_zero(c, "DX", (size_t)rows * n);
    buf_rand(c, "W", n, 0.5, 1.5), buf_rand(c, "Mean", rows, -0.1, 0.1), buf_rand(c, "Rstd", rows, 0.8, 1.2);
    /* DW, DB: group partial rows; Lock: a spin lock and a count per group, zero */
    buf_zero(c, "DW", (size_t)group * n), buf_zero(c, "DB", (size_t)group * n), buf_zero(c, "Lock", 2 * group);
    scalar(c, "stride", n), scalar(c, "N", n);
    grid(c, rows, 1, 1);
    mode_all(c, FLOAT);
    mode(c, "DW", NONDET), mode(c, "DB", NONDET), mode(c, "Lock", EXACT);
    c->note = "DW, DB: rows of a group are added under a spin lock in the order programs get it, "
              "which the GPU does not fix: a float sum in a racing order";
}

static void r_layer_norm_bwd_dwdb(kcase *c) /* BLOCK_SIZE_M=32, BLOCK_SIZE_N=128 */
{
    int m = 64, n = 1000;
    buf_rand(c, "DW", (size_t)m * n, -1, 1), buf_rand(c, "DB", (size_t)m * n, -1, 1);
    buf_zero(c, "FINAL_DW", n), buf_zero(c, "FINAL_DB", n);
    scalar(c, "M", m), scalar(c, "N", n);
    grid(c, CDIV(n, 128), 1, 1);
    mode_all(c, FLOAT);
}

static void r_per_token_group_quant_fp8(kcase *c) /* bfloat16, BLOCK=128 */
{
    int tokens = 16, hidden = 512, gs = 128, groups = tokens * hidden / gs;
    buf_rand(c, "y_ptr", (size_t)tokens * hidden, -100, 100), buf_zero(c, "y_q_ptr", (size_t)tokens * hidden);
    buf_zero(c, "y_s_ptr", groups);
    scalar(c, "group_size", gs), scalar(c, "y_num_columns", hidden), scalar(c, "y_row_stride", hidden);
    scalar(c, "eps", 1e-10), scalar(c, "fp8_min", -448), scalar(c, "fp8_max", 448);
    grid(c, groups, 1, 1);
    mode_all(c, FLOAT); /* a division for the scale, then the casts */
}

static void r_flash_attention(kcase *c) /* float16, HEAD_DIM=64 BLOCK_M=128 BLOCK_N=64 */
{
    int z = 1, h = 2, n = 256, d = 64;
    size_t qkv = (size_t)z * h * n * d;
    buf_rand(c, "Q", qkv, -2, 2), buf_rand(c, "K", qkv, -2, 2), buf_rand(c, "V", qkv, -2, 2);
    buf_zero(c, "M", (size_t)z * h * n), buf_zero(c, "Out", qkv);
    scalar(c, "sm_scale", 0.125);
    const char *const t[] = {"q", "k", "v", "o"};
    char name[32];
    for (int i = 0; i < 4; i++) { /* contiguous [z, h, n, d] */
        const char *dim[] = {"z", "h", i == 0 || i == 3 ? "m" : i == 1 ? "n" : "k"};
        const long st[] = {(long)h * n * d, (long)n * d, d};
        for (int j = 0; j < 3; j++) {
            snprintf(name, sizeof name, "stride_%s%s", t[i], dim[j]);
            scalar(c, name, (double)st[j]);
        }
    }
    scalar(c, "Z", z), scalar(c, "H", h), scalar(c, "N_CTX", n);
    grid(c, CDIV(n, 128), z * h, 1);
    mode_all(c, FLOAT);
}

/* vLLM's moe_align_block_size, in C: pairs grouped by expert in order, each expert padded to
 * block; sorted[i] = pair id or numel (padding), eids[b] = expert of block b. Returns the
 * padded total. */
static int moe_align(const int *ids, int numel, int experts, int block, int *sorted, int *eids)
{
    int total = 0, nb = 0;
    for (int e = 0; e < experts; e++) {
        int start = total;
        for (int p = 0; p < numel; p++)
            if (ids[p] == e)
                sorted[total++] = p;
        while ((total - start) % block)
            sorted[total++] = numel;
        for (int b = start; b < total; b += block)
            eids[nb++] = e;
    }
    return total;
}

static void r_moe_align_block_size(kcase *c) /* NUM_EXPERTS=8 BLOCK_SIZE=64 */
{
    int numel = 333 * 2, experts = 8, block = 64;
    int max_padded = numel + experts * (block - 1), max_blocks = CDIV(max_padded, block);
    buf_rand(c, "topk_ids_ptr", numel, 0, experts - 1);
    buf_rand(c, "sorted_token_ids_ptr", max_padded, -5, -1); /* garbage the kernel must overwrite */
    buf_rand(c, "expert_ids_ptr", max_blocks, -5, -1), buf_zero(c, "num_tokens_post_padded_ptr", 1);
    scalar(c, "numel", numel), scalar(c, "max_num_tokens_padded", max_padded), scalar(c, "max_num_m_blocks", max_blocks);
}

static void r_fused_moe(kcase *c) /* bf16; BLOCK_SIZE_M=64 N=64 K=32, top_k=2 */
{
    enum { T = 40, TOPK = 2, E = 8, N = 256, K = 128, BM = 64, PAIRS = T * TOPK };
    int ids[PAIRS], sorted[PAIRS + E * BM], eids[CDIV(PAIRS + E * BM, BM)];
    for (int p = 0; p < PAIRS; p++) /* two distinct experts per token */
        ids[p] = (int)((p / TOPK * 3 + (p % TOPK) * 5) % E);
    int em = moe_align(ids, PAIRS, E, BM, sorted, eids), nb = em / BM;
    double *v = malloc(sizeof *v * (size_t)em);
    for (int i = 0; i < em; i++)
        v[i] = sorted[i];
    buf_vals(c, "sorted_token_ids_ptr", (size_t)em, em, v);
    for (int i = 0; i < nb; i++)
        v[i] = eids[i] >= E - 1 ? -1 : eids[i]; /* the last expert not owned: its rows stay zero */
    buf_vals(c, "expert_ids_ptr", (size_t)nb, nb, v);
    free(v);
    buf_vals(c, "num_tokens_post_padded_ptr", 1, VALS(em));
    buf_rand(c, "a_ptr", (size_t)T * K, -1, 1), buf_rand(c, "b_ptr", (size_t)E * N * K, -0.1, 0.1);
    buf_rand(c, "b_bias_ptr", (size_t)E * N, -0.1, 0.1), buf_zero(c, "a_scale_ptr", 1), buf_zero(c, "b_scale_ptr", 1);
    buf_rand(c, "topk_weights_ptr", PAIRS, 0, 1), buf_rand(c, "c_ptr", (size_t)PAIRS * N, -9, 9); /* rows of the expert not owned must be zeroed */
    scalar(c, "N", N), scalar(c, "K", K), scalar(c, "EM", em), scalar(c, "num_valid_tokens", PAIRS);
    scalar(c, "stride_am", K), scalar(c, "stride_ak", 1);
    scalar(c, "stride_be", (double)N * K), scalar(c, "stride_bk", 1), scalar(c, "stride_bn", K); /* b: [E, N, K] */
    scalar(c, "stride_cm", N), scalar(c, "stride_cn", 1), scalar(c, "stride_bbe", N), scalar(c, "stride_bbn", 1);
    for (const char *const *s = (const char *const[]){"stride_asm", "stride_ask", "stride_bse", "stride_bsk", "stride_bsn", NULL}; *s; s++)
        scalar(c, *s, 0);
    grid(c, (unsigned)(CDIV(em, BM) * CDIV(N, 64)), 1, 1);
    mode_all(c, FLOAT);
}

/* A paged-attention batch for unified_attention_2d / 3d and reduce_segments: 3 sequences, a
 * prefill of 9 queries on 20 cached tokens, and two decodes; 128-dim heads, 32 query heads,
 * 8 KV heads, 16-token blocks. */
enum { PA_SEQS = 3, PA_TOKENS = 11, PA_HQ = 32, PA_HKV = 8, PA_D = 128, PA_BLOCK = 16, PA_BLOCKS = 8, PA_NBLK = 20 };
static const double pa_seq_lens[PA_SEQS] = {29, 17, 100}, pa_qsl[PA_SEQS + 1] = {0, 9, 10, 11};

static void paged_inputs(kcase *c)
{
    buf_rand(c, "q_ptr", (size_t)PA_TOKENS * PA_HQ * PA_D, -2, 2);
    buf_rand(c, "k_cache_ptr", (size_t)PA_NBLK * PA_BLOCK * PA_HKV * PA_D, -2, 2);
    buf_rand(c, "v_cache_ptr", (size_t)PA_NBLK * PA_BLOCK * PA_HKV * PA_D, -2, 2);
    buf_rand(c, "sinks_ptr", PA_HQ, -1, 1);
    double bt[PA_SEQS * PA_BLOCKS]; /* distinct physical blocks, shuffled */
    for (int i = 0; i < PA_SEQS * PA_BLOCKS; i++)
        bt[i] = (i * 7) % PA_NBLK;
    buf_vals(c, "block_table_ptr", PA_SEQS * PA_BLOCKS, PA_SEQS * PA_BLOCKS, bt);
    buf_vals(c, "seq_lens_ptr", PA_SEQS, PA_SEQS, pa_seq_lens);
    buf_vals(c, "query_start_loc_ptr", PA_SEQS + 1, PA_SEQS + 1, pa_qsl);
    scalar(c, "scale", 1.0 / sqrt(PA_D)), scalar(c, "softcap", 0), scalar(c, "num_seqs", PA_SEQS);
    scalar(c, "stride_q_tok", PA_HQ * PA_D), scalar(c, "stride_q_head", PA_D), scalar(c, "stride_bt", PA_BLOCKS);
    scalar(c, "stride_k_blk", PA_BLOCK * PA_HKV * PA_D), scalar(c, "stride_k_slot", PA_HKV * PA_D);
    scalar(c, "stride_k_head", PA_D), scalar(c, "stride_v_blk", PA_BLOCK * PA_HKV * PA_D);
    scalar(c, "stride_v_slot", PA_HKV * PA_D), scalar(c, "stride_v_head", PA_D);
    mode_all(c, FLOAT);
}

static void r_unified_attention_2d(kcase *c) /* BLOCK_Q=4 */
{
    paged_inputs(c);
    buf_zero(c, "out_ptr", (size_t)PA_TOKENS * PA_HQ * PA_D);
    scalar(c, "stride_o_tok", PA_HQ * PA_D), scalar(c, "stride_o_head", PA_D);
    grid(c, PA_TOKENS / 4 + PA_SEQS, PA_HKV, 1);
}

static void r_unified_attention_3d(kcase *c) /* BLOCK_Q=4, NUM_SEGMENTS_PER_SEQ=16 */
{
    paged_inputs(c);
    size_t rows = (size_t)PA_TOKENS * PA_HQ * 16;
    buf_zero(c, "segm_output_ptr", rows * PA_D), buf_zero(c, "segm_max_ptr", rows), buf_zero(c, "segm_expsum_ptr", rows);
    grid(c, PA_TOKENS / 4 + PA_SEQS, PA_HKV, 16);
    c->rtol = 3e-2; /* bf16's */
    c->note = "held to bf16's tolerance: P is rounded to bf16 before P @ V, so where the GPU's exp2 "
              "and the C library's differ by an ulp, a P element may round to the next bf16";
}

static void r_reduce_segments(kcase *c) /* HEAD_SIZE=128, NUM_SEGMENTS_PER_SEQ=16, TILE_SIZE=16 */
{
    size_t rows = (size_t)PA_TOKENS * PA_HQ * 16;
    buf_rand(c, "segm_output_ptr", rows * PA_D, -2, 2), buf_rand(c, "segm_max_ptr", rows, -2, 2);
    buf_rand(c, "segm_expsum_ptr", rows, 0.5, 4);
    buf_vals(c, "seq_lens_ptr", PA_SEQS, PA_SEQS, pa_seq_lens);
    buf_vals(c, "query_start_loc_ptr", PA_SEQS + 1, PA_SEQS + 1, pa_qsl);
    buf_zero(c, "out_ptr", (size_t)PA_TOKENS * PA_HQ * PA_D);
    scalar(c, "num_seqs", PA_SEQS), scalar(c, "stride_o_tok", PA_HQ * PA_D), scalar(c, "stride_o_head", PA_D);
    grid(c, PA_TOKENS, PA_HQ, 1);
    mode_all(c, FLOAT);
}

typedef struct recipe {
    const char *name;
    void (*make)(kcase *);
} recipe;
static const recipe recipes[] = {
    {"vector_add", r_vector_add},
    {"vector_add_xla", r_vector_add_xla},
    {"softmax_xla", r_softmax_xla},
    {"arith_float", r_arith_float},
    {"arith_int", r_arith_int},
    {"casts", r_casts},
    {"constant_order", r_constant_order},
    {"memory", r_memory},
    {"descriptors", r_descriptors},
    {"reductions", r_reductions},
    {"custom_combine", r_custom_combine},
    {"control", r_control},
    {"debug_and_asm", r_debug_and_asm},
    {"random_k", r_random_k},
    {"shapes", r_shapes},
    {"dots", r_dots},
    {"softmax", r_softmax},
    {"matmul", r_matmul},
    {"layer_norm_fwd", r_layer_norm_fwd},
    {"layer_norm_bwd_dx", r_layer_norm_bwd_dx},
    {"layer_norm_bwd_dwdb", r_layer_norm_bwd_dwdb},
    {"per_token_group_quant_fp8", r_per_token_group_quant_fp8},
    {"flash_attention", r_flash_attention},
    {"fused_moe", r_fused_moe},
    {"moe_align_block_size", r_moe_align_block_size},
    {"unified_attention_2d", r_unified_attention_2d},
    {"unified_attention_3d", r_unified_attention_3d},
    {"reduce_segments", r_reduce_segments},
};

/* ---- running one kernel ---------------------------------------------------------------------- */

static tc_runtime *rt;   /* NULL with --interp-only */
static bool interp_only;
static bool self_check; /* --self-check: the interpreter against itself, no GPU */

static void kcase_free(kcase *c)
{
    for (int i = 0; i < MAXA; i++) {
        free(c->buf[i].init);
        free(c->buf[i].interp);
        free(c->buf[i].gpu);
    }
    tl_builder_destroy(c->b);
}

/* Builds k at its default config and applies its recipe (or the generic one). False, with
 * c->err set, when it cannot. */
static bool kcase_make(kcase *c, const tl_kernel *k, uint64_t seed)
{
    memset(c, 0, sizeof *c);
    c->k = k;
    grid(c, 1, 1, 1);
    /* Each kernel's inputs depend on the seed and its name only, not on which ran before. */
    rng_state = seed;
    for (const char *s = k->name; *s; s++)
        rng_state = rng_state * 31 + (unsigned char)*s;
    char *e = NULL;
    c->b = tl_kernel_build(k, NULL, (tl_emit_opts){0}, NULL, &e);
    if (!c->b) {
        snprintf(c->err, sizeof c->err, "build: %s", e ? e : "failed");
        free(e);
        return false;
    }
    c->nargs = tl_builder_nargs(c->b);
    if (c->nargs > MAXA) {
        snprintf(c->err, sizeof c->err, "%d arguments: more than %d", c->nargs, MAXA);
        return false;
    }
    for (int i = 0; i < c->nargs; i++)
        c->spec[i] = tl_builder_argspec(c->b, i);
    for (size_t r = 0; r < sizeof recipes / sizeof recipes[0]; r++)
        if (strcmp(recipes[r].name, k->name) == 0)
            recipes[r].make(c);
    for (int i = 0; i < c->nargs && !c->err[0]; i++) {
        if (c->set[i])
            continue;
        if (c->spec[i]->kind == TL_ARG_PTR)
            buf_rand(c, c->spec[i]->name, 4096, tl_dtype_is_float(c->spec[i]->dtype) ? -2 : 0,
                     tl_dtype_is_float(c->spec[i]->dtype) ? 2 : 6);
        else
            snprintf(c->err, sizeof c->err, "no recipe value for scalar argument %s", c->spec[i]->name);
    }
    for (int i = 0; i < c->nargs && !c->err[0]; i++) {
        if (c->spec[i]->kind != TL_ARG_PTR)
            continue;
        if (!c->buf[i].init)
            snprintf(c->err, sizeof c->err, "out of memory");
        /* Integers are exact whatever the kernel does with floats; so is a buffer the kernel
         * declares it only reads: both sides must leave it as it was. */
        bool input = false;
        for (int j = 0; j < k->inputs.n; j++)
            input |= strcmp(k->inputs.names[j], c->spec[i]->name) == 0;
        if (c->mode[i] == FLOAT && (!tl_dtype_is_float(c->spec[i]->dtype) || input))
            c->mode[i] = EXACT;
    }
    return !c->err[0];
}

static size_t bytes_of(const buffer *b) { return b->n * b->eb; }

/* The interpreter's run on copies of the inputs. False with the error in why. */
static bool run_interp(kcase *c, char *why, size_t size, double *seconds)
{
    tc_interp_arg args[MAXA];
    for (int i = 0; i < c->nargs; i++) {
        if (c->spec[i]->kind == TL_ARG_PTR) {
            buffer *b = &c->buf[i];
            free(b->interp);
            b->interp = malloc(bytes_of(b) + 1);
            if (!b->interp) {
                snprintf(why, size, "out of memory");
                return false;
            }
            memcpy(b->interp, b->init, bytes_of(b));
            args[i] = tc_interp_ptr(b->interp, bytes_of(b));
        } else if (tl_dtype_is_float(c->spec[i]->dtype)) {
            args[i] = tc_interp_float(c->fval[i]);
        } else {
            args[i] = tc_interp_int(c->ival[i]);
        }
    }
    tc_interp *ip = tc_interp_create(tl_builder_func(c->b));
    if (!ip) {
        snprintf(why, size, "out of memory");
        return false;
    }
    tc_interp_set_print_stream(ip, NULL); /* debug_and_asm prints every lane */
    double t0 = now_s();
    bool ok = tc_interp_launch_args(ip, tc_interp_grid3(c->grid[0], c->grid[1], c->grid[2]), c->nargs, args);
    if (seconds)
        *seconds = now_s() - t0;
    if (!ok)
        snprintf(why, size, "%s", tc_interp_error(ip));
    tc_interp_destroy(ip);
    return ok;
}

/* The launch's arguments for tc_launch, device buffers in dev[]. */
static void gpu_args(const kcase *c, const tc_deviceptr *dev, tc_arg *args)
{
    for (int i = 0; i < c->nargs; i++) {
        tl_dtype dt = c->spec[i]->dtype;
        tc_arg a = {.dtype = dt};
        if (c->spec[i]->kind == TL_ARG_PTR) {
            a.kind = TC_ARG_PTR;
            a.v.u = dev[i];
        } else if (tl_dtype_is_float(dt)) {
            a.kind = TC_ARG_FLOAT;
            a.v.f = c->fval[i];
        } else if (dt == TL_I1) {
            a.kind = TC_ARG_BOOL;
            a.v.u = c->ival[i] != 0;
        } else if (tl_dtype_is_unsigned(dt)) {
            a.kind = TC_ARG_UINT;
            a.v.u = (uint64_t)c->ival[i];
        } else {
            a.kind = TC_ARG_INT;
            a.v.i = c->ival[i];
        }
        args[i] = a;
    }
}

/* The GPU's runs: buffers up, one launch, buffers back; twice, from the same inputs, so that a
 * buffer the GPU writes nondeterministically is measured, not guessed (b->rerun_diff). False
 * with the runtime's error. */
static bool run_gpu(kcase *c, char *why, size_t size)
{
    tc_deviceptr dev[MAXA] = {0};
    tc_arg args[MAXA];
    unsigned char *second[MAXA] = {0};
    for (int i = 0; i < c->nargs; i++)
        if (c->spec[i]->kind == TL_ARG_PTR) {
            buffer *b = &c->buf[i];
            dev[i] = tc_alloc(rt, bytes_of(b) < 16 ? 16 : bytes_of(b));
            free(b->gpu);
            b->gpu = calloc(bytes_of(b) + 1, 1);
            second[i] = calloc(bytes_of(b) + 1, 1);
        }
    gpu_args(c, dev, args);
    tc_kernel *h = tc_kernel_get(rt, c->k, NULL, (tc_options){0});
    for (int run = 0; run < 2 && !tc_runtime_failed(rt); run++) {
        for (int i = 0; i < c->nargs; i++)
            if (dev[i])
                tc_copy_to_device(rt, dev[i], c->buf[i].init, bytes_of(&c->buf[i]));
        tc_launch_args(h, tc_grid3(c->grid[0], c->grid[1], c->grid[2]), NULL, c->nargs, args);
        tc_synchronize(rt);
        for (int i = 0; i < c->nargs; i++) {
            unsigned char *to = run ? second[i] : c->buf[i].gpu;
            if (dev[i] && to)
                tc_copy_to_host(rt, to, dev[i], bytes_of(&c->buf[i]));
        }
    }
    bool ok = !tc_runtime_failed(rt);
    for (int i = 0; i < c->nargs; i++) {
        buffer *b = &c->buf[i];
        b->rerun_diff = 0;
        for (size_t j = 0; ok && second[i] && b->gpu && j < b->n; j++)
            b->rerun_diff += memcmp(b->gpu + j * b->eb, second[i] + j * b->eb, b->eb) != 0;
        free(second[i]);
        tc_free(rt, dev[i]);
    }
    if (!ok || tc_runtime_failed(rt)) {
        snprintf(why, size, "%s", tc_runtime_error(rt));
        tc_runtime_clear_error(rt); /* the next kernel may still run (unless the context died) */
        return false;
    }
    return true;
}

/* ---- comparing ------------------------------------------------------------------------------- */

static uint64_t get(const buffer *b, const unsigned char *p, size_t i)
{
    uint64_t v = 0;
    for (size_t k = 0; k < b->eb; k++)
        v |= (uint64_t)p[i * b->eb + k] << (8 * k);
    return v;
}

/* Element i as a double: floats through their format, integers sign- or zero-extended. */
static double value(const kcase *c, tl_dtype dt, const buffer *b, const unsigned char *p, size_t i)
{
    uint64_t v = get(b, p, i);
    if (tl_dtype_is_float(dt))
        return tc_interp_float_value(v, float_kind(c, dt));
    if (dt == TL_I1 || tl_dtype_is_unsigned(dt))
        return (double)v;
    unsigned bits = (unsigned)b->eb * 8;
    if (bits < 64 && (v >> (bits - 1)) & 1)
        v |= ~0ULL << bits;
    return (double)(int64_t)v;
}

/* The default relative tolerance of a dtype: a few units in its last place. */
static double default_rtol(tl_dtype dt)
{
    switch (dt) {
    case TL_F64: return 1e-12;
    case TL_F32: return 1e-5;
    case TL_F16: return 4e-3;
    case TL_BF16: return 3e-2;
    default: return tl_dtype_is_fp8(dt) ? 0.25 : 0;
    }
}

typedef struct verdict {
    int buffers, identical, order_dependent;
    bool failed;
    double worst_abs, worst_rel;
    char bad[200]; /* the buffers that failed */
} verdict;

/* One line per buffer; updates v. */
static void compare(const kcase *c, verdict *v)
{
    for (int i = 0; i < c->nargs; i++) {
        if (c->spec[i]->kind != TL_ARG_PTR)
            continue;
        const buffer *b = &c->buf[i];
        tl_dtype dt = c->spec[i]->dtype;
        bool same = memcmp(b->interp, b->gpu, bytes_of(b)) == 0;
        expect m = b->rerun_diff ? NONDET : c->mode[i]; /* measured: the GPU disagrees with itself */
        size_t ndiff = 0, nover = 0;
        double max_abs = 0, max_rel = 0, scale = 0;
        for (size_t j = 0; j < b->n && !same; j++)
            scale = fmax(scale, fabs(value(c, dt, b, b->gpu, j)));
        double rtol = m == EXACT ? 0 : c->rtol > 0 ? c->rtol : default_rtol(dt);
        for (size_t j = 0; j < b->n && !same; j++) {
            if (get(b, b->interp, j) == get(b, b->gpu, j))
                continue;
            ndiff++;
            double x = value(c, dt, b, b->interp, j), g = value(c, dt, b, b->gpu, j);
            if (isnan(x) && isnan(g))
                continue; /* two NaNs: different bits, the same value */
            double d = x == g ? 0 : fabs(x - g); /* inf == inf */
            if (isnan(d))
                d = INFINITY;
            /* relative to the larger magnitude of the two: defined where the GPU wrote 0 */
            double rel = d == 0 ? 0 : isinf(d) ? INFINITY : d / fmax(fabs(g), fabs(x));
            max_abs = fmax(max_abs, d);
            max_rel = fmax(max_rel, rel);
            /* within: |d| <= rtol * (|gpu| + the buffer's largest |gpu|) */
            if (!(d <= rtol * (fabs(g) + scale)))
                nover++;
        }
        if (m == ORDER)
            nover = 0; /* measured, not compared */
        const char *verdict_s = same ? "identical" : m == EXACT ? "DIFFERS (expected exact)"
                                : m == ORDER ? "differs: combine order" : nover ? "OVER TOLERANCE" : "within tolerance";
        printf("  %-26s %-24s %-8s %9zu  %-9s %8zu %8zu  %10.3g %10.3g  %-6s %s\n", c->k->name, c->spec[i]->name,
               tl_dtype_name(dt), b->n, same ? "yes" : "no", ndiff, b->rerun_diff, max_abs, max_rel, expect_name[m],
               verdict_s);
        if (b->rerun_diff && c->mode[i] != NONDET)
            printf("    %s: the GPU's two runs on the same inputs differ in %zu elements: nondeterministic "
                   "there, compared with a tolerance\n", c->spec[i]->name, b->rerun_diff);
        if (!same && nover && m != EXACT)
            printf("    %zu elements over the tolerance: |interp - gpu| <= %.3g * (|gpu| + %.3g)\n", nover, rtol, scale);
        if (!same && (m == EXACT || nover)) {
            size_t len = strlen(v->bad);
            snprintf(v->bad + len, sizeof v->bad - len, "%s%s", len ? ", " : "", c->spec[i]->name);
        }
        v->buffers++;
        v->identical += same;
        v->order_dependent += !same && m == ORDER;
        v->failed |= !same && (m == EXACT || nover);
        v->worst_abs = fmax(v->worst_abs, max_abs);
        v->worst_rel = fmax(v->worst_rel, max_rel);
    }
}

/* The checksum `tritonc interpret` prints, from the same basis (tools/interpret_cmd.c says why it
 * is not quite FNV-1a's and why each keeps its own copy; this file is built with the public
 * headers only, tests/gpu/interp.sh). */
static uint64_t fnv1a(const unsigned char *p, size_t n)
{
    uint64_t h = 1469598103934665603ULL;
    for (size_t i = 0; i < n; i++)
        h = (h ^ p[i]) * 1099511628211ULL;
    return h;
}

/* ---- the summary ------------------------------------------------------------------------------ */

/* ST_ASM: the kernel holds PTX inline asm (tt.elementwise_inline_asm), which no CPU
 * interpreter runs (Triton's refuses it too): reported, not counted as a failure. */
/* ST_GPU_REFUSED: Triton cannot compile the kernel for this GPU (kcase.gpu_refuses). */
/* ST_HOST_DESC: the kernel takes host tensor descriptors (TL_TENSORDESC: tutorials 06 and 09),
 * which this check's recipes do not make (the interpreter runs them, tc_interp_desc: the CLI
 * tests check its outputs): reported, not counted as a failure (tests/gpu/run.sh and
 * tutorials_bench.sh check them on the GPU). */
typedef enum status { ST_EXACT, ST_TOL, ST_FAILED, ST_INTERP_OK, ST_ASM, ST_ORDER, ST_GPU_REFUSED, ST_HOST_DESC } status;
static const char *const status_name[] = {"exact", "within tolerance", "FAILED", "interpreter ok", "PTX inline asm",
                                          "combine order", "GPU refuses it", "host descriptors"};

/* Whether k, at its default config, takes a host tensor descriptor argument. */
static bool takes_host_descriptor(const tl_kernel *k)
{
    char *e = NULL;
    tl_builder *b = tl_kernel_build(k, NULL, (tl_emit_opts){0}, NULL, &e);
    bool any = false;
    for (int a = 0; b && a < tl_builder_nargs(b); a++)
        any = any || tl_builder_argspec(b, a)->kind == TL_ARG_TENSORDESC;
    free(e);
    tl_builder_destroy(b);
    return any;
}

typedef struct row {
    const char *name;
    status st;
    int buffers, identical;
    double worst_abs, worst_rel, interp_s;
    char why[300];
} row;

static void check_kernel(const tl_kernel *k, uint64_t seed, row *r)
{
    kcase c;
    memset(r, 0, sizeof *r);
    r->name = k->name;
    r->st = ST_FAILED;
    if (takes_host_descriptor(k)) {
        r->st = ST_HOST_DESC;
        snprintf(r->why, sizeof r->why, "host tensor descriptor arguments: no recipe here");
        printf("  %-26s skipped: host tensor descriptor arguments, which this check's recipes do not make\n", k->name);
        return;
    }
    if (!kcase_make(&c, k, seed)) {
        snprintf(r->why, sizeof r->why, "recipe: %s", c.err);
        printf("  %-26s RECIPE ERROR: %s\n", k->name, c.err);
        kcase_free(&c);
        return;
    }
    char why[256];
    if (!run_interp(&c, why, sizeof why, &r->interp_s)) {
        /* The bounds checker firing on a recipe's valid inputs is a finding too. The GPU is not
         * launched then: an access out of bounds there could take the context down. */
        const char *kind = strstr(why, "out of bounds") ? "BOUNDS CHECKER FIRED on inputs held valid"
                           : strstr(why, "not supported") ? "REJECTED by the interpreter"
                                                          : "INTERPRETER FAILED";
        snprintf(r->why, sizeof r->why, "interpreter: %s", why);
        printf("  %-26s %s: %s\n", k->name, kind, why);
        if (strstr(why, "tt.elementwise_inline_asm: op not supported"))
            r->st = ST_ASM;
        kcase_free(&c);
        return;
    }
    if (interp_only && !self_check) {
        r->st = ST_INTERP_OK;
        for (int i = 0; i < c.nargs; i++)
            if (c.spec[i]->kind == TL_ARG_PTR) {
                const buffer *b = &c.buf[i];
                size_t changed = 0; /* elements the run changed: a recipe that leaves an output as
                                       it was is suspect */
                for (size_t j = 0; j < b->n; j++)
                    changed += get(b, b->interp, j) != get(b, b->init, j);
                printf("  %-26s %-24s %-8s %9zu  %9zu  fnv1a %016llx\n", k->name, c.spec[i]->name,
                       tl_dtype_name(c.spec[i]->dtype), b->n, changed,
                       (unsigned long long)fnv1a(b->interp, bytes_of(b)));
                r->buffers++;
            }
        kcase_free(&c);
        return;
    }
    if (self_check) { /* the interpreter's second run stands for the GPU's */
        for (int i = 0; i < c.nargs; i++) {
            unsigned char *first = c.buf[i].interp;
            c.buf[i].interp = NULL;
            free(c.buf[i].gpu);
            c.buf[i].gpu = first;
        }
        if (!run_interp(&c, why, sizeof why, NULL)) {
            snprintf(r->why, sizeof r->why, "interpreter, second run: %s", why);
            kcase_free(&c);
            return;
        }
    } else if (!run_gpu(&c, why, sizeof why)) {
        snprintf(r->why, sizeof r->why, "GPU: %s", why);
        printf("  %-26s GPU FAILED: %s\n", k->name, why);
        if (c.gpu_refuses && strstr(why, "PTXAS")) {
            r->st = ST_GPU_REFUSED;
            snprintf(r->why, sizeof r->why, "%s", c.gpu_refuses);
        }
        kcase_free(&c);
        return;
    }
    verdict v = {0};
    compare(&c, &v);
    if (c.note)
        printf("    note: %s\n", c.note);
    r->buffers = v.buffers;
    r->identical = v.identical;
    r->worst_abs = v.worst_abs;
    r->worst_rel = v.worst_rel;
    r->st = v.failed ? ST_FAILED : v.order_dependent ? ST_ORDER : v.identical == v.buffers ? ST_EXACT : ST_TOL;
    if (v.failed)
        snprintf(r->why, sizeof r->why, "differs beyond what is expected: %s", v.bad);
    kcase_free(&c);
}

/* ---- speed -------------------------------------------------------------------------------------- */

/* Best of 3 interpreter runs and, on the GPU, the best of 3 rounds of 20 launches (each round
 * synchronized at its end), in seconds per launch. */
static void speed(const char *name, void (*setup)(kcase *), double elements, double macs)
{
    kcase c;
    memset(&c, 0, sizeof c);
    const tl_kernel *k = tritonc_bundled_find(name);
    if (!k || !kcase_make(&c, k, 1)) {
        printf("  %s: cannot set up: %s\n", name, k ? c.err : "no such kernel");
        kcase_free(&c);
        return;
    }
    for (int i = 0; i < c.nargs; i++) /* the speed shape over the recipe's */
        if (c.spec[i]->kind == TL_ARG_PTR) {
            free(c.buf[i].init);
            c.buf[i].init = NULL;
            c.set[i] = false;
        }
    setup(&c);
    if (c.err[0]) {
        printf("  %s: cannot set up: %s\n", name, c.err);
        kcase_free(&c);
        return;
    }
    double best = INFINITY, t;
    char why[256];
    for (int r = 0; r < 3; r++) {
        if (!run_interp(&c, why, sizeof why, &t)) {
            printf("  %s: interpreter failed: %s\n", name, why);
            kcase_free(&c);
            return;
        }
        best = fmin(best, t);
    }
    printf("  %-10s interpreter %9.3f ms  %12.4g elements/s", name, best * 1e3, elements / best);
    if (macs > 0)
        printf("  %12.4g multiply-adds/s", macs / best);
    printf("\n");
    if (interp_only) {
        kcase_free(&c);
        return;
    }
    tc_deviceptr dev[MAXA] = {0};
    tc_arg args[MAXA];
    for (int i = 0; i < c.nargs; i++)
        if (c.spec[i]->kind == TL_ARG_PTR) {
            dev[i] = tc_alloc(rt, bytes_of(&c.buf[i]));
            tc_copy_to_device(rt, dev[i], c.buf[i].init, bytes_of(&c.buf[i]));
        }
    gpu_args(&c, dev, args);
    tc_kernel *h = tc_kernel_get(rt, k, NULL, (tc_options){0});
    tc_grid g = tc_grid3(c.grid[0], c.grid[1], c.grid[2]);
    tc_launch_args(h, g, NULL, c.nargs, args); /* compiles and loads */
    tc_synchronize(rt);
    double gbest = INFINITY;
    for (int r = 0; r < 3; r++) {
        double t0 = now_s();
        for (int i = 0; i < 20; i++)
            tc_launch_args(h, g, NULL, c.nargs, args);
        tc_synchronize(rt);
        gbest = fmin(gbest, (now_s() - t0) / 20);
    }
    for (int i = 0; i < c.nargs; i++)
        tc_free(rt, dev[i]);
    if (tc_runtime_failed(rt)) {
        printf("  %-10s GPU failed: %s\n", name, tc_runtime_error(rt));
        tc_runtime_clear_error(rt);
    } else {
        printf("  %-10s GPU         %9.4f ms  %12.4g elements/s  (wall clock per launch, launch "
               "included); interpreter / GPU time: %.4g\n",
               name, gbest * 1e3, elements / gbest, best / gbest);
    }
    kcase_free(&c);
}

static void speed_vector_add(kcase *c)
{
    int n = 1 << 20;
    buf_rand(c, "x_ptr", n, -2, 2), buf_rand(c, "y_ptr", n, -2, 2), buf_zero(c, "output_ptr", n);
    scalar(c, "n_elements", n);
    grid(c, CDIV(n, 1024), 1, 1);
}
static void speed_matmul(kcase *c) { matmul_setup(c, 512, 512, 512); }

/* ---- main --------------------------------------------------------------------------------------- */

int main(int argc, char **argv)
{
    uint64_t seed = 12;
    const char *only = NULL;
    bool do_speed = true, list = false;
    for (int i = 1; i < argc; i++) {
        if (strcmp(argv[i], "--seed") == 0 && i + 1 < argc)
            seed = strtoull(argv[++i], NULL, 10);
        else if (strcmp(argv[i], "--only") == 0 && i + 1 < argc)
            only = argv[++i];
        else if (strcmp(argv[i], "--interp-only") == 0)
            interp_only = true;
        else if (strcmp(argv[i], "--self-check") == 0)
            self_check = interp_only = true;
        else if (strcmp(argv[i], "--no-speed") == 0)
            do_speed = false;
        else if (strcmp(argv[i], "--list") == 0)
            list = true;
        else {
            fprintf(stderr, "usage: interp_check [--seed N] [--only NAME] [--interp-only] [--self-check] [--no-speed] [--list]\n");
            return 2;
        }
    }
    int nk = tritonc_bundled_count();
    if (list) { /* each kernel's arguments, in order, as the recipes name them */
        for (int i = 0; i < nk; i++) {
            const tl_kernel *k = tritonc_bundled_at(i);
            char *e = NULL;
            tl_builder *b = tl_kernel_build(k, NULL, (tl_emit_opts){0}, NULL, &e);
            printf("%s:", k->name);
            for (int a = 0; b && a < tl_builder_nargs(b); a++) {
                const tl_argspec *s = tl_builder_argspec(b, a);
                printf(" %s%s:%s", s->kind == TL_ARG_PTR ? "*" : "", s->name, tl_dtype_name(s->dtype));
            }
            printf("%s\n", b ? "" : " (build failed)");
            free(e);
            tl_builder_destroy(b);
        }
        return 0;
    }
    if (!interp_only) {
        rt = tc_runtime_create(NULL);
        if (tc_runtime_failed(rt)) {
            fprintf(stderr, "interp_check: %s\n", tc_runtime_error(rt));
            tc_runtime_destroy(rt);
            return 2;
        }
    }
    printf("== interpreter against %s, every bundled kernel at its default config (seed %llu)\n",
           self_check ? "itself (--self-check)" : interp_only ? "nothing (--interp-only)" : "the GPU",
           (unsigned long long)seed);
    if (interp_only && !self_check)
        printf("  %-26s %-24s %-8s %9s  %s\n", "kernel", "argument", "dtype", "elements", "  changed  checksum after the interpreter");
    else
        printf("  %-26s %-24s %-8s %9s  %-9s %8s %8s  %10s %10s  %-6s %s\n", "kernel", "argument", "dtype", "elements",
               "identical", "differ", "rerun", "max abs", "max rel", "expect", "verdict");
    row *rows = calloc((size_t)nk, sizeof *rows);
    int n = 0, exact = 0, tol = 0, failed = 0, asm_kernels = 0, order = 0, refused = 0, host_desc = 0;
    for (int i = 0; i < nk && rows; i++) {
        const tl_kernel *k = tritonc_bundled_at(i);
        if (only && strcmp(only, k->name) != 0)
            continue;
        check_kernel(k, seed, &rows[n]);
        fflush(stdout);
        exact += rows[n].st == ST_EXACT;
        tol += rows[n].st == ST_TOL;
        failed += rows[n].st == ST_FAILED;
        asm_kernels += rows[n].st == ST_ASM;
        order += rows[n].st == ST_ORDER;
        refused += rows[n].st == ST_GPU_REFUSED;
        host_desc += rows[n].st == ST_HOST_DESC;
        n++;
    }
    if (do_speed && !only) {
        printf("\n== speed (best of 3)\n");
        speed("vector_add", speed_vector_add, 1 << 20, 0);
        speed("matmul", speed_matmul, 512.0 * 512, 512.0 * 512 * 512);
    }
    printf("\n== summary\n  %-26s %-17s %7s %9s %10s %10s %9s  %s\n", "kernel", "status", "buffers", "identical",
           "max abs", "max rel", "interp ms", "why");
    for (int i = 0; i < n; i++)
        printf("  %-26s %-17s %7d %9d %10.3g %10.3g %9.2f  %s\n", rows[i].name, status_name[rows[i].st],
               rows[i].buffers, rows[i].identical, rows[i].worst_abs, rows[i].worst_rel, rows[i].interp_s * 1e3,
               rows[i].why);
    printf("interp_check: %d kernels, %d exact, %d within tolerance, %d failed, %d with PTX inline asm (not "
           "interpretable), %d whose result is a non-associative combine's order, %d Triton cannot compile for "
           "the GPU, %d with host tensor descriptors (not compared)%s\n", n, exact, tol, failed, asm_kernels, order,
           refused, host_desc,
           self_check ? " (the interpreter against itself)" : interp_only ? " (interpreter only: nothing compared)" : "");
    free(rows);
    tc_runtime_destroy(rt);
    return failed ? 1 : 0;
}
