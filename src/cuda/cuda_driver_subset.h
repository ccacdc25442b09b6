/* The part of the CUDA driver API (cuda.h) that the runtime calls, declared here so that
 * nothing of CUDA is needed to build tritonc: libcuda.so.1 is opened with dlopen at run time.
 * The values and layouts are the driver API's (stable across CUDA 12 and 13); only what the
 * runtime uses is declared. The names carry a tcu_ prefix so that this header never collides
 * with a real cuda.h included by the same program. */
#ifndef TRITONC_CUDA_DRIVER_SUBSET_H
#define TRITONC_CUDA_DRIVER_SUBSET_H

#include <stddef.h>

typedef int tcu_result; /* CUresult */
typedef int tcu_device; /* CUdevice */
typedef unsigned long long tcu_deviceptr; /* CUdeviceptr (64-bit) */
typedef struct tcu_ctx_st *tcu_context; /* CUcontext */
typedef struct tcu_mod_st *tcu_module; /* CUmodule */
typedef struct tcu_func_st *tcu_function; /* CUfunction */
typedef struct tcu_stream_st *tcu_stream; /* CUstream */
typedef struct tcu_event_st *tcu_event; /* CUevent */

enum {
    TCU_SUCCESS = 0,
    TCU_ERROR_INVALID_VALUE = 1,
    TCU_ERROR_OUT_OF_MEMORY = 2,
    TCU_ERROR_NOT_INITIALIZED = 3,
    TCU_ERROR_NO_DEVICE = 100,
    TCU_ERROR_INVALID_CONTEXT = 201,
    TCU_ERROR_NOT_FOUND = 500,
    TCU_ERROR_NOT_READY = 600,
};

/* CUdevice_attribute */
enum {
    TCU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
    TCU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
    TCU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN = 97,
};

/* CUfunction_attribute */
enum {
    TCU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES = 1,
    TCU_FUNC_ATTRIBUTE_NUM_REGS = 4,
    TCU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
    TCU_FUNC_ATTRIBUTE_NON_PORTABLE_CLUSTER_SIZE_ALLOWED = 14,
};

/* CUfunc_cache */
enum { TCU_FUNC_CACHE_PREFER_SHARED = 1 };

/* CUstreamCaptureStatus */
enum { TCU_STREAM_CAPTURE_STATUS_NONE = 0, TCU_STREAM_CAPTURE_STATUS_ACTIVE = 1 };

/* CUevent_flags */
enum { TCU_EVENT_DEFAULT = 0 };

/* CUstream_flags: a stream that orders with the legacy default stream, as cudaStreamCreate's */
enum { TCU_STREAM_DEFAULT = 0 };

/* CUpointer_attribute (what a collective reads of its buffers), CUmemorytype */
enum {
    TCU_POINTER_ATTRIBUTE_MEMORY_TYPE = 2,
    TCU_POINTER_ATTRIBUTE_IS_MANAGED = 8,
    TCU_POINTER_ATTRIBUTE_DEVICE_ORDINAL = 9,
};
enum { TCU_MEMORYTYPE_DEVICE = 2 };

/* CUlaunchAttributeID */
enum {
    TCU_LAUNCH_ATTRIBUTE_COOPERATIVE = 2,
    TCU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION = 4,
    TCU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE = 5,
    TCU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION = 6,
};
/* CUclusterSchedulingPolicy */
enum { TCU_CLUSTER_SCHEDULING_POLICY_SPREAD = 1 };

/* CUlaunchAttributeValue: a 64-byte union, of which we use these members (cooperative and
 * programmaticStreamSerializationAllowed are ints at its start, as the others). */
typedef union tcu_launch_attribute_value {
    char pad[64];
    int cooperative;
    struct {
        unsigned int x, y, z;
    } cluster_dim;
    int cluster_scheduling_policy_preference;
    int programmatic_stream_serialization_allowed;
} tcu_launch_attribute_value;

/* CUlaunchAttribute: the id, padded to 8 bytes, then the value. */
typedef struct tcu_launch_attribute {
    int id;
    char pad[8 - sizeof(int)];
    tcu_launch_attribute_value value;
} tcu_launch_attribute;

/* CUlaunchConfig */
typedef struct tcu_launch_config {
    unsigned int grid_dim_x, grid_dim_y, grid_dim_z;
    unsigned int block_dim_x, block_dim_y, block_dim_z;
    unsigned int shared_mem_bytes;
    tcu_stream stream;
    tcu_launch_attribute *attrs;
    unsigned int num_attrs;
} tcu_launch_config;

/* CUtensorMap: 128 opaque bytes, 64-byte aligned (Triton keeps its own 128-byte aligned). */
typedef struct tcu_tensor_map {
    _Alignas(64) unsigned long long opaque[16];
} tcu_tensor_map;
/* CUtensorMapInterleave, CUtensorMapL2promotion, CUtensorMapFloatOOBfill: the values Triton uses */
enum {
    TCU_TENSOR_MAP_INTERLEAVE_NONE = 0,
    TCU_TENSOR_MAP_L2_PROMOTION_L2_128B = 2,
    TCU_TENSOR_MAP_FLOAT_OOB_FILL_NONE = 0,
    TCU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA = 1,
};

_Static_assert(sizeof(tcu_launch_attribute) == 72, "CUlaunchAttribute is 72 bytes");
_Static_assert(sizeof(tcu_tensor_map) == 128, "CUtensorMap is 128 bytes");
_Static_assert(sizeof(tcu_launch_config) == 56 || sizeof(void *) != 8, "CUlaunchConfig is 56 bytes");

/* The driver functions, with their exported (versioned) symbol names. Each X(ret-less name,
 * symbol, parameter list). The table in driver.c is generated from this list. */
#define TCU_FUNCTIONS(X)                                                                                               \
    X(init, "cuInit", (unsigned int flags))                                                                            \
    X(driver_get_version, "cuDriverGetVersion", (int *version))                                                        \
    X(get_error_name, "cuGetErrorName", (tcu_result err, const char **name))                                           \
    X(get_error_string, "cuGetErrorString", (tcu_result err, const char **text))                                       \
    X(device_get, "cuDeviceGet", (tcu_device * dev, int ordinal))                                                      \
    X(device_get_count, "cuDeviceGetCount", (int *count))                                                              \
    X(device_get_attribute, "cuDeviceGetAttribute", (int *value, int attrib, tcu_device dev))                          \
    X(device_primary_ctx_retain, "cuDevicePrimaryCtxRetain", (tcu_context * ctx, tcu_device dev))                      \
    X(device_primary_ctx_release, "cuDevicePrimaryCtxRelease_v2", (tcu_device dev))                                    \
    X(ctx_get_current, "cuCtxGetCurrent", (tcu_context * ctx))                                                         \
    X(ctx_set_current, "cuCtxSetCurrent", (tcu_context ctx))                                                           \
    X(ctx_get_device, "cuCtxGetDevice", (tcu_device * dev))                                                            \
    X(module_load_data, "cuModuleLoadData", (tcu_module * mod, const void *image))                                     \
    X(module_unload, "cuModuleUnload", (tcu_module mod))                                                               \
    X(module_get_function, "cuModuleGetFunction", (tcu_function * fn, tcu_module mod, const char *name))               \
    X(func_get_attribute, "cuFuncGetAttribute", (int *value, int attrib, tcu_function fn))                             \
    X(func_set_attribute, "cuFuncSetAttribute", (tcu_function fn, int attrib, int value))                              \
    X(func_set_cache_config, "cuFuncSetCacheConfig", (tcu_function fn, int config))                                    \
    X(launch_kernel, "cuLaunchKernel",                                                                                 \
      (tcu_function fn, unsigned int gx, unsigned int gy, unsigned int gz, unsigned int bx, unsigned int by,           \
       unsigned int bz, unsigned int shared, tcu_stream stream, void **params, void **extra))                          \
    X(launch_kernel_ex, "cuLaunchKernelEx",                                                                            \
      (const tcu_launch_config *config, tcu_function fn, void **params, void **extra))                                 \
    X(mem_alloc, "cuMemAlloc_v2", (tcu_deviceptr * ptr, size_t bytes))                                                 \
    X(mem_free, "cuMemFree_v2", (tcu_deviceptr ptr))                                                                   \
    X(memcpy_htod, "cuMemcpyHtoD_v2", (tcu_deviceptr dst, const void *src, size_t bytes))                              \
    X(memcpy_dtoh, "cuMemcpyDtoH_v2", (void *dst, tcu_deviceptr src, size_t bytes))                                    \
    X(memset_d8, "cuMemsetD8_v2", (tcu_deviceptr dst, unsigned char value, size_t n))                                  \
    X(memset_d8_async, "cuMemsetD8Async", (tcu_deviceptr dst, unsigned char value, size_t n, tcu_stream stream))       \
    X(memcpy_dtod, "cuMemcpyDtoD_v2", (tcu_deviceptr dst, tcu_deviceptr src, size_t bytes))                            \
    X(memset_d32_async, "cuMemsetD32Async", (tcu_deviceptr dst, unsigned int value, size_t n, tcu_stream stream))      \
    X(stream_is_capturing, "cuStreamIsCapturing", (tcu_stream stream, int *status))                                    \
    X(stream_synchronize, "cuStreamSynchronize", (tcu_stream stream))                                                  \
    X(stream_create, "cuStreamCreate", (tcu_stream * stream, unsigned int flags))                                      \
    X(stream_destroy, "cuStreamDestroy_v2", (tcu_stream stream))                                                       \
    X(stream_get_ctx, "cuStreamGetCtx", (tcu_stream stream, tcu_context * ctx))                                        \
    X(pointer_get_attributes, "cuPointerGetAttributes",                                                                \
      (unsigned int n, int *attributes, void **data, tcu_deviceptr ptr))                                               \
    X(ctx_synchronize, "cuCtxSynchronize", (void))                                                                     \
    X(event_create, "cuEventCreate", (tcu_event * ev, unsigned int flags))                                             \
    X(event_destroy, "cuEventDestroy_v2", (tcu_event ev))                                                              \
    X(event_record, "cuEventRecord", (tcu_event ev, tcu_stream stream))                                                \
    X(event_synchronize, "cuEventSynchronize", (tcu_event ev))                                                         \
    X(event_elapsed_time, "cuEventElapsedTime", (float *ms, tcu_event start, tcu_event end))                           \
    X(tensor_map_encode_tiled, "cuTensorMapEncodeTiled",                                                               \
      (tcu_tensor_map * map, int dtype, unsigned int rank, void *address, const unsigned long long *dims,              \
       const unsigned long long *strides, const unsigned int *box, const unsigned int *element_strides,                \
       int interleave, int swizzle, int l2_promotion, int oob_fill))

#endif
