/* The serialized xla.CompileOptionsProto passed to PJRT_Client_Compile, written by hand.
 *
 * An empty message is not enough: its executable_build_options would say 0 replicas and 0
 * partitions, and XLA derives the device assignment from those. What jax sends for one
 * device (compiler.get_compile_options(num_replicas=1, num_partitions=1)) comes down to:
 *
 *   CompileOptionsProto {
 *     executable_build_options (field 3) = ExecutableBuildOptionsProto {
 *       device_ordinal (1) = -1    // none: XLA takes it from the device assignment
 *       num_replicas   (4) = 1
 *       num_partitions (5) = 1
 *     }
 *   }
 *
 * Protobuf wire format: each field is a key varint (field number << 3 | wire type: 0 for a
 * varint, 2 for length-delimited bytes) followed by its value; an int64 is a varint of its
 * two's-complement 64 bits (so -1 takes ten bytes); a sub-message is its length then its bytes. */
#include <stdint.h>

#include "pjrt/pjrt_internal.h"

enum { WIRE_VARINT = 0, WIRE_LEN = 2 };

static size_t put_varint(unsigned char *out, uint64_t v)
{
    size_t n = 0;
    do {
        unsigned char byte = (unsigned char)(v & 0x7f);
        v >>= 7;
        out[n++] = (unsigned char)(byte | (v ? 0x80 : 0));
    } while (v);
    return n;
}

static size_t put_int64_field(unsigned char *out, unsigned field, int64_t v)
{
    size_t n = put_varint(out, (uint64_t)field << 3 | WIRE_VARINT);
    return n + put_varint(out + n, (uint64_t)v);
}

size_t pjrt_compile_options(unsigned char *out)
{
    unsigned char build[32];
    size_t nb = 0;
    nb += put_int64_field(build + nb, 1, -1); /* device_ordinal */
    nb += put_int64_field(build + nb, 4, 1); /* num_replicas */
    nb += put_int64_field(build + nb, 5, 1); /* num_partitions */

    size_t n = put_varint(out, 3u << 3 | WIRE_LEN); /* executable_build_options */
    n += put_varint(out + n, nb);
    for (size_t i = 0; i < nb; i++)
        out[n++] = build[i];
    return n;
}
