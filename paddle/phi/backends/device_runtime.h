// DeviceRuntime: streams and events of a device kind (CUDA GPUs, each plugin
// device type) behind one interface, for the Python stream API and the
// caching allocator. Handles are opaque: cudaStream_t / cudaEvent_t on GPUs,
// C_Stream / C_Event on plugin devices.
#pragma once

#include "paddle/common/place.h"
#include "paddle/phi/core/device_handles.h"

namespace phi {

class DeviceRuntime {
 public:
  virtual ~DeviceRuntime() = default;

  // Streams live until exit (Note [Streams and reuse]); released ones are
  // reused by the Python layer.
  virtual StreamHandle CreateStream(int device) = 0;
  virtual void SynchronizeStream(int device, StreamHandle stream) = 0;
  // Whether all work queued on the stream has finished.
  virtual bool QueryStream(int device, StreamHandle stream) = 0;

  virtual EventHandle CreateEvent(int device) = 0;
  virtual void DestroyEvent(int device, EventHandle event) = 0;
  virtual void RecordEvent(int device, StreamHandle stream, EventHandle event) = 0;
  virtual void SynchronizeEvent(int device, EventHandle event) = 0;
  // Whether the work recorded in the event has finished.
  virtual bool QueryEvent(int device, EventHandle event) = 0;
  // Work queued on `stream` after this call waits for the event.
  virtual void StreamWaitEvent(int device, StreamHandle stream, EventHandle event) = 0;

  // The stream kernels and copies of `device` are queued on; switching it
  // redirects all later work of the device (paddle.device.stream_guard).
  virtual StreamHandle CurrentStream(int device) = 0;
  virtual void SetCurrentStream(int device, StreamHandle stream) = 0;
  virtual StreamHandle DefaultStream(int device) = 0;
  virtual void SynchronizeDevice(int device) = 0;
};

// The runtime of a GPU or plugin place; Unimplemented for the CPU.
DeviceRuntime& RuntimeOf(const paddle::Place& place);

}  // namespace phi
