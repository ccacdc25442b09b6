/* parallel_layers: the program of tests/gpu/parallel_layers.sh (issue 32). Three layers made of
 * bundled kernels (parallel_layers.h: a tensor-parallel MoE, an expert-parallel MoE, a
 * tensor-parallel attention), each run on 1 device (the reference: the same kernels, unsharded),
 * then on 2, 4 and 8 devices (up to MAXDEV and the devices present) in both of tritonc's paths:
 *
 *   CUDA  tritonc/cuda.h launches on every device's stream, tritonc/nccl.h's tc_all_reduce;
 *   XLA   a sharded StableHLO program calling the kernels in its manual region, th_all_reduce,
 *         compiled and run by the PJRT plugin on N devices (skipped when no plugin is found:
 *         $TRITONC_PJRT_PLUGIN, else jax's CUDA plugin, tritonc/pjrt.h).
 *
 * Every result is compared with the one-device CUDA result (bf16 / float16 tolerance 2e-2
 * absolute + 2e-2 relative), and timed per layer (host clock, every device synchronized). One line
 * per layer and device count:
 *
 *   RESULT <layer> ndev=N ok|FAIL max_err=E time_us=T      layer: moe_tp, moe_ep, attn_tp, and
 *                                                          xla_moe_tp, xla_moe_ep, xla_attn_tp
 *
 *   parallel_layers [MAXDEV [ITERS]] [--no-xla]
 *
 * Exit status 0 when every check passed, 1 otherwise, 2 when the CUDA runtime cannot start. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "parallel_cuda.h"
#include "parallel_xla.h"

static int failures;

static void result(const char *layer, int ndev, bool ok, double max_err, double us, const char *note)
{
    printf("RESULT %-12s ndev=%d %s max_err=%.4g time_us=%.1f%s%s\n", layer, ndev, ok ? "ok" : "FAIL", max_err, us,
           note && *note ? " " : "", note ? note : "");
    fflush(stdout);
    failures += !ok;
}

typedef struct layers {
    pl_moe moe;
    pl_attn attn;
    pl_moe_data moe_data;
    pl_attn_data attn_data;
    uint16_t *moe_ref, *attn_ref; /* the one-device CUDA results */
    size_t moe_n, attn_n;
    int warmup, iters;
} layers;

/* The three layers on the CUDA path at ndev devices (comm over them, NULL for one). */
static void cuda_layers(tc_runtime *rt, layers *L, int ndev, tc_comm *comm)
{
    static const char *const names[] = {"moe_tp", "moe_ep", "attn_tp"};
    for (int k = 0; k < 3; k++) {
        bool attn = k == 2;
        size_t n = attn ? L->attn_n : L->moe_n;
        uint16_t *ref = attn ? L->attn_ref : L->moe_ref;
        pl_run run = {.ndev = ndev, .warmup = L->warmup, .iters = L->iters, .comm = comm, .out = malloc(n * 2)};
        char err[512] = "";
        bool ok = run.out && (attn ? pl_cuda_attn(rt, &L->attn, &L->attn_data, &run, err, sizeof err)
                                   : pl_cuda_moe(rt, &L->moe, &L->moe_data, k == 1, &run, err, sizeof err));
        if (!ok && !*err)
            snprintf(err, sizeof err, "%s", run.out ? tc_runtime_error(rt) : "out of memory");
        tc_runtime_clear_error(rt);
        bool close = false;
        double max_err = 0;
        if (ok && ndev == 1 && k != 1) { /* the reference */
            memcpy(ref, run.out, n * 2);
            close = true;
        } else if (ok) {
            max_err = pl_compare(run.out, ref, n, !attn, &close);
        }
        result(names[k], ndev, ok && close && run.same, max_err, run.us,
               !ok ? err : !run.same ? "(the devices' results differ)" : "");
        free(run.out);
    }
}

static void xla_layers(tp_runtime *rt, layers *L, int ndev)
{
    static const char *const names[] = {"xla_moe_tp", "xla_moe_ep", "xla_attn_tp"};
    for (int k = 0; k < 3; k++) {
        bool attn = k == 2;
        size_t n = attn ? L->attn_n : L->moe_n;
        pl_xla_run run = {.ndev = ndev, .warmup = L->warmup, .iters = L->iters, .out = malloc(n * 2)};
        char err[1024] = "";
        bool ok = run.out && (attn ? pl_xla_attn(rt, &L->attn, &L->attn_data, &run, err, sizeof err)
                                   : pl_xla_moe(rt, &L->moe, &L->moe_data, k == 1, &run, err, sizeof err));
        tp_runtime_clear_error(rt);
        bool close = false;
        double max_err = ok ? pl_compare(run.out, attn ? L->attn_ref : L->moe_ref, n, !attn, &close) : 0;
        char note[64];
        snprintf(note, sizeof note, "compile_ms=%.0f", run.compile_ms);
        result(names[k], ndev, ok && close && run.same, max_err, run.us,
               !ok ? err : !run.same ? "(the devices' results differ)" : note);
        free(run.out);
    }
}

int main(int argc, char **argv)
{
    int maxdev = 0, iters = 20;
    bool xla = true;
    for (int i = 1, pos = 0; i < argc; i++) {
        if (strcmp(argv[i], "--no-xla") == 0)
            xla = false;
        else if (pos++ == 0)
            maxdev = atoi(argv[i]);
        else
            iters = atoi(argv[i]);
    }
    tc_runtime *rt = tc_runtime_create(NULL);
    if (!rt || tc_runtime_failed(rt)) {
        fprintf(stderr, "parallel_layers: %s\n", rt ? tc_runtime_error(rt) : "out of memory");
        tc_runtime_destroy(rt);
        return 2;
    }
    int present = tc_device_count(rt);
    if (maxdev < 1 || maxdev > present)
        maxdev = present;
    if (maxdev > PL_MAXDEV)
        maxdev = PL_MAXDEV;
    layers L = {.moe = {.tokens = 512, .hidden = 1024, .inter = 2048, .experts = 8, .top_k = 2},
                .attn = {.seq = 2048, .heads = 16, .head_dim = 64, .model = 1024},
                .warmup = 3,
                .iters = iters > 0 ? iters : 20};
    L.moe_n = (size_t)pl_moe_pairs(&L.moe) * L.moe.hidden;
    L.attn_n = (size_t)L.attn.seq * L.attn.model;
    L.moe_ref = malloc(L.moe_n * 2);
    L.attn_ref = malloc(L.attn_n * 2);
    if (!L.moe_ref || !L.attn_ref || !pl_moe_data_make(&L.moe, &L.moe_data) ||
        !pl_attn_data_make(&L.attn, &L.attn_data)) {
        fprintf(stderr, "parallel_layers: out of memory\n");
        return 2;
    }
    printf("parallel_layers: %d device%s used of %d, sm_%d; moe T=%d D=%d I=%d E=%d top_k=%d; attention S=%d H=%d "
           "Dh=%d Dm=%d causal; %d timed runs\n",
           maxdev, maxdev == 1 ? "" : "s", present, tc_runtime_arch(rt), L.moe.tokens, L.moe.hidden, L.moe.inter,
           L.moe.experts, L.moe.top_k, L.attn.seq, L.attn.heads, L.attn.head_dim, L.attn.model, L.iters);
    fflush(stdout);
    for (int ndev = 1; ndev <= maxdev; ndev *= 2) {
        tc_comm *comm = NULL;
        if (ndev > 1 && !(comm = tc_comm_create(rt, ndev, NULL))) {
            result("comm", ndev, false, 0, 0, tc_runtime_error(rt));
            tc_runtime_clear_error(rt);
            continue;
        }
        cuda_layers(rt, &L, ndev, comm);
        tc_comm_destroy(comm);
    }
    if (xla) {
        tp_runtime *xrt = tp_runtime_create(NULL);
        if (!xrt || tp_runtime_failed(xrt)) {
            printf("parallel_layers: the XLA path skipped: %s\n", xrt ? tp_runtime_error(xrt) : "out of memory");
        } else {
            printf("parallel_layers: XLA: %s, %d device(s)\n", tp_runtime_describe(xrt), tp_runtime_num_devices(xrt));
            for (int ndev = 1; ndev <= maxdev && ndev <= tp_runtime_num_devices(xrt); ndev *= 2)
                xla_layers(xrt, &L, ndev);
        }
        tp_runtime_destroy(xrt);
    }
    pl_moe_data_free(&L.moe_data);
    pl_attn_data_free(&L.attn_data);
    free(L.moe_ref);
    free(L.attn_ref);
    tc_runtime_destroy(rt);
    printf("parallel_layers: %d check%s failed\n", failures, failures == 1 ? "" : "s");
    return failures ? 1 : 0;
}
