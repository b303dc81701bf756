// Plugin devices (phi/backends/custom), and streams and events of GPUs and
// plugin devices (phi/backends/device_runtime.h).
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "paddle/phi/backends/custom/custom_device.h"
#include "paddle/phi/backends/device_runtime.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/phi/core/caching_allocator.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {
namespace {

struct Stream;

// User streams by handle, so that current_stream hands back the very object
// set_stream was given.
std::map<phi::StreamHandle, std::weak_ptr<Stream>>& UserStreams() {
  static auto* streams = new std::map<phi::StreamHandle, std::weak_ptr<Stream>>();
  return *streams;
}

// Streams users released, by place, for the next Stream objects. Device
// streams are never destroyed: a freed block whose use was recorded on a
// stream keeps its handle (Note [Streams and reuse] in caching_allocator.h).
std::map<std::string, std::vector<phi::StreamHandle>>& ReleasedStreams() {
  static auto* streams = new std::map<std::string, std::vector<phi::StreamHandle>>();
  return *streams;
}

phi::StreamHandle AcquireStream(const Place& place) {
  std::vector<phi::StreamHandle>& released = ReleasedStreams()[place.ToString()];
  if (released.empty()) return phi::RuntimeOf(place).CreateStream(place.GetDeviceId());
  phi::StreamHandle s = released.back();
  released.pop_back();
  return s;
}

// A device stream. A stream made by a user goes back to the released pool
// with the object (the device returns to its default stream if this one was
// current); the device's default stream is not the object's to release.
struct Stream {
  Stream(const Place& p, phi::StreamHandle s, bool own) : place(p), handle(s), owned(own) {}
  ~Stream() {
    if (!owned) return;
    UserStreams().erase(handle);
    phi::DeviceRuntime& rt = runtime();
    const int id = place.GetDeviceId();
    if (rt.CurrentStream(id) == handle) rt.SetCurrentStream(id, rt.DefaultStream(id));
    ReleasedStreams()[place.ToString()].push_back(handle);
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  phi::DeviceRuntime& runtime() const { return phi::RuntimeOf(place); }

  Place place;
  phi::StreamHandle handle;
  bool owned;
};

struct Event {
  explicit Event(const Place& p) : place(p), handle(phi::RuntimeOf(p).CreateEvent(p.GetDeviceId())) {}
  ~Event() { runtime().DestroyEvent(place.GetDeviceId(), handle); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  phi::DeviceRuntime& runtime() const { return phi::RuntimeOf(place); }

  Place place;
  phi::EventHandle handle;
  bool recorded = false;
};

void CheckSamePlace(const Place& a, const Place& b, const char* op) {
  PD_CHECK(a == b, InvalidArgument, "[", op, "] the stream is on ", a.ToString(), " but the event on ", b.ToString());
}

}  // namespace

void BindDevices(py::module_& m) {
  m.def("load_custom_device_plugin", [](const std::string& path) {
    if (!std::filesystem::is_regular_file(path)) {
      PyErr_SetString(PyExc_FileNotFoundError, ("[load_custom_device_plugin] no such plugin file: " + path).c_str());
      throw py::error_already_set();
    }
    return phi::custom::LoadPlugin(path).type();
  }, py::arg("path"), "Loads one device plugin; returns its device type.");
  m.def("load_custom_device_plugins_from", &phi::custom::LoadPluginsFrom, py::arg("dir"),
        "Loads every *.so in dir; returns one message per plugin that failed.");
  m.def("get_all_custom_device_type", &phi::custom::LoadedDeviceTypes);
  m.def("custom_device_count", [](const std::string& type) { return phi::custom::GetDevice(type).DeviceCount(); },
        py::arg("device_type"));
  m.def("synchronize_place", [](py::handle place) {
    const Place p = CastPlace(place, "synchronize", "device");
    if (!p.is_cpu()) phi::RuntimeOf(p).SynchronizeDevice(p.GetDeviceId());
  }, py::arg("place"));

  py::class_<Stream, std::shared_ptr<Stream>>(m, "Stream")
      .def(py::init([](py::handle place) {
        const Place p = CastPlace(place, "Stream", "device");
        auto stream = std::make_shared<Stream>(p, AcquireStream(p), true);
        UserStreams()[stream->handle] = stream;
        return stream;
      }), py::arg("place"))
      .def_readonly("place", &Stream::place)
      .def_property_readonly("handle", [](const Stream& s) { return reinterpret_cast<uintptr_t>(s.handle); })
      .def("synchronize", [](const Stream& s) { s.runtime().SynchronizeStream(s.place.GetDeviceId(), s.handle); })
      .def("query", [](const Stream& s) { return s.runtime().QueryStream(s.place.GetDeviceId(), s.handle); })
      .def("wait_event", [](const Stream& s, const Event& e) {
        CheckSamePlace(s.place, e.place, "Stream.wait_event");
        s.runtime().StreamWaitEvent(s.place.GetDeviceId(), s.handle, e.handle);
      }, py::arg("event"))
      .def("record_event", [](const Stream& s, Event& e) {
        CheckSamePlace(s.place, e.place, "Stream.record_event");
        s.runtime().RecordEvent(s.place.GetDeviceId(), s.handle, e.handle);
        e.recorded = true;
      }, py::arg("event"))
      .def("__eq__", [](const Stream& a, const Stream& b) { return a.place == b.place && a.handle == b.handle; })
      .def("__hash__", [](const Stream& s) { return std::hash<const void*>()(s.handle); });

  py::class_<Event>(m, "Event")
      .def(py::init([](py::handle place) { return std::make_unique<Event>(CastPlace(place, "Event", "device")); }),
           py::arg("place"))
      .def_readonly("place", &Event::place)
      .def("synchronize", [](const Event& e) {
        if (e.recorded) e.runtime().SynchronizeEvent(e.place.GetDeviceId(), e.handle);
      })
      .def("query", [](const Event& e) {
        return !e.recorded || e.runtime().QueryEvent(e.place.GetDeviceId(), e.handle);
      });

  m.def("current_stream", [](py::handle place) {
    const Place p = CastPlace(place, "current_stream", "device");
    const phi::StreamHandle current = phi::RuntimeOf(p).CurrentStream(p.GetDeviceId());
    auto it = UserStreams().find(current);
    if (it != UserStreams().end()) {
      if (std::shared_ptr<Stream> user = it->second.lock()) return user;
    }
    return std::make_shared<Stream>(p, current, false);
  }, py::arg("place"));
  // A stream another library made (a cudaStream_t as an int), borrowed: that library keeps it alive.
  m.def("external_stream", [](py::handle place, uintptr_t handle) {
    const Place p = CastPlace(place, "get_stream_from_external", "device");
    PD_CHECK(p.is_gpu(), InvalidArgument, "[get_stream_from_external] argument 'device': expected a GPU, but got ",
             p.ToString());
    return std::make_shared<Stream>(p, reinterpret_cast<phi::StreamHandle>(handle), false);
  }, py::arg("place"), py::arg("handle"));
  m.def("record_stream", [](const Tensor& t, const Stream& s) {
    PD_CHECK(t.place() == s.place, InvalidArgument, "[record_stream] the tensor is on ", t.place().ToString(),
             " but the stream on ", s.place.ToString());
    const auto& holder = t.dense().Holder();
    if (holder == nullptr || holder->ptr() == nullptr) return;
    auto* caching = dynamic_cast<phi::CachingAllocator*>(phi::GetAllocator(t.place()));
    PD_CHECK(caching != nullptr, Unimplemented, "[record_stream] ", t.place().ToString(), " has no caching allocator");
    caching->RecordStream(holder->ptr(), s.handle);
  }, py::arg("tensor"), py::arg("stream"));
  // The device holds only the handle; the Python side keeps the object
  // alive while it is current (paddle.device.streams._current).
  m.def("set_stream", [](const Stream& s) { s.runtime().SetCurrentStream(s.place.GetDeviceId(), s.handle); },
        py::arg("stream"), "Makes `stream` the one kernels and copies on its device are queued on.");
}

}  // namespace paddle::pybind
