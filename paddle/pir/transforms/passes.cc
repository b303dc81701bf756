#include "paddle/pir/transforms/passes.h"

#include <map>

#include "paddle/common/errors.h"

namespace pir {
namespace {

std::map<std::string, PassFactory>& Registry() {
  static std::map<std::string, PassFactory> registry = {
      {"algebraic_simplification", CreateAlgebraicSimplificationPass},
      {"buffer_reuse", CreateBufferReusePass},
      {"common_subexpression_elimination", CreateCommonSubexpressionEliminationPass},
      {"conv_add_act_fusion", CreateConvAddActFusionPass},
      {"conv_bn_fold", CreateConvBnFoldPass},
      {"conv_nhwc_layout", CreateConvNhwcLayoutPass},
      {"dead_code_elimination", CreateDeadCodeEliminationPass},
      {"decomposition", CreateDecompositionPass},
      {"infer_symbolic_shape", CreateInferSymbolicShapePass},
      {"kernel_selection", [] { return CreateKernelSelectionPass(paddle::CPUPlace()); }},
      {"matmul_add_fusion", CreateMatmulAddFusionPass},
  };
  return registry;
}

}  // namespace

void RegisterPass(const std::string& name, PassFactory factory) { Registry()[name] = factory; }

std::vector<std::string> PassNames() {
  std::vector<std::string> names;
  for (const auto& [name, factory] : Registry()) names.push_back(name);
  return names;
}

std::unique_ptr<Pass> CreatePass(const std::string& name) {
  auto it = Registry().find(name);
  if (it == Registry().end()) {
    std::string known;
    for (const auto& n : PassNames()) known += (known.empty() ? "" : ", ") + n;
    PD_THROW(NotFound, "[pir] no pass is named '", name, "'; the passes are: ", known);
  }
  return it->second();
}

}  // namespace pir
