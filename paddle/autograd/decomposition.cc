#include "paddle/autograd/decomposition.h"

#include "paddle/common/errors.h"
#include "paddle/common/flags.h"

PD_DEFINE_bool(check_decomposition_meta, false,
               "Compare each decomposed op's outputs with its infer_meta (dims and dtype); for tests.");

namespace paddle::autograd {
namespace {
thread_local bool forced = false;
}  // namespace

bool DecompositionForced() { return forced; }
void SetDecompositionForced(bool value) { forced = value; }

bool CheckDecompositionMeta() { return FLAGS_check_decomposition_meta; }

void CheckDecomposedMeta(const std::vector<phi::DenseTensorMeta>& inferred, const std::vector<Tensor>& outputs) {
  for (size_t i = 0; i < outputs.size(); ++i) {
    const Tensor& out = outputs[i];
    PD_CHECK(out.dims() == inferred[i].dims && out.dtype() == inferred[i].dtype, PreconditionNotMet,
             "output ", i, " of the decomposition is ", DataTypeName(out.dtype()), out.dims().ToString(),
             " but infer_meta says ", DataTypeName(inferred[i].dtype), inferred[i].dims.ToString());
  }
}

}  // namespace paddle::autograd
