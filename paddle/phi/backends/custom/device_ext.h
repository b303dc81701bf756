/* The C ABI between the core and an out-of-tree device plugin.
 *
 * A plugin is a shared library that exports
 *
 *     void InitPlugin(CustomRuntimeParams* params);
 *
 * The core calls it once, after dlopen, with `params->size` and
 * `params->interface->size` set to the sizes the core was built with. The
 * plugin checks them with PADDLE_CUSTOM_RUNTIME_CHECK_VERSION, then fills in
 * its version, device type name (e.g. "custom_cpu": the name users pass to
 * paddle.set_device) and the function table. Every function returns a
 * C_Status; anything but C_SUCCESS (C_WARNING aside) becomes an error that
 * names the plugin and the function.
 *
 * Functions marked "required" must be set; the core refuses a plugin that
 * leaves one NULL and names it. Optional ones may stay NULL: the core then
 * does without (e.g. synchronous copies instead of asynchronous ones).
 *
 * Plain C on purpose: the plugin and the core may come from different
 * compilers and standard libraries. Kernels, which are C++, are registered
 * separately with PD_REGISTER_PLUGIN_KERNEL (custom_kernel.h).
 */
#ifndef PADDLE_PHI_BACKENDS_CUSTOM_DEVICE_EXT_H_
#define PADDLE_PHI_BACKENDS_CUSTOM_DEVICE_EXT_H_

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#define PADDLE_CUSTOM_RUNTIME_MAJOR_VERSION 1
#define PADDLE_CUSTOM_RUNTIME_MINOR_VERSION 0
#define PADDLE_CUSTOM_RUNTIME_PATCH_VERSION 0

typedef enum {
  C_SUCCESS = 0,     /* done */
  C_WARNING,         /* done, but not as asked (e.g. an async copy ran synchronously) */
  C_FAILED,          /* out of resources, or the request failed */
  C_ERROR,           /* bad argument or wrong use */
  C_INTERNAL_ERROR,  /* a bug in the plugin */
} C_Status;

typedef struct C_Device_st {
  int id;
} *C_Device;
typedef struct C_Stream_st* C_Stream;
typedef struct C_Event_st* C_Event;

/* Collectives (optional): a communicator over `nranks` processes, made from
 * a root id that rank 0 creates and the launcher hands to every rank. */
typedef struct C_CCLComm_st* C_CCLComm;
typedef struct C_CCLRootId {
  void* data; /* ccl_get_unique_id_size bytes, owned by the core */
  size_t size;
} C_CCLRootId;
typedef enum {
  C_UNDEFINED_DTYPE = 0,
  C_BOOL,
  C_UINT8,
  C_INT8,
  C_INT16,
  C_INT32,
  C_INT64,
  C_FLOAT16,
  C_BFLOAT16,
  C_FLOAT32,
  C_FLOAT64,
} C_DataType;
typedef enum { C_CCL_SUM = 0, C_CCL_AVG, C_CCL_MAX, C_CCL_MIN, C_CCL_PRODUCT } C_CCLReduceOp;

typedef struct C_DeviceInterface {
  size_t size; /* sizeof(C_DeviceInterface) as the core knows it */

  /* Device */
  C_Status (*initialize)(void);                        /* optional: once, after InitPlugin */
  C_Status (*finalize)(void);                          /* optional: at process exit */
  C_Status (*init_device)(const C_Device device);      /* optional: before first use of a device */
  C_Status (*deinit_device)(const C_Device device);    /* optional */
  C_Status (*set_device)(const C_Device device);       /* required */
  C_Status (*get_device)(const C_Device device);       /* required: writes device->id */
  C_Status (*get_device_count)(size_t* count);         /* required */
  C_Status (*synchronize_device)(const C_Device device); /* required */

  /* Memory */
  C_Status (*device_memory_allocate)(const C_Device device, void** ptr, size_t size);   /* required */
  C_Status (*device_memory_deallocate)(const C_Device device, void* ptr, size_t size);  /* required */
  C_Status (*device_memory_set)(const C_Device device, void* ptr, unsigned char value,
                                size_t size);                                           /* optional */
  C_Status (*device_memory_stats)(const C_Device device, size_t* total_memory,
                                  size_t* free_memory);                                 /* optional */
  C_Status (*memory_copy_h2d)(const C_Device device, void* dst, const void* src, size_t size); /* required */
  C_Status (*memory_copy_d2h)(const C_Device device, void* dst, const void* src, size_t size); /* required */
  C_Status (*memory_copy_d2d)(const C_Device device, void* dst, const void* src, size_t size); /* required */
  C_Status (*async_memory_copy_h2d)(const C_Device device, C_Stream stream, void* dst, const void* src,
                                    size_t size); /* optional */
  C_Status (*async_memory_copy_d2h)(const C_Device device, C_Stream stream, void* dst, const void* src,
                                    size_t size); /* optional */
  C_Status (*async_memory_copy_d2d)(const C_Device device, C_Stream stream, void* dst, const void* src,
                                    size_t size); /* optional */

  /* Streams: work queued on one stream runs in order */
  C_Status (*create_stream)(const C_Device device, C_Stream* stream);       /* required */
  C_Status (*destroy_stream)(const C_Device device, C_Stream stream);       /* optional: the core keeps
                                                                               its streams until exit */
  C_Status (*synchronize_stream)(const C_Device device, C_Stream stream);   /* required */
  C_Status (*query_stream)(const C_Device device, C_Stream stream);         /* optional: C_SUCCESS when idle,
                                                                               C_WARNING while busy */

  /* Events: order work across streams */
  C_Status (*create_event)(const C_Device device, C_Event* event);                        /* required */
  C_Status (*destroy_event)(const C_Device device, C_Event event);                        /* required */
  C_Status (*record_event)(const C_Device device, C_Stream stream, C_Event event);        /* required */
  C_Status (*synchronize_event)(const C_Device device, C_Event event);                    /* required */
  C_Status (*query_event)(const C_Device device, C_Event event);  /* optional: C_SUCCESS when the recorded
                                                                     work is done, C_WARNING while pending */
  C_Status (*stream_wait_event)(const C_Device device, C_Stream stream, C_Event event);   /* required */

  /* Collectives: optional as a group, for the distributed layer; all take
   * the stream the operation is queued on. */
  C_Status (*ccl_get_unique_id_size)(size_t* size);
  C_Status (*ccl_get_unique_id)(C_CCLRootId* root_id);
  C_Status (*ccl_comm_init_rank)(size_t nranks, C_CCLRootId* root_id, size_t rank, C_CCLComm* comm);
  C_Status (*ccl_destroy_comm)(C_CCLComm comm);
  C_Status (*ccl_all_reduce)(void* send, void* recv, size_t count, C_DataType dtype, C_CCLReduceOp op,
                             C_CCLComm comm, C_Stream stream);
  C_Status (*ccl_broadcast)(void* buf, size_t count, C_DataType dtype, size_t root, C_CCLComm comm,
                            C_Stream stream);
  C_Status (*ccl_all_gather)(void* send, void* recv, size_t count, C_DataType dtype, C_CCLComm comm,
                             C_Stream stream);
  C_Status (*ccl_reduce_scatter)(void* send, void* recv, size_t count, C_DataType dtype, C_CCLReduceOp op,
                                 C_CCLComm comm, C_Stream stream);
  C_Status (*ccl_send)(void* buf, size_t count, C_DataType dtype, size_t peer, C_CCLComm comm, C_Stream stream);
  C_Status (*ccl_recv)(void* buf, size_t count, C_DataType dtype, size_t peer, C_CCLComm comm, C_Stream stream);
} C_DeviceInterface;

typedef struct CustomRuntimeVersion {
  size_t major, minor, patch;
} CustomRuntimeVersion;

typedef struct CustomRuntimeParams {
  size_t size;                   /* sizeof(CustomRuntimeParams) as the core knows it */
  C_DeviceInterface* interface;  /* filled in by the plugin; its `size` is set by the core */
  CustomRuntimeVersion version;  /* the plugin's PADDLE_CUSTOM_RUNTIME_*_VERSION */
  const char* device_type;       /* e.g. "custom_cpu": letters, digits and '_' */
  const char* sub_device_type;   /* free text, e.g. the plugin's version */
  char reserved[32];
} CustomRuntimeParams;

/* Inside InitPlugin: refuses a core whose tables are smaller than the
 * plugin's (the plugin would write past them), and records the plugin's
 * version. */
#define PADDLE_CUSTOM_RUNTIME_CHECK_VERSION(params)                         \
  do {                                                                      \
    if ((params)->size < sizeof(CustomRuntimeParams) ||                     \
        (params)->interface == NULL ||                                      \
        (params)->interface->size < sizeof(C_DeviceInterface)) {            \
      return;                                                               \
    }                                                                       \
    (params)->version.major = PADDLE_CUSTOM_RUNTIME_MAJOR_VERSION;          \
    (params)->version.minor = PADDLE_CUSTOM_RUNTIME_MINOR_VERSION;          \
    (params)->version.patch = PADDLE_CUSTOM_RUNTIME_PATCH_VERSION;          \
  } while (0)

/* The entry point every plugin exports. */
void InitPlugin(CustomRuntimeParams* params);

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* PADDLE_PHI_BACKENDS_CUSTOM_DEVICE_EXT_H_ */
