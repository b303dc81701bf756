// Note [Static mode]: after paddle.enable_static(), the public functions
// build IR instead of running: every generated op binding checks
// StaticMode() first and, when on, converts its tensor arguments to values
// (pir.Value) and calls the op's pd_op builder on the current program (the
// one program_guard set). The same Python functions serve both modes.
#pragma once

#include <pybind11/pybind11.h>

#include <memory>
#include <tuple>
#include <vector>

#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/program.h"

namespace paddle::pybind {

namespace py = pybind11;

// A value of a program, kept alive with it: paddle's static variable.
struct StaticValue {
  pir::Value value;
  std::shared_ptr<pir::Program> program;
  uint64_t generation = 0;  // the program's when the handle was made
};

// v.value, or ValueError naming `what` when passes have transformed the
// program since the handle was made (its op may be gone).
pir::Value Checked(const StaticValue& v, const std::string& what);

extern bool static_mode;
inline bool StaticMode() { return static_mode; }

// A builder at the end of the current program; PreconditionNotMet naming
// the op when there is none.
pir::Builder StaticBuilder(const char* op);

pir::Value CastValue(py::handle obj, const char* op, const char* arg);
std::vector<pir::Value> CastValueList(py::handle obj, const char* op, const char* arg);

py::object WrapStatic(pir::Value v);
py::object WrapStatic(const std::vector<pir::Value>& values);
template <typename... V>
py::object WrapStatic(const std::tuple<V...>& values) {
  return std::apply([](const auto&... v) { return py::make_tuple(WrapStatic(v)...); }, values);
}

void BindStaticGraph(py::module_& m);

}  // namespace paddle::pybind
