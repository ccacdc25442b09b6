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
 * A program over several devices (a mesh of N, tritonc/hlo_shard.h) also says
 *
 *       use_spmd_partitioning (6) = true
 *       device_assignment     (9) = DeviceAssignmentProto {
 *         replica_count (1) = 1, computation_count (2) = N,
 *         computation_devices (3) = {replica_device_ids (1) = d} for d = 0 .. N-1
 *       }
 *
 * with num_partitions N: partition d runs on the client's device d (a single host's devices are
 * numbered 0 .. N-1 by XLA's GPU client).
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

/* A length-delimited field: its key, its length, its bytes. */
static size_t put_bytes_field(unsigned char *out, unsigned field, const unsigned char *bytes, size_t n)
{
    size_t k = put_varint(out, (uint64_t)field << 3 | WIRE_LEN);
    k += put_varint(out + k, n);
    for (size_t i = 0; i < n; i++)
        out[k++] = bytes[i];
    return k;
}

/* DeviceAssignmentProto: one replica, partition d on device d. */
static size_t put_device_assignment(unsigned char *out, int num_devices)
{
    size_t n = put_int64_field(out, 1, 1); /* replica_count */
    n += put_int64_field(out + n, 2, num_devices); /* computation_count */
    for (int d = 0; d < num_devices; d++) {
        unsigned char dev[16];
        size_t nd = put_int64_field(dev, 1, d); /* replica_device_ids */
        n += put_bytes_field(out + n, 3, dev, nd); /* computation_devices */
    }
    return n;
}

size_t pjrt_compile_options(unsigned char *out, int num_devices)
{
    unsigned char build[TP_COMPILE_OPTIONS_MAX - 16];
    size_t nb = 0;
    nb += put_int64_field(build + nb, 1, -1); /* device_ordinal */
    nb += put_int64_field(build + nb, 4, 1); /* num_replicas */
    nb += put_int64_field(build + nb, 5, num_devices); /* num_partitions */
    if (num_devices > 1) {
        unsigned char assignment[TP_COMPILE_OPTIONS_MAX - 64];
        nb += put_int64_field(build + nb, 6, 1); /* use_spmd_partitioning */
        nb += put_bytes_field(build + nb, 9, assignment, put_device_assignment(assignment, num_devices));
    }

    size_t n = put_varint(out, 3u << 3 | WIRE_LEN); /* executable_build_options */
    n += put_varint(out + n, nb);
    for (size_t i = 0; i < nb; i++)
        out[n++] = build[i];
    return n;
}
