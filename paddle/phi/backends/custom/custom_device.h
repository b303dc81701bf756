// Plugin devices: the core's side of the C ABI in device_ext.h.
//
// LoadPlugin dlopens a library, calls its InitPlugin, checks the table it
// filled and registers the device type (paddle::RegisterCustomDeviceType),
// which makes "<type>:N" a place users can name. CustomDevice wraps the table
// so that the rest of the core calls C++ functions that throw an error naming
// the plugin and the function when the plugin reports a failure.
#pragma once

#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "paddle/phi/backends/custom/device_ext.h"
#include "paddle/phi/backends/device_runtime.h"
#include "paddle/phi/core/device_context.h"

namespace phi::custom {

class CustomDevice {
 public:
  CustomDevice(std::string library, const CustomRuntimeParams& params, const C_DeviceInterface& table);

  const std::string& type() const { return type_; }
  const std::string& sub_type() const { return sub_type_; }
  const std::string& library() const { return library_; }

  int DeviceCount() const;
  // Throws Unavailable unless `id` names one of the plugin's devices.
  void CheckDevice(int id) const;
  void SynchronizeDevice(int id) const;

  // nullptr when the device is out of memory.
  void* Allocate(int id, size_t bytes) const;
  void Deallocate(int id, void* ptr, size_t bytes) const;
  // (total, free) bytes, or (0, 0) when the plugin does not say.
  std::pair<size_t, size_t> MemoryInfo(int id) const;

  // Synchronous copies; `stream` orders them after the work queued there
  // (they wait for it when the plugin has no asynchronous copies).
  void CopyHostToDevice(int id, C_Stream stream, void* dst, const void* src, size_t bytes) const;
  void CopyDeviceToHost(int id, C_Stream stream, void* dst, const void* src, size_t bytes) const;
  void CopyDeviceToDevice(int id, C_Stream stream, void* dst, const void* src, size_t bytes) const;

  C_Stream CreateStream(int id) const;
  void SynchronizeStream(int id, C_Stream stream) const;
  // Whether all work queued on `stream` has finished.
  bool QueryStream(int id, C_Stream stream) const;

  C_Event CreateEvent(int id) const;
  void DestroyEvent(int id, C_Event event) const;
  void RecordEvent(int id, C_Stream stream, C_Event event) const;
  void SynchronizeEvent(int id, C_Event event) const;
  bool QueryEvent(int id, C_Event event) const;
  void StreamWaitEvent(int id, C_Stream stream, C_Event event) const;

  // These streams and events, and the devices' current streams, behind the
  // interface shared with the GPUs.
  DeviceRuntime& Runtime() const;

  // Whether the plugin has the collectives (device_ext.h's ccl_* functions,
  // all of them); paddle/distributed calls them through table().
  bool HasCollectives() const;
  const C_DeviceInterface& table() const { return table_; }
  // Throws an error naming the plugin and `function` unless `status` is a success.
  void Check(C_Status status, const char* function) const;

 private:
  // Makes `id` the plugin's current device for the calls that follow.
  C_Device_st Select(int id) const;

  std::string library_;
  std::string type_;
  std::string sub_type_;
  C_DeviceInterface table_;
  mutable std::once_flag runtime_once_;
  mutable std::unique_ptr<DeviceRuntime> runtime_;
};

// Loads one plugin; throws (InvalidArgument / Unavailable) naming the library
// and what is wrong with it. Loading a library twice is an error.
const CustomDevice& LoadPlugin(const std::string& path);
// Loads every "*.so" directly under `dir` in name order; returns one message
// per library that could not be loaded (the others stay loaded).
std::vector<std::string> LoadPluginsFrom(const std::string& dir);

// The loaded plugin for a device type; Unavailable when none is.
const CustomDevice& GetDevice(const std::string& type);
std::vector<std::string> LoadedDeviceTypes();

Allocator* GetAllocator(const Place& place);
std::unique_ptr<DeviceContext> CreateContext(const Place& place);

}  // namespace phi::custom
