// Plugin devices (phi/backends/custom): loading, queries, streams and events.
#include <filesystem>
#include <map>
#include <memory>

#include "paddle/phi/backends/custom/custom_context.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {
namespace {

const phi::CustomContext& CustomContextOf(const Place& place, const char* op) {
  PD_CHECK(place.is_custom(), Unimplemented, "[", op, "] streams and events are supported on custom devices; got ",
           place.ToString());
  return static_cast<const phi::CustomContext&>(phi::GetDeviceContext(place));
}

struct Stream;

// User streams by handle, so that current_stream hands back the very object
// set_stream was given (and keeps it alive while it is current).
std::map<C_Stream, std::weak_ptr<Stream>>& UserStreams() {
  static auto* streams = new std::map<C_Stream, std::weak_ptr<Stream>>();
  return *streams;
}

// A device stream; streams made by users are destroyed with the object, the
// context's own stream (current_stream) is not.
struct Stream {
  Stream(const Place& p, C_Stream s, bool own) : place(p), stream(s), owned(own) {}
  ~Stream() {
    if (owned) {
      UserStreams().erase(stream);
      const auto& ctx = static_cast<const phi::CustomContext&>(phi::GetDeviceContext(place));
      if (ctx.stream() == stream) ctx.SetStream(ctx.default_stream());
      ctx.device().DestroyStream(place.GetDeviceId(), stream);
    }
  }
  Stream(const Stream&) = delete;
  Stream& operator=(const Stream&) = delete;
  const phi::custom::CustomDevice& device() const { return CustomContextOf(place, "Stream").device(); }

  Place place;
  C_Stream stream;
  bool owned;
};

struct Event {
  explicit Event(const Place& p) : place(p), event(CustomContextOf(p, "Event").device().CreateEvent(p.GetDeviceId())) {}
  ~Event() { device().DestroyEvent(place.GetDeviceId(), event); }
  Event(const Event&) = delete;
  Event& operator=(const Event&) = delete;
  const phi::custom::CustomDevice& device() const { return CustomContextOf(place, "Event").device(); }

  Place place;
  C_Event event;
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
    if (p.is_gpu()) phi::gpu::Synchronize(p.GetDeviceId());
    if (p.is_custom()) phi::custom::GetDevice(p.GetCustomDeviceType()).SynchronizeDevice(p.GetDeviceId());
  }, py::arg("place"));

  py::class_<Stream, std::shared_ptr<Stream>>(m, "Stream")
      .def(py::init([](py::handle place) {
        const Place p = CastPlace(place, "Stream", "device");
        auto stream =
            std::make_shared<Stream>(p, CustomContextOf(p, "Stream").device().CreateStream(p.GetDeviceId()), true);
        UserStreams()[stream->stream] = stream;
        return stream;
      }), py::arg("place"))
      .def_readonly("place", &Stream::place)
      .def("synchronize", [](const Stream& s) { s.device().SynchronizeStream(s.place.GetDeviceId(), s.stream); })
      .def("query", [](const Stream& s) { return s.device().QueryStream(s.place.GetDeviceId(), s.stream); })
      .def("wait_event", [](const Stream& s, const Event& e) {
        CheckSamePlace(s.place, e.place, "Stream.wait_event");
        s.device().StreamWaitEvent(s.place.GetDeviceId(), s.stream, e.event);
      }, py::arg("event"))
      .def("record_event", [](const Stream& s, Event& e) {
        CheckSamePlace(s.place, e.place, "Stream.record_event");
        s.device().RecordEvent(s.place.GetDeviceId(), s.stream, e.event);
        e.recorded = true;
      }, py::arg("event"))
      .def("__eq__", [](const Stream& a, const Stream& b) { return a.place == b.place && a.stream == b.stream; })
      .def("__hash__", [](const Stream& s) { return std::hash<const void*>()(s.stream); });

  py::class_<Event>(m, "Event")
      .def(py::init([](py::handle place) { return std::make_unique<Event>(CastPlace(place, "Event", "device")); }),
           py::arg("place"))
      .def_readonly("place", &Event::place)
      .def("synchronize", [](const Event& e) {
        if (e.recorded) e.device().SynchronizeEvent(e.place.GetDeviceId(), e.event);
      })
      .def("query", [](const Event& e) {
        return !e.recorded || e.device().QueryEvent(e.place.GetDeviceId(), e.event);
      });

  m.def("current_stream", [](py::handle place) {
    const Place p = CastPlace(place, "current_stream", "device");
    const C_Stream current = CustomContextOf(p, "current_stream").stream();
    auto it = UserStreams().find(current);
    if (it != UserStreams().end()) {
      if (std::shared_ptr<Stream> user = it->second.lock()) return user;
    }
    return std::make_shared<Stream>(p, current, false);
  }, py::arg("place"));
  // The context holds the raw handle; the Python side keeps the object alive
  // while it is current (paddle.device.streams._current).
  m.def("set_stream", [](const Stream& s) { CustomContextOf(s.place, "set_stream").SetStream(s.stream); },
        py::arg("stream"), "Makes `stream` the one kernels and copies on its device are queued on.");
}

}  // namespace paddle::pybind
