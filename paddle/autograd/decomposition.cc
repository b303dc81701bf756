#include "paddle/autograd/decomposition.h"

#include "paddle/common/errors.h"
#include "paddle/common/flags.h"

PD_DEFINE_bool(check_decomposition_meta, false,
               "Compare each decomposed op's outputs with its infer_meta (dims and dtype); for tests.");

namespace paddle::autograd {
namespace {
thread_local bool forced = false;

// Whether dims fit the inferred ones, where -1 is a dim that depends on the
// values (masked_select's length).
bool MatchesInferred(const DDim& dims, const DDim& inferred) {
  if (dims.size() != inferred.size()) return false;
  for (int d = 0; d < dims.size(); ++d) {
    if (inferred[d] != -1 && inferred[d] != dims[d]) return false;
  }
  return true;
}
}  // namespace

bool DecompositionForced() { return forced; }
void SetDecompositionForced(bool value) { forced = value; }

bool CheckDecompositionMeta() { return FLAGS_check_decomposition_meta; }

void CheckDecomposedMeta(const std::vector<phi::DenseTensorMeta>& inferred, const std::vector<Tensor>& outputs) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& out = outputs[i];
    PD_CHECK(MatchesInferred(out.dims(), inferred[i].dims) && out.dtype() == inferred[i].dtype, PreconditionNotMet,
             "output ", i, " of the decomposition is ", DataTypeName(out.dtype()), out.dims().ToString(),
             " but infer_meta says ", DataTypeName(inferred[i].dtype), inferred[i].dims.ToString());
  }
}

}  // namespace paddle::autograd
