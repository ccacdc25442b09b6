/* The cache's keys and checksums: 64-bit FNV-1a (base/hash.h). Not cryptographic: an entry
 * also keeps what it was made from (TTIR, options, compiler), and a hit compares those, so that
 * a collision can only cost a rebuild, never a wrong kernel. */
#include <string.h>

#include "compile/compile_internal.h"
#include "base/hash.h"

uint64_t compile_hash_str(uint64_t h, const char *s) { return s ? base_fnv1a64(h, s, strlen(s) + 1) : h; }

void compile_hash_hex(uint64_t h, char out[17])
{
    static const char digits[] = "0123456789abcdef";
    for (int i = 15; i >= 0; i--) {
        out[i] = digits[h & 15];
        h >>= 4;
    }
    out[16] = '\0';
}
