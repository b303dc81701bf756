// Note [Op trace]: each entry from Python into an op (the generated
// bindings, Tensor's operators and indexing) names its op while a trace is
// on (paddle._C._op_trace_begin / _op_trace_end), so that a tool can see
// which ops a public Python function runs (tools/python_compositions.py).
// Off, it costs a thread-local load.
#pragma once

#include <string>
#include <vector>

namespace paddle::pybind {

// The ops called from Python since the trace began; null when off.
extern thread_local std::vector<std::string>* op_trace;

inline void TraceOp(const char* op) {
  if (op_trace != nullptr) op_trace->emplace_back(op);
}

}  // namespace paddle::pybind
