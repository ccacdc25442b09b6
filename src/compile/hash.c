/* 64-bit FNV-1a: the cache's keys and checksums. Not cryptographic: an entry also keeps what
 * it was made from (TTIR, options, compiler), and a hit compares those, so that a collision
 * can only cost a rebuild, never a wrong kernel. */
#include <string.h>

#include "compile/compile_internal.h"

#define FNV_PRIME UINT64_C(0x100000001b3)

uint64_t tc__hash(uint64_t h, const void *data, size_t size)
{
    const unsigned char *p = data;
    for (size_t i = 0; i < size; i++) {
        h ^= p[i];
        h *= FNV_PRIME;
    }
    return h;
}

uint64_t tc__hash_str(uint64_t h, const char *s)
{
    return s ? tc__hash(h, s, strlen(s) + 1) : tc__hash(h, "", 0);
}

void tc__hash_hex(uint64_t h, char out[17])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 15; i >= 0; i--) {
        out[i] = digits[h & 15];
        h >>= 4;
    }
    out[16] = '\0';
}
