#include "paddle/phi/backends/custom/custom_device.h"

#include <dirent.h>
#include <dlfcn.h>

#include <algorithm>
#include <map>
#include <mutex>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/custom/custom_context.h"
#include "paddle/phi/core/caching_allocator.h"

namespace phi {

CustomContext::CustomContext(const Place& place, const custom::CustomDevice& device)
    : DeviceContext(place), device_(device), default_stream_(device.CreateStream(place.GetDeviceId())) {
  stream_.store(default_stream_);
}

void CustomContext::Wait() const { device_.SynchronizeStream(device_id(), stream()); }

namespace custom {
namespace {

const char* StatusName(C_Status status) {
  switch (status) {
    case C_SUCCESS: return "C_SUCCESS";
    case C_WARNING: return "C_WARNING";
    case C_FAILED: return "C_FAILED";
    case C_ERROR: return "C_ERROR";
    case C_INTERNAL_ERROR: return "C_INTERNAL_ERROR";
  }
  return "an unknown status";
}

// The functions a plugin must provide, by name, for the error that lists
// those it left NULL.
std::vector<std::string> MissingRequired(const C_DeviceInterface& t) {
  const std::pair<const char*, bool> required[] = {
      {"set_device", t.set_device != nullptr},
      {"get_device", t.get_device != nullptr},
      {"get_device_count", t.get_device_count != nullptr},
      {"synchronize_device", t.synchronize_device != nullptr},
      {"device_memory_allocate", t.device_memory_allocate != nullptr},
      {"device_memory_deallocate", t.device_memory_deallocate != nullptr},
      {"memory_copy_h2d", t.memory_copy_h2d != nullptr},
      {"memory_copy_d2h", t.memory_copy_d2h != nullptr},
      {"memory_copy_d2d", t.memory_copy_d2d != nullptr},
      {"create_stream", t.create_stream != nullptr},
      {"synchronize_stream", t.synchronize_stream != nullptr},
      {"create_event", t.create_event != nullptr},
      {"destroy_event", t.destroy_event != nullptr},
      {"record_event", t.record_event != nullptr},
      {"synchronize_event", t.synchronize_event != nullptr},
      {"stream_wait_event", t.stream_wait_event != nullptr},
  };
  std::vector<std::string> missing;
  for (const auto& [name, present] : required) {
    if (!present) missing.emplace_back(name);
  }
  return missing;
}

struct Registry {
  std::mutex mu;
  std::map<std::string, std::unique_ptr<CustomDevice>> devices;  // by type
  std::map<std::string, std::string> libraries;                 // path -> type
};

Registry& GetRegistry() {
  static auto* registry = new Registry();  // plugins stay loaded until exit
  return *registry;
}

// Segments of a plugin device's memory, for the CachingAllocator.
class PluginSegments final : public SegmentSource {
 public:
  PluginSegments(const CustomDevice& device, Place place) : device_(device), place_(std::move(place)) {}
  void* Allocate(size_t bytes) override { return device_.Allocate(place_.GetDeviceId(), bytes); }
  void Free(void* ptr, size_t bytes) override { device_.Deallocate(place_.GetDeviceId(), ptr, bytes); }
  void Synchronize() override { device_.SynchronizeDevice(place_.GetDeviceId()); }
  std::string FreeMemoryReport() override {
    auto [total, free] = device_.MemoryInfo(place_.GetDeviceId());
    if (total == 0) return "the plugin does not report free memory";
    return paddle::common::StrCat(free, " bytes free of ", total);
  }
  Place place() const override { return place_; }

  StreamHandle CurrentStream() override { return device_.Runtime().CurrentStream(place_.GetDeviceId()); }
  EventHandle RecordEvent(StreamHandle stream) override {
    C_Event event = device_.CreateEvent(place_.GetDeviceId());
    device_.RecordEvent(place_.GetDeviceId(), static_cast<C_Stream>(stream), event);
    return event;
  }
  bool EventDone(EventHandle event) override {
    return device_.QueryEvent(place_.GetDeviceId(), static_cast<C_Event>(event));
  }
  void DestroyEvent(EventHandle event) override {
    device_.DestroyEvent(place_.GetDeviceId(), static_cast<C_Event>(event));
  }

 private:
  const CustomDevice& device_;
  Place place_;
};

// Streams and events of one plugin device type (device_runtime.h).
class CustomRuntime final : public DeviceRuntime {
 public:
  explicit CustomRuntime(const CustomDevice& device) : device_(device) {}

  StreamHandle CreateStream(int id) override { return device_.CreateStream(id); }
  void SynchronizeStream(int id, StreamHandle s) override { device_.SynchronizeStream(id, AsStream(s)); }
  bool QueryStream(int id, StreamHandle s) override { return device_.QueryStream(id, AsStream(s)); }
  EventHandle CreateEvent(int id) override { return device_.CreateEvent(id); }
  void DestroyEvent(int id, EventHandle e) override { device_.DestroyEvent(id, AsEvent(e)); }
  void RecordEvent(int id, StreamHandle s, EventHandle e) override { device_.RecordEvent(id, AsStream(s), AsEvent(e)); }
  void SynchronizeEvent(int id, EventHandle e) override { device_.SynchronizeEvent(id, AsEvent(e)); }
  bool QueryEvent(int id, EventHandle e) override { return device_.QueryEvent(id, AsEvent(e)); }
  void StreamWaitEvent(int id, StreamHandle s, EventHandle e) override {
    device_.StreamWaitEvent(id, AsStream(s), AsEvent(e));
  }
  StreamHandle CurrentStream(int id) override { return ContextOf(id).stream(); }
  void SetCurrentStream(int id, StreamHandle s) override { ContextOf(id).SetStream(AsStream(s)); }
  StreamHandle DefaultStream(int id) override { return ContextOf(id).default_stream(); }
  void SynchronizeDevice(int id) override { device_.SynchronizeDevice(id); }

 private:
  static C_Stream AsStream(StreamHandle s) { return static_cast<C_Stream>(s); }
  static C_Event AsEvent(EventHandle e) { return static_cast<C_Event>(e); }
  const CustomContext& ContextOf(int id) const {
    return static_cast<const CustomContext&>(GetDeviceContext(paddle::CustomPlace(device_.type(), id)));
  }

  const CustomDevice& device_;
};

}  // namespace

DeviceRuntime& CustomDevice::Runtime() const {
  std::call_once(runtime_once_, [this] { runtime_ = std::make_unique<CustomRuntime>(*this); });
  return *runtime_;
}

CustomDevice::CustomDevice(std::string library, const CustomRuntimeParams& params, const C_DeviceInterface& table)
    : library_(std::move(library)),
      type_(params.device_type),
      sub_type_(params.sub_device_type != nullptr ? params.sub_device_type : ""),
      table_(table) {}

void CustomDevice::Check(C_Status status, const char* function) const {
  if (status == C_SUCCESS || status == C_WARNING) return;
  const auto code = status == C_FAILED ? paddle::common::ErrorCode::kResourceExhausted : paddle::common::ErrorCode::kUnavailable;
  throw paddle::common::Error(code, paddle::common::StrCat("custom device '", type_, "' (", library_, "): ", function,
                                           " returned ", StatusName(status)));
}

bool CustomDevice::HasCollectives() const {
  const C_DeviceInterface& t = table_;
  return t.ccl_get_unique_id_size && t.ccl_get_unique_id && t.ccl_comm_init_rank && t.ccl_destroy_comm &&
         t.ccl_all_reduce && t.ccl_broadcast && t.ccl_all_gather && t.ccl_reduce_scatter && t.ccl_send &&
         t.ccl_recv;
}

C_Device_st CustomDevice::Select(int id) const {
  C_Device_st device{id};
  Check(table_.set_device(&device), "set_device");
  return device;
}

int CustomDevice::DeviceCount() const {
  size_t count = 0;
  Check(table_.get_device_count(&count), "get_device_count");
  return static_cast<int>(count);
}

void CustomDevice::CheckDevice(int id) const {
  const int count = DeviceCount();
  PD_CHECK(id >= 0 && id < count, Unavailable, type_, ":", id, " is out of range: the plugin has ", count,
           " device(s)");
}

void CustomDevice::SynchronizeDevice(int id) const {
  C_Device_st d = Select(id);
  Check(table_.synchronize_device(&d), "synchronize_device");
}

void* CustomDevice::Allocate(int id, size_t bytes) const {
  C_Device_st d = Select(id);
  void* ptr = nullptr;
  const C_Status status = table_.device_memory_allocate(&d, &ptr, bytes);
  if (status == C_FAILED) return nullptr;
  Check(status, "device_memory_allocate");
  PD_CHECK(ptr != nullptr, Unavailable, "custom device '", type_,
           "': device_memory_allocate returned C_SUCCESS but no memory");
  return ptr;
}

void CustomDevice::Deallocate(int id, void* ptr, size_t bytes) const {
  C_Device_st d = Select(id);
  Check(table_.device_memory_deallocate(&d, ptr, bytes), "device_memory_deallocate");
}

std::pair<size_t, size_t> CustomDevice::MemoryInfo(int id) const {
  if (table_.device_memory_stats == nullptr) return {0, 0};
  C_Device_st d = Select(id);
  size_t total = 0, free = 0;
  Check(table_.device_memory_stats(&d, &total, &free), "device_memory_stats");
  return {total, free};
}

namespace {

using SyncCopy = C_Status (*)(const C_Device, void*, const void*, size_t);
using AsyncCopy = C_Status (*)(const C_Device, C_Stream, void*, const void*, size_t);

}  // namespace

// One body for the three directions: queue the copy on the stream when the
// plugin can, else wait for the stream and copy synchronously.
#define PD_CUSTOM_COPY(Name, sync_fn, async_fn)                                                       \
  void CustomDevice::Name(int id, C_Stream stream, void* dst, const void* src, size_t bytes) const {  \
    if (bytes == 0) return;                                                                          \
    C_Device_st d = Select(id);                                                                      \
    if (table_.async_fn != nullptr && stream != nullptr) {                                           \
      Check(table_.async_fn(&d, stream, dst, src, bytes), #async_fn);                                \
      Check(table_.synchronize_stream(&d, stream), "synchronize_stream");                            \
      return;                                                                                        \
    }                                                                                                \
    if (stream != nullptr) Check(table_.synchronize_stream(&d, stream), "synchronize_stream");       \
    Check(table_.sync_fn(&d, dst, src, bytes), #sync_fn);                                            \
  }
PD_CUSTOM_COPY(CopyHostToDevice, memory_copy_h2d, async_memory_copy_h2d)
PD_CUSTOM_COPY(CopyDeviceToHost, memory_copy_d2h, async_memory_copy_d2h)
PD_CUSTOM_COPY(CopyDeviceToDevice, memory_copy_d2d, async_memory_copy_d2d)
#undef PD_CUSTOM_COPY

C_Stream CustomDevice::CreateStream(int id) const {
  C_Device_st d = Select(id);
  C_Stream stream = nullptr;
  Check(table_.create_stream(&d, &stream), "create_stream");
  return stream;
}

void CustomDevice::SynchronizeStream(int id, C_Stream stream) const {
  C_Device_st d = Select(id);
  Check(table_.synchronize_stream(&d, stream), "synchronize_stream");
}

bool CustomDevice::QueryStream(int id, C_Stream stream) const {
  if (table_.query_stream == nullptr) {
    SynchronizeStream(id, stream);
    return true;
  }
  C_Device_st d = Select(id);
  return table_.query_stream(&d, stream) == C_SUCCESS;
}

C_Event CustomDevice::CreateEvent(int id) const {
  C_Device_st d = Select(id);
  C_Event event = nullptr;
  Check(table_.create_event(&d, &event), "create_event");
  return event;
}

void CustomDevice::DestroyEvent(int id, C_Event event) const {
  C_Device_st d = Select(id);
  Check(table_.destroy_event(&d, event), "destroy_event");
}

void CustomDevice::RecordEvent(int id, C_Stream stream, C_Event event) const {
  C_Device_st d = Select(id);
  Check(table_.record_event(&d, stream, event), "record_event");
}

void CustomDevice::SynchronizeEvent(int id, C_Event event) const {
  C_Device_st d = Select(id);
  Check(table_.synchronize_event(&d, event), "synchronize_event");
}

bool CustomDevice::QueryEvent(int id, C_Event event) const {
  if (table_.query_event == nullptr) {
    SynchronizeEvent(id, event);
    return true;
  }
  C_Device_st d = Select(id);
  return table_.query_event(&d, event) == C_SUCCESS;
}

void CustomDevice::StreamWaitEvent(int id, C_Stream stream, C_Event event) const {
  C_Device_st d = Select(id);
  Check(table_.stream_wait_event(&d, stream, event), "stream_wait_event");
}

const CustomDevice& LoadPlugin(const std::string& path) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  PD_CHECK(r.libraries.count(path) == 0, InvalidArgument, "custom device plugin ", path,
           " is already loaded (device type '", r.libraries[path], "')");
  // RTLD_GLOBAL: kernels the plugin registers are called through the core,
  // and its own libraries may need the core's symbols.
  void* handle = dlopen(path.c_str(), RTLD_NOW | RTLD_GLOBAL);
  PD_CHECK(handle != nullptr, Unavailable, "cannot load custom device plugin ", path, ": ", dlerror());
  auto init = reinterpret_cast<void (*)(CustomRuntimeParams*)>(dlsym(handle, "InitPlugin"));
  PD_CHECK(init != nullptr, InvalidArgument, "custom device plugin ", path,
           " does not export InitPlugin (see paddle/phi/backends/custom/device_ext.h)");
  C_DeviceInterface table{};
  table.size = sizeof(C_DeviceInterface);
  CustomRuntimeParams params{};
  params.size = sizeof(CustomRuntimeParams);
  params.interface = &table;
  init(&params);
  PD_CHECK(params.version.major == PADDLE_CUSTOM_RUNTIME_MAJOR_VERSION, InvalidArgument, "custom device plugin ",
           path, " is built for runtime ABI ", params.version.major, ".", params.version.minor,
           ", but this paddle has ", PADDLE_CUSTOM_RUNTIME_MAJOR_VERSION, ".", PADDLE_CUSTOM_RUNTIME_MINOR_VERSION);
  PD_CHECK(params.device_type != nullptr, InvalidArgument, "custom device plugin ", path,
           " set no device_type in InitPlugin");
  const std::vector<std::string> missing = MissingRequired(table);
  if (!missing.empty()) {
    std::string names;
    for (const std::string& m : missing) names += (names.empty() ? "" : ", ") + m;
    PD_THROW(InvalidArgument, "custom device plugin ", path, " (", params.device_type,
             ") leaves required functions unset: ", names);
  }
  const std::string type = params.device_type;
  PD_CHECK(r.devices.count(type) == 0, InvalidArgument, "custom device plugin ", path, " registers device type '",
           type, "', which another plugin already provides");
  paddle::RegisterCustomDeviceType(type);
  if (table.initialize != nullptr) {
    const C_Status status = table.initialize();
    PD_CHECK(status == C_SUCCESS || status == C_WARNING, Unavailable, "custom device plugin ", path,
             ": initialize returned ", StatusName(status));
  }
  auto device = std::make_unique<CustomDevice>(path, params, table);
  const CustomDevice& ref = *device;
  r.devices.emplace(type, std::move(device));
  r.libraries.emplace(path, type);
  return ref;
}

std::vector<std::string> LoadPluginsFrom(const std::string& dir) {
  std::vector<std::string> failures;
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return {paddle::common::StrCat("CUSTOM_DEVICE_ROOT ", dir, " is not a readable directory")};
  std::vector<std::string> libraries;
  while (dirent* entry = readdir(d)) {
    const std::string name = entry->d_name;
    if (name.size() > 3 && name.compare(name.size() - 3, 3, ".so") == 0) libraries.push_back(dir + "/" + name);
  }
  closedir(d);
  std::sort(libraries.begin(), libraries.end());
  for (const std::string& path : libraries) {
    try {
      LoadPlugin(path);
    } catch (const paddle::common::Error& e) {
      failures.emplace_back(e.what());
    }
  }
  return failures;
}

const CustomDevice& GetDevice(const std::string& type) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  auto it = r.devices.find(type);
  if (it != r.devices.end()) return *it->second;
  std::string loaded;
  for (const auto& entry : r.devices) loaded += (loaded.empty() ? "" : ", ") + entry.first;
  PD_THROW(Unavailable, "no plugin provides custom device type '", type, "' (loaded: ",
           loaded.empty() ? "none; set CUSTOM_DEVICE_ROOT to a folder of plugins" : loaded, ")");
}

std::vector<std::string> LoadedDeviceTypes() {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  std::vector<std::string> types;
  for (const auto& entry : r.devices) types.push_back(entry.first);
  return types;
}

Allocator* GetAllocator(const Place& place) {
  const CustomDevice& device = GetDevice(place.GetCustomDeviceType());
  device.CheckDevice(place.GetDeviceId());
  static std::mutex mu;
  // Never destroyed, like the other device allocators: tensors may be freed
  // during interpreter shutdown.
  static auto* allocators = new std::map<std::pair<std::string, int>, CachingAllocator*>();
  std::lock_guard<std::mutex> lock(mu);
  CachingAllocator*& slot = (*allocators)[{place.GetCustomDeviceType(), place.GetDeviceId()}];
  if (slot == nullptr) slot = new CachingAllocator(std::make_unique<PluginSegments>(device, place));
  return slot;
}

std::unique_ptr<DeviceContext> CreateContext(const Place& place) {
  const CustomDevice& device = GetDevice(place.GetCustomDeviceType());
  device.CheckDevice(place.GetDeviceId());
  return std::make_unique<CustomContext>(place, device);
}

}  // namespace custom
}  // namespace phi
