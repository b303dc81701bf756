#include "paddle/pybind/op_trace.h"

#include <memory>

#include "paddle/pybind/bindings.h"

namespace paddle::pybind {

thread_local std::vector<std::string>* op_trace = nullptr;

namespace {
thread_local std::unique_ptr<std::vector<std::string>> recorded;
}  // namespace

void BindOpTrace(py::module_& m) {
  m.def("_op_trace_begin", [] {
    recorded = std::make_unique<std::vector<std::string>>();
    op_trace = recorded.get();
  });
  m.def("_op_trace_end", [] {
    std::vector<std::string> ops = recorded ? std::move(*recorded) : std::vector<std::string>();
    op_trace = nullptr;
    recorded.reset();
    return ops;
  }, "The names of the ops called from Python since _op_trace_begin (Note [Op trace]).");
}

}  // namespace paddle::pybind
