// Dispatch's side of decompositions (Note [Decompositions] in
// tools/codegen/gen_eager.py): forcing ops with kernels to run as their
// decompositions, and checking a decomposition's outputs against the op's
// infer_meta.
#pragma once

#include <vector>

#include "paddle/phi/api/tensor.h"

namespace paddle::autograd {

// Whether ops run as their decompositions even where a kernel serves them
// (per thread; the tests compare every decomposition with the fused op).
bool DecompositionForced();
void SetDecompositionForced(bool forced);

// Whether FLAGS_check_decomposition_meta is on.
bool CheckDecompositionMeta();
// Raises PreconditionNotMet when an output's dims or dtype differ from what
// infer_meta says.
void CheckDecomposedMeta(const std::vector<phi::DenseTensorMeta>& inferred, const std::vector<Tensor>& outputs);

}  // namespace paddle::autograd
