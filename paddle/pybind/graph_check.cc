#include "paddle/pybind/graph_check.h"

#include <string>

#include "paddle/autograd/amp.h"
#include "paddle/common/errors.h"
#include "paddle/common/flags.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/dialect/pd_op_dialect.h"

PD_DEFINE_bool(check_graph_types, false,
               "Build each op called from Python into a graph too and compare its inferred types with the eager "
               "outputs (Note [Graph type check]); for tests.");

namespace paddle::pybind {

bool GraphTypesChecked() { return FLAGS_check_graph_types && !amp::GetAmpState().enabled; }

GraphTypeCheck::GraphTypeCheck(const char* op)
    : op_(op), program_(pir::IrContext::Instance()), builder_(program_.context(), program_.block()) {}

pir::Value GraphTypeCheck::Input(const Tensor& t) {
  return pir::pd_op::data(builder_, "input_" + std::to_string(inputs_++), t.dims().ToVector(), t.dtype());
}

std::vector<pir::Value> GraphTypeCheck::Input(const std::vector<Tensor>& ts) {
  std::vector<pir::Value> values;
  for (const Tensor& t : ts) values.push_back(Input(t));
  return values;
}

void GraphTypeCheck::Compare(pir::Value graph, const Tensor& eager, size_t index) {
  auto type = graph.type().dyn_cast<pir::DenseTensorType>();
  bool same = type && type.dtype() == eager.dtype() && type.dims().size() == eager.dims().size();
  for (int d = 0; same && d < eager.dims().size(); ++d) {
    same = type.dims()[d] == -1 || type.dims()[d] == eager.dims()[d];
  }
  PD_CHECK(same, PreconditionNotMet, "[", op_, "] the graph infers ", graph.type().ToString(), " for output ", index,
           ", but eager gave ", DataTypeName(eager.dtype()), eager.dims().ToString(), "; the program:\n",
           program_.Print());
}

void GraphTypeCheck::Compare(const std::vector<pir::Value>& graph, const std::vector<Tensor>& eager) {
  PD_CHECK(graph.size() == eager.size(), PreconditionNotMet, "[", op_, "] the graph infers ", graph.size(),
           " outputs, but eager gave ", eager.size());
  for (size_t i = 0; i < graph.size(); ++i) Compare(graph[i], eager[i], i);
}

}  // namespace paddle::pybind
