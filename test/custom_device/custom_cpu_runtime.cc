// The runtime of the sample "custom_cpu" plugin device: its device memory is
// host memory and its streams run everything at once, so that the whole
// plugin path (loading, allocation, copies, streams, events, kernels) runs
// here. Environment: CUSTOM_CPU_DEVICE_COUNT devices (default 2), each with
// CUSTOM_CPU_MEMORY_MB of "device memory" (default 4096), beyond which
// allocations fail as a real device's would. CUSTOM_CPU_BREAK makes the
// plugin malformed, for the tests of the core's checks: "no_copy" leaves a
// required function unset, "old_abi" reports another ABI version, "no_type"
// names no device type, "no_ccl" leaves the collectives out. Its collectives (custom_cpu_ccl.cc) connect the
// ranks' processes over loopback TCP. With CUSTOM_CPU_LAZY_EVENTS=1 an event stays pending
// until its stream, the event or the device is synchronized, so that tests
// see work "in flight".
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <map>
#include <mutex>
#include <set>
#include <string>

#include "paddle/phi/backends/custom/device_ext.h"
#include "test/custom_device/custom_cpu_counters.h"

struct C_Stream_st {
  int device;
};
struct C_Event_st {
  int device;
  C_Stream stream = nullptr;  // where it was last recorded
  bool done = true;
};

namespace custom_cpu {
namespace {

std::mutex counts_mu;
std::map<std::string, size_t>& Counts() {
  static auto* counts = new std::map<std::string, size_t>();
  return *counts;
}

size_t EnvOr(const char* name, size_t fallback) {
  const char* value = std::getenv(name);
  return value != nullptr ? std::strtoull(value, nullptr, 10) : fallback;
}

size_t DeviceCount() { return EnvOr("CUSTOM_CPU_DEVICE_COUNT", 2); }
size_t MemoryBytes() { return EnvOr("CUSTOM_CPU_MEMORY_MB", 4096) << 20; }

std::atomic<size_t> allocated[16];

std::mutex events_mu;
std::set<C_Event>& LiveEvents() {
  static auto* events = new std::set<C_Event>();
  return *events;
}

// Marks the events recorded on `stream` (every event when nullptr) done.
void CompleteEvents(C_Stream stream) {
  std::lock_guard<std::mutex> lock(events_mu);
  for (C_Event e : LiveEvents()) {
    if (stream == nullptr || e->stream == stream) e->done = true;
  }
}
thread_local int current_device = 0;

bool Valid(const C_Device device) { return device != nullptr && device->id >= 0 && size_t(device->id) < DeviceCount(); }

C_Status SetDevice(const C_Device device) {
  if (!Valid(device)) return C_ERROR;
  current_device = device->id;
  return C_SUCCESS;
}

C_Status GetDevice(const C_Device device) {
  device->id = current_device;
  return C_SUCCESS;
}

C_Status GetDeviceCount(size_t* count) {
  *count = DeviceCount();
  return C_SUCCESS;
}

C_Status Synchronize(const C_Device device) {
  if (!Valid(device)) return C_ERROR;
  CompleteEvents(nullptr);
  return C_SUCCESS;
}

C_Status Allocate(const C_Device device, void** ptr, size_t size) {
  if (!Valid(device)) return C_ERROR;
  Count("device_memory_allocate");
  if (allocated[device->id] + size > MemoryBytes()) return C_FAILED;
  *ptr = std::aligned_alloc(64, (size + 63) / 64 * 64);
  if (*ptr == nullptr) return C_FAILED;
  allocated[device->id] += size;
  return C_SUCCESS;
}

C_Status Deallocate(const C_Device device, void* ptr, size_t size) {
  if (!Valid(device)) return C_ERROR;
  Count("device_memory_deallocate");
  std::free(ptr);
  allocated[device->id] -= size;
  return C_SUCCESS;
}

C_Status MemoryStats(const C_Device device, size_t* total, size_t* free) {
  if (!Valid(device)) return C_ERROR;
  *total = MemoryBytes();
  *free = MemoryBytes() - allocated[device->id];
  return C_SUCCESS;
}

C_Status CopyH2D(const C_Device, void* dst, const void* src, size_t size) {
  Count("memory_copy_h2d");
  std::memcpy(dst, src, size);
  return C_SUCCESS;
}

C_Status CopyD2H(const C_Device, void* dst, const void* src, size_t size) {
  Count("memory_copy_d2h");
  std::memcpy(dst, src, size);
  return C_SUCCESS;
}

C_Status CopyD2D(const C_Device, void* dst, const void* src, size_t size) {
  Count("memory_copy_d2d");
  std::memmove(dst, src, size);
  return C_SUCCESS;
}

C_Status CreateStream(const C_Device device, C_Stream* stream) {
  if (!Valid(device)) return C_ERROR;
  Count("create_stream");
  *stream = new C_Stream_st{device->id};
  return C_SUCCESS;
}

C_Status DestroyStream(const C_Device, C_Stream stream) {
  Count("destroy_stream");
  delete stream;
  return C_SUCCESS;
}

C_Status SynchronizeStream(const C_Device, C_Stream stream) {
  Count("synchronize_stream");
  if (stream == nullptr) return C_ERROR;
  CompleteEvents(stream);
  return C_SUCCESS;
}

C_Status CreateEvent(const C_Device device, C_Event* event) {
  if (!Valid(device)) return C_ERROR;
  *event = new C_Event_st{device->id};
  std::lock_guard<std::mutex> lock(events_mu);
  LiveEvents().insert(*event);
  return C_SUCCESS;
}

C_Status DestroyEvent(const C_Device, C_Event event) {
  Count("destroy_event");
  std::lock_guard<std::mutex> lock(events_mu);
  LiveEvents().erase(event);
  delete event;
  return C_SUCCESS;
}

C_Status RecordEvent(const C_Device, C_Stream stream, C_Event event) {
  Count("record_event");
  if (stream == nullptr || event == nullptr) return C_ERROR;
  std::lock_guard<std::mutex> lock(events_mu);
  event->stream = stream;
  event->done = EnvOr("CUSTOM_CPU_LAZY_EVENTS", 0) == 0;
  return C_SUCCESS;
}

C_Status SynchronizeEvent(const C_Device, C_Event event) {
  Count("synchronize_event");
  if (event == nullptr) return C_ERROR;
  std::lock_guard<std::mutex> lock(events_mu);
  event->done = true;
  return C_SUCCESS;
}

// C_SUCCESS once the recorded work is done, C_WARNING while it is pending.
C_Status QueryEvent(const C_Device, C_Event event) {
  if (event == nullptr) return C_ERROR;
  std::lock_guard<std::mutex> lock(events_mu);
  return event->done ? C_SUCCESS : C_WARNING;
}

C_Status StreamWaitEvent(const C_Device, C_Stream stream, C_Event event) {
  Count("stream_wait_event");
  return stream != nullptr && event != nullptr ? C_SUCCESS : C_ERROR;
}

}  // namespace

void Count(const char* name) {
  std::lock_guard<std::mutex> lock(counts_mu);
  ++Counts()[name];
}

}  // namespace custom_cpu

extern "C" size_t custom_cpu_count(const char* name) {
  std::lock_guard<std::mutex> lock(custom_cpu::counts_mu);
  auto it = custom_cpu::Counts().find(name);
  return it == custom_cpu::Counts().end() ? 0 : it->second;
}

extern "C" void custom_cpu_reset_counts() {
  std::lock_guard<std::mutex> lock(custom_cpu::counts_mu);
  custom_cpu::Counts().clear();
}

namespace custom_cpu {
void SetCollectives(C_DeviceInterface* t);  // custom_cpu_ccl.cc
}  // namespace custom_cpu

void InitPlugin(CustomRuntimeParams* params) {
  PADDLE_CUSTOM_RUNTIME_CHECK_VERSION(params);
  const char* broken = std::getenv("CUSTOM_CPU_BREAK");
  const std::string breakage = broken != nullptr ? broken : "";
  if (breakage == "old_abi") params->version.major = 0;
  params->device_type = breakage == "no_type" ? nullptr : "custom_cpu";
  params->sub_device_type = "sample-1.0";
  C_DeviceInterface* t = params->interface;
  using namespace custom_cpu;  // NOLINT: the table lists this file's functions
  t->set_device = SetDevice;
  t->get_device = GetDevice;
  t->get_device_count = GetDeviceCount;
  t->synchronize_device = Synchronize;
  t->device_memory_allocate = Allocate;
  t->device_memory_deallocate = Deallocate;
  t->device_memory_stats = MemoryStats;
  t->memory_copy_h2d = breakage == "no_copy" ? nullptr : CopyH2D;
  t->memory_copy_d2h = CopyD2H;
  t->memory_copy_d2d = CopyD2D;
  t->create_stream = CreateStream;
  t->destroy_stream = DestroyStream;
  t->synchronize_stream = SynchronizeStream;
  t->create_event = CreateEvent;
  t->destroy_event = DestroyEvent;
  t->record_event = RecordEvent;
  t->synchronize_event = SynchronizeEvent;
  t->query_event = QueryEvent;
  t->stream_wait_event = StreamWaitEvent;
  if (breakage != "no_ccl") SetCollectives(t);
}
