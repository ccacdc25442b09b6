/* Host tensor descriptors (TL_TENSORDESC arguments, tc_desc): the checks of Triton's
 * TensorDescriptor (triton/tools/tensor_descriptor.py) and of TMA at each launch, then what
 * Triton 3.6's launcher passes for one (backends/nvidia/driver.py, make_tensordesc_arg; driver.c,
 * fill_tma_descriptor): a CUtensorMap encoded with cuTensorMapEncodeTiled from the compiled
 * kernel's tensordesc metadata, by value, then the shape (i32 each) and strides (i64 each); or,
 * for a kernel compiled without TMA (no metadata), the descriptor decomposed. */
#include <inttypes.h>
#include <stdio.h>
#include <string.h>

#include "base/tma_layout.h"
#include "cuda/runtime_internal.h"

/* TMA's limit (cuTensorMapEncodeTiled): a box dimension holds at most 256 elements. The layout's
 * rules are base_tma_layout_ok's (src/base/tma_layout.h), which the interpreter checks too. */
enum { DESC_MAX_BOX = 256 };

bool cuda_desc_check(tc_kernel *k, tl_site site, int i, const tc_arg *a, tc_tensordesc *out)
{
    tc_runtime *rt = k->rt;
    const tc_param *p = &k->params[i];
    const tc_tensordesc *d = (const tc_tensordesc *)(uintptr_t)a->v.u;
    const char *kn = k->k->name;
    if (!d) {
        cuda_fail(rt, site, "argument %d (%s) of %s is a tensor descriptor: got tc_desc(NULL)", i + 1, p->name, kn);
        return false;
    }
    if (d->rank < 1 || d->rank > 5 || d->rank != p->rank) {
        cuda_fail(rt, site, "argument %d (%s) of %s is a tensor descriptor of rank %d: got rank %d", i + 1, p->name, kn,
                  p->rank, d->rank);
        return false;
    }
    if (d->dtype != p->dtype) {
        cuda_fail(rt, site, "argument %d (%s) of %s is a tensor descriptor of %s: got one of %s", i + 1, p->name, kn,
                  tl_dtype_name(p->dtype), d->dtype != TL_DTYPE_INVALID ? tl_dtype_name(d->dtype) : "no dtype");
        return false;
    }
    for (int j = 0; j < d->rank; j++)
        if (d->block_shape[j] != p->block_shape[j]) {
            char want[64] = "", got[64] = "";
            size_t nw = 0, ng = 0;
            for (int m = 0; m < d->rank; m++) {
                nw += (size_t)snprintf(want + nw, sizeof want - nw, "%s%d", m ? "x" : "", p->block_shape[m]);
                ng += (size_t)snprintf(got + ng, sizeof got - ng, "%s%d", m ? "x" : "", d->block_shape[m]);
            }
            cuda_fail(rt, site, "argument %d (%s) of %s is a tensor descriptor of %s blocks: got block_shape %s", i + 1,
                      p->name, kn, want, got);
            return false;
        }
    char why[192];
    if (!base_tma_layout_ok(d->rank, d->base, d->shape, d->strides, (int64_t)tl_dtype_bits(d->dtype) / 8,
                            d->nan_padding, tl_dtype_is_float(d->dtype), tl_dtype_name(d->dtype), why, sizeof why)) {
        cuda_fail(rt, site, "argument %d (%s) of %s: %s", i + 1, p->name, kn, why);
        return false;
    }
    *out = *d;
    return true;
}

/* Triton's TMA element types number FLOAT32_FTZ, FLOAT64 and BFLOAT16 apart from the driver's
 * CUtensorMapDataType (driver.py's TMA_DTYPE_DEVICE_TO_HOST). */
static int host_tma_type(int device_type)
{
    switch (device_type) {
    case 8: return 10;
    case 9: return 8;
    case 10: return 9;
    default: return device_type;
    }
}

/* Adds one parameter whose value is v's low bytes (an i32, i64 or i1 in its slot). */
static bool add_value(cuda_params *out, uint64_t v)
{
    if (out->n >= CUDA_MAX_PARAMS || out->next >= CUDA_MAX_PARAMS)
        return false;
    out->ext[out->next] = v;
    out->p[out->n++] = &out->ext[out->next++];
    return true;
}

static uint64_t i32_bits(int64_t v)
{
    uint32_t x = (uint32_t)v;
    uint64_t slot = 0;
    memcpy(&slot, &x, sizeof x);
    return slot;
}

/* The descriptor's parameters: encoded (m not NULL) or decomposed. */
static bool expand(tc_kernel *k, tl_site site, int which, const tc_tensordesc *d, const tc_tensordesc_meta *m,
                   cuda_params *out)
{
    tc_runtime *rt = k->rt;
    int rank = d->rank;
    int64_t shape[5];
    memcpy(shape, d->shape, sizeof shape);
    if (!m) {
        /* make_tensordesc_arg without metadata: base, shape and strides (i64), the padding (i1), then
         * the frontend's shape (i32) and strides (i64) */
        bool ok = add_value(out, d->base);
        for (int j = 0; j < rank; j++)
            ok = ok && add_value(out, (uint64_t)shape[j]);
        for (int j = 0; j < rank; j++)
            ok = ok && add_value(out, (uint64_t)d->strides[j]);
        ok = ok && add_value(out, d->nan_padding ? 1 : 0);
        for (int j = 0; j < rank; j++)
            ok = ok && add_value(out, i32_bits(shape[j]));
        for (int j = 0; j < rank; j++)
            ok = ok && add_value(out, (uint64_t)d->strides[j]);
        if (!ok)
            cuda_fail(rt, site, "kernel %s: too many parameters", k->k->name);
        return ok;
    }
    if (m->rank != rank) {
        cuda_fail(rt, site, "kernel %s: the variant's tensor descriptor %d has rank %d, the argument %d", k->k->name,
                  which + 1, m->rank, rank);
        return false;
    }
    for (int j = 0; j < rank; j++)
        if (m->block_size[j] < 1 || m->block_size[j] > DESC_MAX_BOX) {
            cuda_fail(rt, site,
                      "kernel %s: tensor descriptor %d is read in boxes of %d elements along dimension %d: TMA "
                      "takes at most %d",
                      k->k->name, which + 1, m->block_size[j], j, DESC_MAX_BOX);
            return false;
        }
    if (m->fp4_padded)
        shape[rank - 1] *= 2;
    unsigned long long dims[5] = {0}, strides[5] = {0};
    unsigned int box[5] = {0}, element_strides[5] = {1, 1, 1, 1, 1};
    for (int j = 0; j < rank; j++) {
        dims[rank - j - 1] = (unsigned long long)shape[j];
        box[rank - j - 1] = (unsigned int)m->block_size[j];
    }
    for (int j = 0; j + 1 < rank; j++)
        strides[rank - j - 2] = (unsigned long long)m->elem_size * (unsigned long long)d->strides[j];
    strides[rank - 1] = dims[rank - 1] * (rank == 1 ? (unsigned long long)m->elem_size : strides[rank - 2]);
    tcu_tensor_map *map = &out->map[which];
    int oob = d->nan_padding ? TCU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA : TCU_TENSOR_MAP_FLOAT_OOB_FILL_NONE;
    tcu_result r = rt->drv.tensor_map_encode_tiled(
        map, host_tma_type(m->elem_type), (unsigned int)rank, (void *)(uintptr_t)d->base, dims, strides, box,
        element_strides, TCU_TENSOR_MAP_INTERLEAVE_NONE, m->swizzle, TCU_TENSOR_MAP_L2_PROMOTION_L2_128B, oob);
    if (r != TCU_SUCCESS) {
        char what[128];
        snprintf(what, sizeof what, "(kernel %s, tensor descriptor %d, base 0x%" PRIx64 ")", k->k->name, which + 1,
                 (uint64_t)d->base);
        return cuda_check(rt, site, r, "cuTensorMapEncodeTiled", what);
    }
    if (out->n >= CUDA_MAX_PARAMS) {
        cuda_fail(rt, site, "kernel %s: too many parameters", k->k->name);
        return false;
    }
    out->p[out->n++] = map;
    bool ok = true;
    for (int j = 0; j < rank; j++)
        ok = ok && add_value(out, i32_bits(shape[j]));
    for (int j = 0; j < rank; j++)
        ok = ok && add_value(out, (uint64_t)d->strides[j]);
    if (!ok)
        cuda_fail(rt, site, "kernel %s: too many parameters", k->k->name);
    return ok;
}

bool cuda_params_build(tc_kernel *k, tl_site site, const cuda_loaded *l, const cuda_packed *p, cuda_params *out)
{
    const tc_variant *v = l->variant;
    out->n = out->next = 0;
    if (v->ntensordesc != 0 && (v->ntensordesc != p->ndesc || !v->tensordesc)) {
        cuda_fail(k->rt, site,
                  "kernel %s variant %s has the metadata of %d tensor descriptors, but the kernel takes %d: it was "
                  "compiled from another kernel",
                  k->k->name, l->key, v->ntensordesc, p->ndesc);
        return false;
    }
    int d = 0;
    for (int i = 0; i < p->n; i++) {
        if (d < p->ndesc && p->desc[d].slot == i) {
            if (!expand(k, site, d, &p->desc[d].d, v->ntensordesc ? &v->tensordesc[d] : NULL, out))
                return false;
            d++;
            continue;
        }
        if (out->n >= CUDA_MAX_PARAMS) {
            cuda_fail(k->rt, site, "kernel %s: too many parameters", k->k->name);
            return false;
        }
        out->p[out->n++] = (void *)&p->slot[i];
    }
    return true;
}
