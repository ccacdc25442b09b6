/* launcher_check: the C side of tests/gpu/launcher_check.sh (issue 30), on the GPU machine:
 *
 *   (a) tensordesc   a kernel reading and writing through host tensor descriptors (TL_TENSORDESC,
 *                    tc_desc: the launcher's CUtensorMap), ragged shapes (out-of-bounds rows and
 *                    columns), float16 and float32, checked against a CPU reference;
 *   (b) pdl          a producer and a consumer kernel (whose first instruction is
 *                    griddepcontrol.wait) launched back to back without and with programmatic
 *                    dependent launch (launch_pdl), each pair timed with tc_bench, the consumer's
 *                    result checked after each;
 *   (c) maxnreg      a kernel compiled with and without maxnreg: the cubin's register count
 *                    (cuFuncGetAttribute NUM_REGS, through this program's own dlopen of the
 *                    driver) must be at most maxnreg;
 *   (d) cooperative  vector_add launched with launch_cooperative_grid: a small grid runs and is
 *                    right; a grid larger than the device holds at once is refused by the driver.
 *
 * One line "RESULT <check> ok|FAIL ..." per check. Needs only tritonc's headers (the driver is
 * opened with dlopen); built by launcher_check.sh against the static libraries. Exit status 0
 * when every check passed, 1 otherwise, 2 when the runtime cannot start. */
#define _POSIX_C_SOURCE 200809L
#include <dlfcn.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "bundled.h"
#include "tritonc/cuda.h"
#include "tritonc/tritonc.h"

/* ---- (a) a copy through host descriptors: out = in * SCALE, tile by tile ------------------------ */

typedef struct desc_cfg {
    int BM, BN;
    tl_dtype DT;
} desc_cfg;
static void desc_scale(tl_builder *b, const desc_cfg *cfg)
{
    tl_value in_desc = tl_arg(b, "in_desc", TL_TENSORDESC(cfg->DT, cfg->BM, cfg->BN));
    tl_value out_desc = tl_arg(b, "out_desc", TL_TENSORDESC(cfg->DT, cfg->BM, cfg->BN));
    tl_value m = tl_program_id(b, 0);
    tl_value n = tl_program_id(b, 1);
    tl_value t = tl_descriptor_load(in_desc, TL_LIST(tl_mul(m, cfg->BM), tl_mul(n, cfg->BN)));
    tl_descriptor_store(out_desc, TL_LIST(tl_mul(m, cfg->BM), tl_mul(n, cfg->BN)), tl_mul(t, 2.0));
}
static const desc_cfg desc_default = {64, 64, TL_F16};
static const tl_cfg_field desc_fields[] = {TL_CFG_FIELD(desc_cfg, BM, TL_CFG_INT),
                                           TL_CFG_FIELD(desc_cfg, BN, TL_CFG_INT),
                                           TL_CFG_FIELD(desc_cfg, DT, TL_CFG_DTYPE)};
TL_KERNEL(desc_scale_kernel, desc_cfg, desc_scale, .name = "desc_scale", .inputs = TL_NAMES("in_desc"),
          .outputs = TL_NAMES("out_desc"), .cfg_default = &desc_default, .nfields = 3, .fields = desc_fields);

/* ---- (b) a dependent pair: the producer writes, the consumer waits (griddepcontrol.wait) first ---- */

typedef struct pair_cfg {
    int BLOCK;
} pair_cfg;
static const pair_cfg pair_default = {1024};
static const tl_cfg_field pair_fields[] = {TL_CFG_FIELD(pair_cfg, BLOCK, TL_CFG_INT)};

/* x[i] = i * 0.5 + step. It lets the dependent grid launch at once (gdc_launch_dependents): the
 * consumer's griddepcontrol.wait still waits until this grid is done and its writes are seen. */
static void producer(tl_builder *b, const pair_cfg *cfg)
{
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_value step = tl_arg(b, "step", TL_SCALAR(TL_F32));
    tl_gdc_launch_dependents(b);
    tl_value offs = tl_add(tl_mul(tl_program_id(b, 0), cfg->BLOCK), tl_arange(b, 0, cfg->BLOCK));
    tl_value mask = tl_lt(offs, n);
    tl_store(tl_addptr(x, offs), tl_add(tl_mul(tl_cast(offs, TL_F32), 0.5), step), .mask = mask);
}
TL_KERNEL(pdl_producer_kernel, pair_cfg, producer, .name = "pdl_producer", .inputs = TL_NAMES("n", "step"),
          .outputs = TL_NAMES("x"), .cfg_default = &pair_default, .nfields = 1, .fields = pair_fields);

/* Its first instruction waits for the kernel ahead of it (Python: tl.extra.cuda.gdc_wait(), an
 * inline asm with no operand). Then y = x + 1. */
static void consumer(tl_builder *b, const pair_cfg *cfg)
{
    tl_value x = tl_arg(b, "x", TL_PTR(TL_F32));
    tl_value y = tl_arg(b, "y", TL_PTR(TL_F32));
    tl_value n = tl_arg(b, "n", TL_SCALAR(TL_I32));
    tl_gdc_wait(b);
    tl_value pid = tl_program_id(b, 0);
    tl_value offs = tl_add(tl_mul(pid, cfg->BLOCK), tl_arange(b, 0, cfg->BLOCK));
    tl_value mask = tl_lt(offs, n);
    tl_store(tl_addptr(y, offs), tl_add(tl_load(tl_addptr(x, offs), .mask = mask), 1.0), .mask = mask);
}
TL_KERNEL(pdl_consumer_kernel, pair_cfg, consumer, .name = "pdl_consumer", .inputs = TL_NAMES("x", "n"),
          .outputs = TL_NAMES("y"), .cfg_default = &pair_default, .nfields = 1, .fields = pair_fields);

/* ---- helpers ------------------------------------------------------------------------------------ */

static int failures;

static void result(const char *check, bool ok, const char *fmt, ...)
#if defined(__GNUC__)
    __attribute__((format(printf, 3, 4)))
#endif
    ;
static void result(const char *check, bool ok, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    printf("RESULT %-12s %s ", check, ok ? "ok  " : "FAIL");
    vprintf(fmt, ap);
    printf("\n");
    va_end(ap);
    fflush(stdout);
    failures += !ok;
}

/* The runtime's error as this check's failure (cleared: the next check goes on). */
static bool check_rt(tc_runtime *rt, const char *check)
{
    if (!tc_runtime_failed(rt))
        return true;
    result(check, false, "%s", tc_runtime_error(rt));
    tc_runtime_clear_error(rt);
    return false;
}

static uint16_t f16_bits(float f)
{
    /* round to nearest even, normal range only (the test's values are small integers / 4) */
    uint32_t x;
    memcpy(&x, &f, 4);
    uint32_t sign = (x >> 16) & 0x8000u, mant = x & 0x7fffffu;
    int e = (int)((x >> 23) & 0xff) - 127 + 15;
    if (f == 0)
        return (uint16_t)sign;
    uint32_t h = ((uint32_t)e << 10) | (mant >> 13);
    uint32_t rest = mant & 0x1fffu;
    if (rest > 0x1000u || (rest == 0x1000u && (h & 1)))
        h++;
    return (uint16_t)(sign | h);
}
static float f16_value(uint16_t h)
{
    int e = (h >> 10) & 0x1f, m = h & 0x3ff;
    float v = e ? ldexpf(1.0f + (float)m / 1024.0f, e - 15) : ldexpf((float)m / 1024.0f, -14);
    return (h & 0x8000) ? -v : v;
}

/* ---- (a) ---------------------------------------------------------------------------------------- */

static void check_tensordesc(tc_runtime *rt, tl_dtype dt, int rows, int cols, int ld, int bm, int bn)
{
    char name[64];
    snprintf(name, sizeof name, "tensordesc");
    size_t esize = dt == TL_F16 ? 2 : 4;
    size_t bytes = (size_t)rows * (size_t)ld * esize;
    unsigned char *host = malloc(bytes), *back = malloc(bytes);
    if (!host || !back) {
        free(host);
        free(back);
        result(name, false, "out of memory");
        return;
    }
    for (int i = 0; i < rows; i++)
        for (int j = 0; j < ld; j++) {
            float v = (float)((i * 7 + j * 3) % 29) / 4.0f - 3.0f;
            size_t at = ((size_t)i * (size_t)ld + (size_t)j) * esize;
            if (dt == TL_F16) {
                uint16_t h = f16_bits(v);
                memcpy(host + at, &h, 2);
            } else {
                memcpy(host + at, &v, 4);
            }
        }
    desc_cfg cfg = {bm, bn, dt};
    tc_kernel *k = tc_kernel_get(rt, &desc_scale_kernel, &cfg, (tc_options){0});
    tc_deviceptr in = tc_alloc(rt, bytes), out = tc_alloc(rt, bytes);
    tc_copy_to_device(rt, in, host, bytes);
    memset(back, 0x7f, bytes); /* what the kernel must not touch keeps this */
    tc_copy_to_device(rt, out, back, bytes);
    /* the tensor is rows x cols of a rows x ld buffer: the columns past cols are out of bounds */
    tc_tensordesc a = {.base = in, .dtype = dt, .rank = 2, .shape = {rows, cols}, .strides = {ld, 1},
                       .block_shape = {bm, bn}};
    tc_tensordesc o = a;
    o.base = out;
    tc_grid grid = tc_grid2(tc_cdiv((uint64_t)rows, (uint64_t)bm), tc_cdiv((uint64_t)cols, (uint64_t)bn));
    tc_launch(k, grid, NULL, tc_desc(&a), tc_desc(&o));
    tc_synchronize(rt);
    tc_copy_to_host(rt, back, out, bytes);
    tc_free(rt, in);
    tc_free(rt, out);
    if (check_rt(rt, name)) {
        long bad = 0, first = -1;
        for (int i = 0; i < rows; i++)
            for (int j = 0; j < ld; j++) {
                size_t at = ((size_t)i * (size_t)ld + (size_t)j) * esize;
                bool ok;
                if (j >= cols) {
                    ok = back[at] == 0x7f && back[at + esize - 1] == 0x7f;
                } else if (dt == TL_F16) {
                    uint16_t g, w;
                    memcpy(&g, back + at, 2);
                    memcpy(&w, host + at, 2);
                    ok = f16_value(g) == 2.0f * f16_value(w);
                } else {
                    float g, w;
                    memcpy(&g, back + at, 4);
                    memcpy(&w, host + at, 4);
                    ok = g == 2.0f * w;
                }
                if (!ok && first < 0)
                    first = (long)i * ld + j;
                bad += !ok;
            }
        char at[48] = "";
        if (bad)
            snprintf(at, sizeof at, ", first at %ld", first);
        result(name, bad == 0, "%s %dx%d (ld %d) blocks %dx%d grid %ux%u: %ld of %ld elements wrong%s",
               tl_dtype_name(dt), rows, cols, ld, bm, bn, grid.x, grid.y, bad, (long)rows * ld, at);
    }
    free(host);
    free(back);
}

/* ---- (b) ---------------------------------------------------------------------------------------- */

typedef struct pair_run {
    tc_kernel *producer, *consumer;
    tc_deviceptr x, y;
    int n;
    float step;
} pair_run;

static bool run_pair(tc_stream stream, void *user)
{
    pair_run *p = user;
    tc_grid g = tc_grid1(tc_cdiv((uint64_t)p->n, 1024));
    return tc_launch(p->producer, g, stream, tc_ptr(p->x, TL_F32), tc_i32(p->n), tc_f32(p->step)) &&
        tc_launch(p->consumer, g, stream, tc_ptr(p->x, TL_F32), tc_ptr(p->y, TL_F32), tc_i32(p->n));
}

static void check_pdl(tc_runtime *rt, int n)
{
    size_t bytes = (size_t)n * 4;
    float *back = malloc(bytes);
    tc_deviceptr x = tc_alloc(rt, bytes), y = tc_alloc(rt, bytes);
    double medians[2] = {0, 0};
    for (int pdl = 0; pdl < 2 && back; pdl++) {
        const char *name = pdl ? "pdl_on" : "pdl_off";
        pair_run p = {.producer = tc_kernel_get(rt, &pdl_producer_kernel, NULL, (tc_options){0}),
                      .consumer = tc_kernel_get(rt, &pdl_consumer_kernel, NULL, (tc_options){.launch_pdl = pdl != 0}),
                      .x = x,
                      .y = y,
                      .n = n,
                      .step = 1.0f + (float)pdl};
        static const double q[2] = {0.2, 0.8};
        tc_bench_result r = {0};
        /* no L2 flush between pairs: the flush (a memset kernel) would separate them anyway */
        bool ok = tc_bench(rt, NULL, run_pair, &p, (tc_bench_opts){.nquantiles = 2, .quantiles = q, .no_flush = true},
                           &r);
        tc_synchronize(rt);
        tc_copy_to_host(rt, back, y, bytes);
        if (!ok || !check_rt(rt, name))
            continue;
        long bad = 0;
        for (int i = 0; i < n; i++)
            bad += back[i] != (float)i * 0.5f + p.step + 1.0f;
        medians[pdl] = r.median;
        result(name, bad == 0, "producer+consumer n=%d: mean %.4f ms median %.4f ms p20 %.4f p80 %.4f (%d runs); %ld of %d "
               "results wrong",
               n, r.mean, r.median, r.quantiles[0], r.quantiles[1], r.runs, bad, n);
    }
    if (medians[0] > 0 && medians[1] > 0)
        printf("RESULT pdl_ratio    info with PDL / without: %.3f (median %.4f ms / %.4f ms)\n", medians[1] / medians[0],
               medians[1], medians[0]);
    tc_free(rt, x);
    tc_free(rt, y);
    free(back);
}

/* ---- (c) ---------------------------------------------------------------------------------------- */

typedef int (*fn_init)(unsigned);
typedef int (*fn_module_load)(void **, const void *);
typedef int (*fn_get_function)(void **, void *, const char *);
typedef int (*fn_get_attribute)(int *, int, void *);
typedef int (*fn_unload)(void *);

/* The function's NUM_REGS, loaded from v's cubin in the current context; -1 on failure. */
static int num_regs(const tc_variant *v)
{
    void *dl = dlopen("libcuda.so.1", RTLD_NOW | RTLD_LOCAL);
    if (!dl)
        return -1;
    fn_module_load load;
    fn_get_function get;
    fn_get_attribute attr;
    fn_unload unload;
    void *s1 = dlsym(dl, "cuModuleLoadData"), *s2 = dlsym(dl, "cuModuleGetFunction"),
         *s3 = dlsym(dl, "cuFuncGetAttribute"), *s4 = dlsym(dl, "cuModuleUnload");
    memcpy(&load, &s1, sizeof load);
    memcpy(&get, &s2, sizeof get);
    memcpy(&attr, &s3, sizeof attr);
    memcpy(&unload, &s4, sizeof unload);
    void *mod = NULL, *fn = NULL;
    int regs = -1;
    if (load && get && attr && v->cubin && load(&mod, v->cubin) == 0 && get(&fn, mod, v->symbol) == 0 &&
        attr(&regs, 4 /* CU_FUNC_ATTRIBUTE_NUM_REGS */, fn) != 0)
        regs = -1;
    if (mod && unload)
        unload(mod);
    dlclose(dl);
    return regs;
}

static void check_maxnreg(tc_runtime *rt)
{
    const tl_kernel *mm = tritonc_bundled_find("matmul");
    if (!mm) {
        result("maxnreg", false, "no bundled matmul");
        return;
    }
    int arch = tc_runtime_arch(rt);
    char *err = NULL;
    tc_variant *plain = tc_compile(mm, NULL, "DDDDDDD1D1D1", (tc_options){.arch = arch}, NULL, &err);
    if (!plain) {
        result("maxnreg", false, "compile without maxnreg: %s", err);
        free(err);
        return;
    }
    /* Two limits below the 218 registers it takes without one (an H100 run): at 64 Triton's own
     * ptxas step fails for this 128x128x64 tile ("Internal Triton PTX codegen error"). */
    int limits[2] = {168, 128};
    int regs_plain = num_regs(plain);
    for (int i = 0; i < 2; i++) {
        tc_variant *v =
            tc_compile(mm, NULL, "DDDDDDD1D1D1", (tc_options){.arch = arch, .maxnreg = limits[i]}, NULL, &err);
        if (!v) {
            result("maxnreg", false, "compile with maxnreg %d: %s", limits[i], err);
            free(err);
            err = NULL;
            continue;
        }
        int regs = num_regs(v);
        result("maxnreg", regs > 0 && regs <= limits[i], "matmul: %d registers per thread with maxnreg %d (%d without)",
               regs, limits[i], regs_plain);
        tc_variant_free(v);
    }
    tc_variant_free(plain);
}

/* ---- (d) ---------------------------------------------------------------------------------------- */

static void check_cooperative(tc_runtime *rt)
{
    const tl_kernel *add = tritonc_bundled_find("vector_add");
    tc_kernel *k = tc_kernel_get(rt, add, NULL, (tc_options){.launch_cooperative_grid = true});
    int n = 64 * 1024; /* 64 programs of 1024 */
    size_t bytes = (size_t)n * 4;
    float *h = malloc(bytes);
    tc_deviceptr x = tc_alloc(rt, bytes), y = tc_alloc(rt, bytes), out = tc_alloc(rt, bytes);
    for (int i = 0; h && i < n; i++)
        h[i] = (float)i;
    tc_copy_to_device(rt, x, h, bytes);
    tc_copy_to_device(rt, y, h, bytes);
    tc_launch(k, tc_grid1(n / 1024), NULL, tc_ptr(x, TL_F32), tc_ptr(y, TL_F32), tc_ptr(out, TL_F32), tc_i32(n));
    tc_synchronize(rt);
    tc_copy_to_host(rt, h, out, bytes);
    if (h && check_rt(rt, "cooperative")) {
        long bad = 0;
        for (int i = 0; i < n; i++)
            bad += h[i] != 2.0f * (float)i;
        result("cooperative", bad == 0, "vector_add n=%d, 64 programs, launch_cooperative_grid: %ld wrong", n, bad);
    }
    /* more programs than can be resident at once: the driver refuses the cooperative launch */
    bool launched = tc_launch(k, tc_grid1(1u << 20), NULL, tc_ptr(x, TL_F32), tc_ptr(y, TL_F32), tc_ptr(out, TL_F32),
                              tc_i32(n));
    const char *e = tc_runtime_error(rt);
    bool refused = !launched && e && strstr(e, "COOPERATIVE_LAUNCH_TOO_LARGE");
    result("cooperative", refused, "2^20 programs: %s", launched ? "launched (the attribute did not reach the driver?)"
                                                                 : (e ? e : "failed without an error"));
    tc_runtime_clear_error(rt);
    tc_free(rt, x);
    tc_free(rt, y);
    tc_free(rt, out);
    free(h);
}

int main(void)
{
    tc_runtime *rt = tc_runtime_create(NULL);
    if (!rt || tc_runtime_failed(rt)) {
        fprintf(stderr, "launcher_check: %s\n", rt ? tc_runtime_error(rt) : "out of memory");
        tc_runtime_destroy(rt);
        return 2;
    }
    printf("launcher_check: device sm_%d\n", tc_runtime_arch(rt));
    check_tensordesc(rt, TL_F16, 256, 192, 192, 64, 64);
    check_tensordesc(rt, TL_F16, 200, 136, 200, 64, 64); /* ragged: out-of-bounds rows and columns */
    check_tensordesc(rt, TL_F32, 130, 60, 64, 32, 32);
    check_tensordesc(rt, TL_F16, 128, 256, 256, 64, 128); /* a block wider than the 128-byte swizzle */
    check_pdl(rt, 1 << 22);
    check_maxnreg(rt);
    check_cooperative(rt);
    tc_runtime_destroy(rt);
    printf("launcher_check: %s\n", failures ? "FAILED" : "every check passed");
    return failures ? 1 : 0;
}
