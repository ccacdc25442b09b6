/* pjrt_c_api_subset.h - the part of the PJRT C API that tritonc's runtime calls.
 *
 * Written for tritonc from the public interface of openxla/xla (xla/pjrt/c/pjrt_c_api.h,
 * PJRT C API 0.114). Only what src/pjrt uses is declared; the rest of the interface is left
 * out, and pointers to structures we never look into are plain `void *`.
 *
 * How the ABI works (and what these declarations must keep exactly):
 * - A plugin is a shared object exporting `const PJRT_Api *GetPjrtApi(void)`: a table of
 *   function pointers preceded by its own size and the API version it was built with.
 * - Every call takes one "args" struct. Its first member is `struct_size`, which the caller
 *   sets to the API's PJRT_STRUCT_SIZE(type, last member it knows), TP_PJRT_STRUCT_SIZE here:
 *   the offset of the last member plus its size, trailing padding excluded. The second member
 *   is the extension chain `extension_start` (NULL here).
 * - Within one major version, members are only ever appended to args structs and functions
 *   only appended to the table. So a table slot's position never moves, and a struct laid out
 *   as below is a prefix of the same struct in any later minor version. XLA's plugins reject
 *   an args struct whose struct_size is smaller than the one they were built with (see
 *   pjrt_call_retry in call.c for what the runtime does about a newer plugin).
 * - Every function returns NULL or a PJRT_Error the caller owns and frees through the table.
 * - Table members we never call are declared as `void *` under their API names, so that the
 *   position of every member we do call is right; the table is declared only as far as the
 *   last member we call (the runtime checks the plugin's table is at least that long).
 * - Names: structs, enums and table members carry the API's names. The API names each
 *   function's type after the function itself (PJRT_Error_Destroy); here those types take a
 *   `_Fn` suffix (PJRT_Error_Destroy_Fn), as does the entry point's (PJRT_GetPjrtApi_Fn), and
 *   the macros are tritonc's (TP_PJRT_API_MAJOR for the API's PJRT_API_MAJOR). This file and
 *   the API's header are not meant to be included together.
 */
#ifndef TRITONC_PJRT_C_API_SUBSET_H
#define TRITONC_PJRT_C_API_SUBSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The version these declarations follow. A plugin of another major version is rejected;
 * a newer minor is accepted (its additions are appended, see above). */
#define TP_PJRT_API_MAJOR 0
#define TP_PJRT_API_MINOR 114

/* offsetof(T, member) + sizeof(member): what struct_size must hold. */
#define TP_PJRT_STRUCT_SIZE(T, member) (offsetof(T, member) + sizeof(((T *)0)->member))

/* ---- opaque handles ---------------------------------------------------------------------- */

typedef struct PJRT_Extension_Base PJRT_Extension_Base;
typedef struct PJRT_Error PJRT_Error;
typedef struct PJRT_Event PJRT_Event;
typedef struct PJRT_Client PJRT_Client;
typedef struct PJRT_Device PJRT_Device;
typedef struct PJRT_Executable PJRT_Executable;
typedef struct PJRT_LoadedExecutable PJRT_LoadedExecutable;
typedef struct PJRT_Buffer PJRT_Buffer;

/* ---- version ----------------------------------------------------------------------------- */

typedef struct PJRT_Api_Version {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    int major_version;
    int minor_version;
} PJRT_Api_Version;

/* ---- errors ------------------------------------------------------------------------------ */

typedef enum {
    PJRT_Error_Code_OK = 0,
    PJRT_Error_Code_CANCELLED = 1,
    PJRT_Error_Code_UNKNOWN = 2,
    PJRT_Error_Code_INVALID_ARGUMENT = 3,
    PJRT_Error_Code_DEADLINE_EXCEEDED = 4,
    PJRT_Error_Code_NOT_FOUND = 5,
    PJRT_Error_Code_ALREADY_EXISTS = 6,
    PJRT_Error_Code_PERMISSION_DENIED = 7,
    PJRT_Error_Code_RESOURCE_EXHAUSTED = 8,
    PJRT_Error_Code_FAILED_PRECONDITION = 9,
    PJRT_Error_Code_ABORTED = 10,
    PJRT_Error_Code_OUT_OF_RANGE = 11,
    PJRT_Error_Code_UNIMPLEMENTED = 12,
    PJRT_Error_Code_INTERNAL = 13,
    PJRT_Error_Code_UNAVAILABLE = 14,
    PJRT_Error_Code_DATA_LOSS = 15,
    PJRT_Error_Code_UNAUTHENTICATED = 16
} PJRT_Error_Code;

typedef struct PJRT_Error_Destroy_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Error *error;
} PJRT_Error_Destroy_Args;

typedef struct PJRT_Error_Message_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    const PJRT_Error *error;
    const char *message; /* out: lives as long as the error; not NUL-terminated */
    size_t message_size; /* out */
} PJRT_Error_Message_Args;

typedef struct PJRT_Error_GetCode_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    const PJRT_Error *error;
    PJRT_Error_Code code; /* out */
} PJRT_Error_GetCode_Args;

/* ---- named values (client options) -------------------------------------------------------- */

typedef enum {
    PJRT_NamedValue_kString = 0,
    PJRT_NamedValue_kInt64,
    PJRT_NamedValue_kInt64List,
    PJRT_NamedValue_kFloat,
    PJRT_NamedValue_kBool,
} PJRT_NamedValue_Type;

typedef struct PJRT_NamedValue {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    const char *name;
    size_t name_size;
    PJRT_NamedValue_Type type;
    union {
        const char *string_value;
        int64_t int64_value;
        const int64_t *int64_array_value;
        float float_value;
        bool bool_value;
    };
    size_t value_size; /* elements of a list or string; 1 for a scalar */
} PJRT_NamedValue;

/* ---- plugin ------------------------------------------------------------------------------ */

typedef struct PJRT_Plugin_Initialize_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
} PJRT_Plugin_Initialize_Args;

/* ---- events ------------------------------------------------------------------------------ */

typedef struct PJRT_Event_Destroy_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Event *event;
} PJRT_Event_Destroy_Args;

/* Blocks until the event is ready; returns its error (the caller frees it) or NULL. */
typedef struct PJRT_Event_Await_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Event *event;
} PJRT_Event_Await_Args;

/* ---- client ------------------------------------------------------------------------------ */

typedef struct PJRT_Client_Create_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    const PJRT_NamedValue *create_options;
    size_t num_options;
    void *kv_get_callback; /* key-value store callbacks: multi-process only, NULL here */
    void *kv_get_user_arg;
    void *kv_put_callback;
    void *kv_put_user_arg;
    PJRT_Client *client; /* out */
    void *kv_try_get_callback;
    void *kv_try_get_user_arg;
} PJRT_Client_Create_Args;

typedef struct PJRT_Client_Destroy_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Client *client;
} PJRT_Client_Destroy_Args;

typedef struct PJRT_Client_PlatformName_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Client *client;
    const char *platform_name; /* out: owned by the client; not NUL-terminated */
    size_t platform_name_size; /* out */
} PJRT_Client_PlatformName_Args;

typedef struct PJRT_Client_PlatformVersion_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Client *client;
    const char *platform_version; /* out: owned by the client; not NUL-terminated */
    size_t platform_version_size; /* out */
} PJRT_Client_PlatformVersion_Args;

typedef struct PJRT_Client_AddressableDevices_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Client *client;
    PJRT_Device *const *addressable_devices; /* out: owned by the client */
    size_t num_addressable_devices; /* out */
} PJRT_Client_AddressableDevices_Args;

/* A program to compile: format "mlir" takes MLIR text or bytecode (StableHLO). */
typedef struct PJRT_Program {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    char *code; /* not written by Compile, whatever the type says */
    size_t code_size;
    const char *format;
    size_t format_size;
} PJRT_Program;

typedef struct PJRT_Client_Compile_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Client *client;
    const PJRT_Program *program;
    const char *compile_options; /* a serialized xla.CompileOptionsProto */
    size_t compile_options_size;
    PJRT_LoadedExecutable *executable; /* out */
} PJRT_Client_Compile_Args;

/* ---- buffers ----------------------------------------------------------------------------- */

/* Element types, in the API's order (the values are the ABI). */
typedef enum {
    PJRT_Buffer_Type_INVALID,
    PJRT_Buffer_Type_PRED,
    PJRT_Buffer_Type_S8,
    PJRT_Buffer_Type_S16,
    PJRT_Buffer_Type_S32,
    PJRT_Buffer_Type_S64,
    PJRT_Buffer_Type_U8,
    PJRT_Buffer_Type_U16,
    PJRT_Buffer_Type_U32,
    PJRT_Buffer_Type_U64,
    PJRT_Buffer_Type_F16,
    PJRT_Buffer_Type_F32,
    PJRT_Buffer_Type_F64,
    PJRT_Buffer_Type_BF16,
    PJRT_Buffer_Type_C64,
    PJRT_Buffer_Type_C128,
    PJRT_Buffer_Type_F8E5M2,
    PJRT_Buffer_Type_F8E4M3FN,
    PJRT_Buffer_Type_F8E4M3B11FNUZ,
    PJRT_Buffer_Type_F8E5M2FNUZ,
    PJRT_Buffer_Type_F8E4M3FNUZ,
    /* later members (S4, U4, TOKEN, ...) are not used by tritonc */
} PJRT_Buffer_Type;

typedef enum {
    /* The plugin copies the data before the call returns. */
    PJRT_HostBufferSemantics_kImmutableOnlyDuringCall,
    /* The data must stay unchanged until done_with_host_buffer is ready. */
    PJRT_HostBufferSemantics_kImmutableUntilTransferCompletes,
    PJRT_HostBufferSemantics_kImmutableZeroCopy,
    PJRT_HostBufferSemantics_kMutableZeroCopy,
} PJRT_HostBufferSemantics;

typedef struct PJRT_Client_BufferFromHostBuffer_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Client *client;
    const void *data;
    PJRT_Buffer_Type type;
    const int64_t *dims;
    size_t num_dims;
    const int64_t *byte_strides; /* NULL: dense, row-major */
    size_t num_byte_strides;
    PJRT_HostBufferSemantics host_buffer_semantics;
    PJRT_Device *device;
    void *memory; /* PJRT_Memory *: NULL, the device's default memory */
    void *device_layout; /* PJRT_Buffer_MemoryLayout *: NULL, dense row-major */
    PJRT_Event *done_with_host_buffer; /* out: the caller destroys it */
    PJRT_Buffer *buffer; /* out: the caller destroys it */
} PJRT_Client_BufferFromHostBuffer_Args;

typedef struct PJRT_Buffer_Destroy_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Buffer *buffer;
} PJRT_Buffer_Destroy_Args;

typedef struct PJRT_Buffer_ElementType_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Buffer *buffer;
    PJRT_Buffer_Type type; /* out */
} PJRT_Buffer_ElementType_Args;

typedef struct PJRT_Buffer_Dimensions_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Buffer *buffer;
    const int64_t *dims; /* out: lives as long as the buffer */
    size_t num_dims; /* out */
} PJRT_Buffer_Dimensions_Args;

/* With dst NULL, sets dst_size to the bytes needed; otherwise copies (asynchronously: wait
 * for event) into dst, which must hold dst_size >= the bytes needed. */
typedef struct PJRT_Buffer_ToHostBuffer_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Buffer *src;
    void *host_layout; /* PJRT_Buffer_MemoryLayout *: NULL, the buffer's own (row-major) */
    void *dst;
    size_t dst_size;
    PJRT_Event *event; /* out: the caller destroys it */
} PJRT_Buffer_ToHostBuffer_Args;

/* ---- executables -------------------------------------------------------------------------- */

typedef struct PJRT_Executable_Destroy_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Executable *executable;
} PJRT_Executable_Destroy_Args;

typedef struct PJRT_Executable_NumOutputs_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Executable *executable;
    size_t num_outputs; /* out */
} PJRT_Executable_NumOutputs_Args;

typedef struct PJRT_LoadedExecutable_Destroy_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_LoadedExecutable *executable;
} PJRT_LoadedExecutable_Destroy_Args;

/* The returned executable is a new object: the caller destroys it. */
typedef struct PJRT_LoadedExecutable_GetExecutable_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_LoadedExecutable *loaded_executable;
    PJRT_Executable *executable; /* out */
} PJRT_LoadedExecutable_GetExecutable_Args;

/* All zero but struct_size: no callbacks, no launch id, nothing excluded from donation. */
typedef struct PJRT_ExecuteOptions {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    void **send_callbacks; /* PJRT_SendCallbackInfo ** */
    void **recv_callbacks; /* PJRT_RecvCallbackInfo ** */
    size_t num_send_ops;
    size_t num_recv_ops;
    int launch_id;
    const int64_t *non_donatable_input_indices;
    size_t num_non_donatable_input_indices;
    void *context; /* PJRT_ExecuteContext * */
    const char *call_location;
    size_t num_tasks;
    int *task_ids;
    int64_t *incarnation_ids;
    void *multi_slice_config; /* PJRT_MultiSlice_Config * */
    bool use_major_to_minor_data_layout_for_callbacks;
    void *hlo_output_callbacks; /* PJRT_HloOutputCallbackInfo * */
    size_t num_hlo_output_callbacks;
} PJRT_ExecuteOptions;

typedef struct PJRT_LoadedExecutable_Execute_Args {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_LoadedExecutable *executable;
    PJRT_ExecuteOptions *options;
    PJRT_Buffer *const *const *argument_lists; /* [num_devices][num_args] */
    size_t num_devices;
    size_t num_args;
    PJRT_Buffer **const *output_lists; /* [num_devices][num_outputs], filled by the call */
    PJRT_Event **device_complete_events; /* [num_devices] or NULL */
    PJRT_Device *execute_device; /* NULL: the device(s) chosen at compile time */
} PJRT_LoadedExecutable_Execute_Args;

/* ---- the table ----------------------------------------------------------------------------- */

typedef void PJRT_Error_Destroy_Fn(PJRT_Error_Destroy_Args *args);
typedef void PJRT_Error_Message_Fn(PJRT_Error_Message_Args *args);
typedef PJRT_Error *PJRT_Error_GetCode_Fn(PJRT_Error_GetCode_Args *args);
typedef PJRT_Error *PJRT_Plugin_Initialize_Fn(PJRT_Plugin_Initialize_Args *args);
typedef PJRT_Error *PJRT_Event_Destroy_Fn(PJRT_Event_Destroy_Args *args);
typedef PJRT_Error *PJRT_Event_Await_Fn(PJRT_Event_Await_Args *args);
typedef PJRT_Error *PJRT_Client_Create_Fn(PJRT_Client_Create_Args *args);
typedef PJRT_Error *PJRT_Client_Destroy_Fn(PJRT_Client_Destroy_Args *args);
typedef PJRT_Error *PJRT_Client_PlatformName_Fn(PJRT_Client_PlatformName_Args *args);
typedef PJRT_Error *PJRT_Client_PlatformVersion_Fn(PJRT_Client_PlatformVersion_Args *args);
typedef PJRT_Error *PJRT_Client_AddressableDevices_Fn(PJRT_Client_AddressableDevices_Args *args);
typedef PJRT_Error *PJRT_Client_Compile_Fn(PJRT_Client_Compile_Args *args);
typedef PJRT_Error *PJRT_Client_BufferFromHostBuffer_Fn(PJRT_Client_BufferFromHostBuffer_Args *args);
typedef PJRT_Error *PJRT_Executable_Destroy_Fn(PJRT_Executable_Destroy_Args *args);
typedef PJRT_Error *PJRT_Executable_NumOutputs_Fn(PJRT_Executable_NumOutputs_Args *args);
typedef PJRT_Error *PJRT_LoadedExecutable_Destroy_Fn(PJRT_LoadedExecutable_Destroy_Args *args);
typedef PJRT_Error *PJRT_LoadedExecutable_GetExecutable_Fn(PJRT_LoadedExecutable_GetExecutable_Args *args);
typedef PJRT_Error *PJRT_LoadedExecutable_Execute_Fn(PJRT_LoadedExecutable_Execute_Args *args);
typedef PJRT_Error *PJRT_Buffer_Destroy_Fn(PJRT_Buffer_Destroy_Args *args);
typedef PJRT_Error *PJRT_Buffer_ElementType_Fn(PJRT_Buffer_ElementType_Args *args);
typedef PJRT_Error *PJRT_Buffer_Dimensions_Fn(PJRT_Buffer_Dimensions_Args *args);
typedef PJRT_Error *PJRT_Buffer_ToHostBuffer_Fn(PJRT_Buffer_ToHostBuffer_Args *args);

/* The function table, members 1 to 71 of 138 (0.114). Do not reorder. */
typedef struct PJRT_Api {
    size_t struct_size;
    PJRT_Extension_Base *extension_start;
    PJRT_Api_Version pjrt_api_version;

    PJRT_Error_Destroy_Fn *PJRT_Error_Destroy;
    PJRT_Error_Message_Fn *PJRT_Error_Message;
    PJRT_Error_GetCode_Fn *PJRT_Error_GetCode;

    PJRT_Plugin_Initialize_Fn *PJRT_Plugin_Initialize;
    void *PJRT_Plugin_Attributes;

    PJRT_Event_Destroy_Fn *PJRT_Event_Destroy;
    void *PJRT_Event_IsReady;
    void *PJRT_Event_Error;
    PJRT_Event_Await_Fn *PJRT_Event_Await;
    void *PJRT_Event_OnReady;

    PJRT_Client_Create_Fn *PJRT_Client_Create;
    PJRT_Client_Destroy_Fn *PJRT_Client_Destroy;
    PJRT_Client_PlatformName_Fn *PJRT_Client_PlatformName;
    void *PJRT_Client_ProcessIndex;
    PJRT_Client_PlatformVersion_Fn *PJRT_Client_PlatformVersion;
    void *PJRT_Client_Devices;
    PJRT_Client_AddressableDevices_Fn *PJRT_Client_AddressableDevices;
    void *PJRT_Client_LookupDevice;
    void *PJRT_Client_LookupAddressableDevice;
    void *PJRT_Client_AddressableMemories;
    PJRT_Client_Compile_Fn *PJRT_Client_Compile;
    void *PJRT_Client_DefaultDeviceAssignment;
    PJRT_Client_BufferFromHostBuffer_Fn *PJRT_Client_BufferFromHostBuffer;

    void *PJRT_DeviceDescription_Id;
    void *PJRT_DeviceDescription_ProcessIndex;
    void *PJRT_DeviceDescription_Attributes;
    void *PJRT_DeviceDescription_Kind;
    void *PJRT_DeviceDescription_DebugString;
    void *PJRT_DeviceDescription_ToString;

    void *PJRT_Device_GetDescription;
    void *PJRT_Device_IsAddressable;
    void *PJRT_Device_LocalHardwareId;
    void *PJRT_Device_AddressableMemories;
    void *PJRT_Device_DefaultMemory;
    void *PJRT_Device_MemoryStats;

    void *PJRT_Memory_Id;
    void *PJRT_Memory_Kind;
    void *PJRT_Memory_DebugString;
    void *PJRT_Memory_ToString;
    void *PJRT_Memory_AddressableByDevices;

    PJRT_Executable_Destroy_Fn *PJRT_Executable_Destroy;
    void *PJRT_Executable_Name;
    void *PJRT_Executable_NumReplicas;
    void *PJRT_Executable_NumPartitions;
    PJRT_Executable_NumOutputs_Fn *PJRT_Executable_NumOutputs;
    void *PJRT_Executable_SizeOfGeneratedCodeInBytes;
    void *PJRT_Executable_GetCostAnalysis;
    void *PJRT_Executable_OutputMemoryKinds;
    void *PJRT_Executable_OptimizedProgram;
    void *PJRT_Executable_Serialize;

    PJRT_LoadedExecutable_Destroy_Fn *PJRT_LoadedExecutable_Destroy;
    PJRT_LoadedExecutable_GetExecutable_Fn *PJRT_LoadedExecutable_GetExecutable;
    void *PJRT_LoadedExecutable_AddressableDevices;
    void *PJRT_LoadedExecutable_Delete;
    void *PJRT_LoadedExecutable_IsDeleted;
    PJRT_LoadedExecutable_Execute_Fn *PJRT_LoadedExecutable_Execute;
    void *PJRT_Executable_DeserializeAndLoad;
    void *PJRT_LoadedExecutable_Fingerprint;

    PJRT_Buffer_Destroy_Fn *PJRT_Buffer_Destroy;
    PJRT_Buffer_ElementType_Fn *PJRT_Buffer_ElementType;
    PJRT_Buffer_Dimensions_Fn *PJRT_Buffer_Dimensions;
    void *PJRT_Buffer_UnpaddedDimensions;
    void *PJRT_Buffer_DynamicDimensionIndices;
    void *PJRT_Buffer_GetMemoryLayout;
    void *PJRT_Buffer_OnDeviceSizeInBytes;
    void *PJRT_Buffer_Device;
    void *PJRT_Buffer_Memory;
    void *PJRT_Buffer_Delete;
    void *PJRT_Buffer_IsDeleted;
    void *PJRT_Buffer_CopyToDevice;
    PJRT_Buffer_ToHostBuffer_Fn *PJRT_Buffer_ToHostBuffer;
    /* ... 67 more members in 0.114, none used here */
} PJRT_Api;

/* The symbol a plugin exports. */
typedef const PJRT_Api *PJRT_GetPjrtApi_Fn(void);
#define TP_PJRT_GET_API_SYMBOL "GetPjrtApi"

#endif
