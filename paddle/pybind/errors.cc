#include "paddle/pybind/bindings.h"

#include "paddle/common/errors.h"

namespace paddle::pybind {

namespace {

PyObject* PythonClassOf(common::ErrorCode code) {
  switch (code) {
    case common::ErrorCode::kInvalidArgument: return PyExc_ValueError;
    case common::ErrorCode::kInvalidType: return PyExc_TypeError;
    case common::ErrorCode::kOutOfRange: return PyExc_IndexError;
    case common::ErrorCode::kUnimplemented: return PyExc_NotImplementedError;
    case common::ErrorCode::kResourceExhausted: return PyExc_MemoryError;
    case common::ErrorCode::kNotFound: return PyExc_ValueError;
    case common::ErrorCode::kTimeout: return PyExc_TimeoutError;
    case common::ErrorCode::kPreconditionNotMet:
    case common::ErrorCode::kUnavailable: return PyExc_RuntimeError;
  }
  return PyExc_RuntimeError;
}

}  // namespace

void BindErrors(py::module_& m) {
  py::register_exception_translator([](std::exception_ptr p) {
    try {
      if (p) std::rethrow_exception(p);
    } catch (const common::Error& e) {
      PyErr_SetString(PythonClassOf(e.code()), e.what());
    }
  });
}

}  // namespace paddle::pybind
