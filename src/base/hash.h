/* Private: FNV-1a, the one hash of the libraries (64 bits: the attribute memo, the builder's
 * argument names, the compile cache's keys and checksums; 32 bits: the op names' table, the
 * printer's SSA names). Inline: the builder and the IR hash on every op they make.
 *
 * Each continues a hash h over more bytes (start from TL_FNV1A64_INIT or TL_FNV1A32_INIT, or
 * any value already mixed). The _str forms take a NUL-terminated string, its NUL left out; a
 * NULL string adds nothing. Not cryptographic. */
#ifndef TRITONC_HASH_H
#define TRITONC_HASH_H

#include <stddef.h>
#include <stdint.h>

#define TL_FNV1A64_INIT UINT64_C(0xcbf29ce484222325)
#define TL_FNV1A64_PRIME UINT64_C(0x100000001b3)
#define TL_FNV1A32_INIT UINT32_C(2166136261)
#define TL_FNV1A32_PRIME UINT32_C(16777619)

static inline uint64_t base_fnv1a64(uint64_t h, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++)
        h = (h ^ p[i]) * TL_FNV1A64_PRIME;
    return h;
}

static inline uint64_t base_fnv1a64_str(uint64_t h, const char *s)
{
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * TL_FNV1A64_PRIME;
    return h;
}

static inline uint32_t base_fnv1a32(uint32_t h, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++)
        h = (h ^ p[i]) * TL_FNV1A32_PRIME;
    return h;
}

static inline uint32_t base_fnv1a32_str(uint32_t h, const char *s)
{
    for (; s && *s; s++)
        h = (h ^ (unsigned char)*s) * TL_FNV1A32_PRIME;
    return h;
}

#endif
