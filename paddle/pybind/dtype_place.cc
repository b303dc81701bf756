#include "paddle/common/data_type.h"
#include "paddle/common/place.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {

void BindDataTypeAndPlace(py::module_& m) {
  py::enum_<DataType> dtype(m, "DataType");
#define PD_BIND_DTYPE(cpp_type, enumerator, name) dtype.value(#enumerator, DataType::enumerator);
  PD_FOR_EACH_DATA_TYPE(PD_BIND_DTYPE)
#undef PD_BIND_DTYPE
  dtype.value("UNDEFINED", DataType::UNDEFINED);
  auto repr = [](DataType t) { return std::string("paddle.") + DataTypeName(t); };
  // Replace (not overload) enum_'s own __repr__/__str__.
  dtype.attr("__repr__") = py::cpp_function(repr, py::is_method(dtype));
  dtype.attr("__str__") = py::cpp_function(repr, py::is_method(dtype));
  dtype.def_property_readonly("name", [](DataType t) { return std::string(DataTypeName(t)); });
  dtype.def_property_readonly("itemsize", [](DataType t) { return SizeOf(t); });
  dtype.def_property_readonly("is_floating_point", [](DataType t) { return IsFloating(t); });
  dtype.def_property_readonly("is_complex", [](DataType t) { return IsComplex(t); });
  m.def("promote_types", &PromoteTypes, py::arg("x"), py::arg("y"));

  py::class_<Place>(m, "Place")
      .def("__repr__", &Place::ToString)
      .def("__str__", &Place::ToString)
      .def("__eq__", [](const Place& a, py::handle b) {
        return py::isinstance<Place>(b) && a == b.cast<Place>();
      })
      .def("__hash__", [](const Place& p) { return std::hash<std::string>()(p.ToString()); })
      .def("is_cpu_place", &Place::is_cpu)
      .def("is_gpu_place", &Place::is_gpu)
      .def("is_custom_place", &Place::is_custom)
      .def("is_cuda_pinned_place", &Place::is_gpu_pinned)
      .def("gpu_device_id", [](const Place& p) { return static_cast<int>(p.GetDeviceId()); })
      .def("get_device_id", [](const Place& p) { return static_cast<int>(p.GetDeviceId()); })
      .def("_device_string", &Place::DeviceString);
  m.def("CPUPlace", &CPUPlace);
  m.def("CUDAPlace", [](int id) { return GPUPlace(id); }, py::arg("id"));
  m.def("CUDAPinnedPlace", &GPUPinnedPlace);
  m.def("CustomPlace", [](std::string type, int id) { return CustomPlace(std::move(type), id); },
        py::arg("device_type"), py::arg("device_id") = 0);
  m.def("place_from_string", &PlaceFromDeviceString, py::arg("device"));
}

}  // namespace paddle::pybind
