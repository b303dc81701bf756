// Note [Split programs]: a training program's top block, cut in two where
// its gradients start, so that a run of the forward keeps what the backward
// needs instead of the backward running the forward again (which would draw
// dropout's randomness anew and update batch norm's statistics twice). The
// forward program is the ops before the cut. The backward program is the ops
// from the cut on; each value they read from before the cut is an input, a
// pd_op.data named "@saved_<i>", except a parameter (builtin.parameter),
// whose op the backward repeats: the scope gives it to both. The forward
// fetches the saved values and the backward is fed them.
#pragma once

#include <memory>
#include <string>
#include <vector>

#include "paddle/pir/core/ir_mapping.h"
#include "paddle/pir/core/program.h"

namespace pir {

struct SplitPrograms {
  std::unique_ptr<Program> forward, backward;
  // The original's values the backward reads from before the cut (their
  // copies in the forward: forward_mapping.Lookup), and the names of the
  // backward's inputs that stand for them.
  std::vector<Value> saved;
  std::vector<std::string> saved_names;
  IrMapping forward_mapping, backward_mapping;  // the original's values -> the copies'
};

// InvalidArgument when `cut` is past the top block's end.
SplitPrograms SplitProgram(const Program& program, size_t cut);

}  // namespace pir
