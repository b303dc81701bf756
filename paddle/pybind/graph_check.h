// Note [Graph type check]: with FLAGS_check_graph_types (on in the test
// suite, like FLAGS_check_decomposition_meta), every op called from Python
// is also built into a one-op program, its inputs pd_op.data of the eager
// inputs' types, through the pd_op builder paddle.static uses; the types the
// graph infers must be the eager outputs' (a -1 dim, decided by the values,
// matches any). So the whole op-sample suite checks that a graph and eager
// agree on every op's attributes, promotion and shape rules.
#pragma once

#include <tuple>
#include <utility>
#include <vector>

#include "paddle/phi/api/tensor.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/program.h"

namespace paddle::pybind {

// Whether FLAGS_check_graph_types is on and AMP is off (under auto_cast
// eager casts what a graph leaves to the AMP pass).
bool GraphTypesChecked();

class GraphTypeCheck {
 public:
  explicit GraphTypeCheck(const char* op);
  pir::Builder& builder() { return builder_; }

  pir::Value Input(const Tensor& t);
  std::vector<pir::Value> Input(const std::vector<Tensor>& ts);
  template <typename T>
  const T& Input(const T& attribute) {
    return attribute;
  }

  void Compare(pir::Value graph, const Tensor& eager, size_t index = 0);
  void Compare(const std::vector<pir::Value>& graph, const std::vector<Tensor>& eager);
  template <typename... V, typename... T>
  void Compare(const std::tuple<V...>& graph, const std::tuple<T...>& eager) {
    CompareEach(graph, eager, std::index_sequence_for<V...>());
  }

 private:
  template <typename G, typename E, size_t... I>
  void CompareEach(const G& graph, const E& eager, std::index_sequence<I...>) {
    (Compare(std::get<I>(graph), std::get<I>(eager), I), ...);
  }

  const char* op_;
  pir::Program program_;
  pir::Builder builder_;
  int inputs_ = 0;
};

// Builds the op with `build(check)` and compares its types with `eager`'s.
template <typename R, typename F>
void CheckGraphTypes(const char* op, const R& eager, F&& build) {
  GraphTypeCheck check(op);
  check.Compare(build(check), eager);
}

}  // namespace paddle::pybind
