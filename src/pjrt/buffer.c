/* Device buffers: tritonc dtypes as PJRT element types, host to device and back. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "pjrt/pjrt_internal.h"

PJRT_Buffer_Type pjrt_dtype_to_pjrt(tl_dtype d)
{
    switch (d) {
    case TL_I1: return PJRT_Buffer_Type_PRED;
    case TL_I8: return PJRT_Buffer_Type_S8;
    case TL_I16: return PJRT_Buffer_Type_S16;
    case TL_I32: return PJRT_Buffer_Type_S32;
    case TL_I64: return PJRT_Buffer_Type_S64;
    case TL_U8: return PJRT_Buffer_Type_U8;
    case TL_U16: return PJRT_Buffer_Type_U16;
    case TL_U32: return PJRT_Buffer_Type_U32;
    case TL_U64: return PJRT_Buffer_Type_U64;
    case TL_F16: return PJRT_Buffer_Type_F16;
    case TL_BF16: return PJRT_Buffer_Type_BF16;
    case TL_F32: return PJRT_Buffer_Type_F32;
    case TL_F64: return PJRT_Buffer_Type_F64;
    case TL_FP8E4NV: return PJRT_Buffer_Type_F8E4M3FN;
    case TL_FP8E5: return PJRT_Buffer_Type_F8E5M2;
    case TL_FP8E4B8: return PJRT_Buffer_Type_F8E4M3FNUZ;
    case TL_FP8E5B16: return PJRT_Buffer_Type_F8E5M2FNUZ;
    case TL_FP8E4B15: return PJRT_Buffer_Type_F8E4M3B11FNUZ;
    default: return PJRT_Buffer_Type_INVALID;
    }
}

tl_dtype pjrt_dtype_from_pjrt(PJRT_Buffer_Type t)
{
    for (int d = TL_DTYPE_INVALID + 1; d < TL_DTYPE_COUNT; d++)
        if (pjrt_dtype_to_pjrt((tl_dtype)d) == t)
            return (tl_dtype)d;
    return TL_DTYPE_INVALID;
}

size_t pjrt_dtype_size(tl_dtype d)
{
    if (pjrt_dtype_to_pjrt(d) == PJRT_Buffer_Type_INVALID)
        return 0;
    unsigned bits = tl_dtype_bits(d);
    return bits < 8 ? 1 : bits / 8;
}

bool pjrt_shape_bytes(th_shape s, size_t *bytes)
{
    size_t n = pjrt_dtype_size(s.dtype);
    if (!n || s.rank < 0 || s.rank > TH_MAX_RANK)
        return false;
    for (int i = 0; i < s.rank; i++) {
        if (s.dims[i] < 0 || (s.dims[i] && n > SIZE_MAX / (uint64_t)s.dims[i]))
            return false;
        n *= (size_t)s.dims[i];
    }
    *bytes = n;
    return true;
}

const char *pjrt_shape_text(th_shape s, char *buf, size_t size)
{
    th_shape_str(s, buf, size);
    return buf;
}

tp_buffer *tp_buffer_from_host_at(th_site site, tp_runtime *rt, th_shape shape, const void *data)
{
    return tp_buffer_from_host_on_at(site, rt, 0, shape, data);
}

tp_buffer *tp_buffer_from_host_on_at(th_site site, tp_runtime *rt, int device, th_shape shape, const void *data)
{
    if (!pjrt_usable(rt))
        return NULL;
    if (device < 0 || device >= rt->ndevices) {
        pjrt_fail(rt, site, "device %d: the runtime has devices 0 to %d", device, rt->ndevices - 1);
        return NULL;
    }
    char text[96];
    size_t bytes;
    if (!pjrt_shape_bytes(shape, &bytes)) {
        pjrt_fail(rt, site, "cannot make a buffer of %s", pjrt_shape_text(shape, text, sizeof text));
        return NULL;
    }
    if (!data && bytes) {
        pjrt_fail(rt, site, "NULL data for a buffer of %s", pjrt_shape_text(shape, text, sizeof text));
        return NULL;
    }
    tp_buffer *b = calloc(1, sizeof *b);
    if (!b) {
        pjrt_fail(rt, site, "out of memory");
        return NULL;
    }
    /* A zero-size tensor still needs a valid pointer. */
    static const unsigned char nothing[1];
    TP_ARGS(PJRT_Client_BufferFromHostBuffer_Args) a;
    pjrt_args_init(rt, &a, TP_S_BUFFER_FROM_HOST);
    a.a.client = rt->client;
    a.a.data = bytes ? data : nothing;
    a.a.type = pjrt_dtype_to_pjrt(shape.dtype);
    a.a.dims = shape.dims;
    a.a.num_dims = (size_t)shape.rank;
    a.a.host_buffer_semantics = PJRT_HostBufferSemantics_kImmutableUntilTransferCompletes;
    a.a.device = rt->devices[device];
    PJRT_Error *err;
    do
        err = rt->api->PJRT_Client_BufferFromHostBuffer(&a.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_BUFFER_FROM_HOST, &a.a.struct_size}}));
    if (err) {
        pjrt_fail_pjrt(rt, site, "PJRT_Client_BufferFromHostBuffer", err);
        free(b);
        return NULL;
    }
    /* The data may be read until this event: wait, so that the caller may free it. */
    if (!pjrt_event_await(rt, site, "PJRT_Client_BufferFromHostBuffer (waiting for the copy)",
                          a.a.done_with_host_buffer)) {
        pjrt_buffer_destroy(rt, a.a.buffer);
        free(b);
        return NULL;
    }
    b->rt = rt;
    b->buf = a.a.buffer;
    b->shape = shape;
    b->device = device;
    rt->live++;
    return b;
}

bool tp_buffer_to_host_at(th_site site, tp_buffer *buf, void *data, size_t size)
{
    if (!buf || !pjrt_usable(buf->rt))
        return false;
    tp_runtime *rt = buf->rt;
    size_t bytes;
    char text[96];
    if (!pjrt_shape_bytes(buf->shape, &bytes))
        bytes = 0;
    if (size < bytes || (!data && bytes)) {
        pjrt_fail(rt, site, "%zu bytes given to receive a buffer of %s (%zu bytes)", data ? size : 0,
                  pjrt_shape_text(buf->shape, text, sizeof text), bytes);
        return false;
    }
    if (!bytes)
        return true;
    TP_ARGS(PJRT_Buffer_ToHostBuffer_Args) a;
    pjrt_args_init(rt, &a, TP_S_BUFFER_TO_HOST);
    a.a.src = buf->buf;
    a.a.dst = data;
    a.a.dst_size = bytes;
    PJRT_Error *err;
    do
        err = rt->api->PJRT_Buffer_ToHostBuffer(&a.a);
    while (pjrt_call_retry(rt, &err, 1, (pjrt_sized[]){{TP_S_BUFFER_TO_HOST, &a.a.struct_size}}));
    if (err) {
        pjrt_fail_pjrt(rt, site, "PJRT_Buffer_ToHostBuffer", err);
        return false;
    }
    return pjrt_event_await(rt, site, "PJRT_Buffer_ToHostBuffer (waiting for the copy)", a.a.event);
}

th_shape tp_buffer_shape(const tp_buffer *buf)
{
    if (!buf)
        return (th_shape){TL_DTYPE_INVALID, -1, {0}};
    return buf->shape;
}

void tp_buffer_destroy(tp_buffer *buf)
{
    if (!buf)
        return;
    pjrt_buffer_destroy(buf->rt, buf->buf);
    buf->rt->live--;
    free(buf);
}

int tp_buffer_device(const tp_buffer *buf) { return buf ? buf->device : -1; }
