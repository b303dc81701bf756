// The constant folding pass (Note [Constant folding] in
// constant_folding_pass.cc). It runs ops, so it lives with the executor;
// by name ("constant_folding") it folds into pd_op.full only.
#pragma once

#include <memory>

#include "paddle/executor/instruction.h"
#include "paddle/pir/transforms/pass.h"

namespace paddle::executor {

// Values that are not uniform become parameters of `constants` (none when
// null); with fold_parameters, the program's parameters, read from
// `parameters`, count as constants too (inference: nothing writes them).
std::unique_ptr<pir::Pass> CreateConstantFoldingPass(Scope* constants, const Scope* parameters = nullptr,
                                                     bool fold_parameters = false);

}  // namespace paddle::executor
