// The range checks of index tensors, run inside the kernels that read them
// (so an op's caller never reads an index back to check it). Include the
// backend's index header (funcs/index_cpu.h or funcs/index_gpu.cuh) first: it
// defines FindBadIndex and IndexValueAt for its context.
#pragma once

#include <string>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/kernels/funcs/index_walk.h"

namespace phi::funcs {

// The elements of an index tensor to check, as (dims, strides) with the
// broadcast (stride-0) and size-1 dims dropped: an index expanded to a large
// view is checked once per distinct element.
inline IndexWalk MakeIndexWalk(const DenseTensor& index) {
  IndexWalk walk;
  for (int d = 0; d < index.dims().size(); ++d) {
    if (index.strides()[d] == 0 || index.dims()[d] == 1) continue;
    walk.dims[walk.rank] = index.dims()[d];
    walk.strides[walk.rank] = index.strides()[d];
    ++walk.rank;
  }
  walk.numel = 1;
  for (int d = 0; d < walk.rank; ++d) walk.numel *= walk.dims[d];
  if (index.numel() == 0) walk.numel = 0;
  return walk;
}

// Raises IndexError for an index the rule rejects (by default one outside
// [-bound, bound)); with several bounds (a [rows, k] index of gather_nd),
// element e is checked against bounds[e % k]. The check runs where the
// index is, inside the kernel: the op's caller never reads it back.
template <typename I, typename Context>
void CheckIndices(const Context& ctx, const DenseTensor& index, const std::vector<int64_t>& bounds, const char* arg,
                  const IndexRule& rule = {}) {
  const IndexWalk walk = MakeIndexWalk(index);
  const int64_t bad = FindBadIndex<I>(ctx, index.data<I>(), walk, bounds, rule);
  if (bad < 0) return;
  const int64_t bound = bounds[bad % bounds.size()];
  const int64_t value = IndexValueAt<I>(ctx, index.data<I>(), walk.Offset(bad));
  PD_THROW(OutOfRange, arg, " holds ", value, ", out of range for a dim of size ", bound, " (valid: ",
           rule.negative_ok ? -bound : 0, " to ", bound - 1, rule.has_ignored ? ", or the ignored " : "",
           rule.has_ignored ? std::to_string(rule.ignored) : "", ")");
}

}  // namespace phi::funcs
