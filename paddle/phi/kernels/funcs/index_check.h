// The range checks of index tensors, run inside the kernels that read them
// (so an op's caller never reads an index back to check it). Include the
// backend's index header (funcs/index_cpu.h or funcs/index_gpu.cuh) first: it
// defines CheckIndexWalk for its context.
#pragma once

#include <algorithm>
#include <functional>
#include <string>
#include <utility>
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

// The message of a rejected index: from its position along the walk and
// its value.
using DescribeBadIndex = std::function<std::string(int64_t position, int64_t value)>;

// Checks every element of `index` against bounds[position % bounds.size()]
// by `rule`; a rejected one raises an error of class `code` described by
// `describe`. The check runs where the index is, inside the kernel: the
// op's caller never reads it back. On the CPU it raises at once; on the GPU
// at the next wait for the device (Note [Deferred index errors] in
// phi/backends/gpu/deferred_errors.h).
template <typename I, typename Context>
void CheckIndexValues(const Context& ctx, const DenseTensor& index, const std::vector<int64_t>& bounds,
                      const IndexRule& rule, paddle::common::ErrorCode code, DescribeBadIndex describe) {
  const IndexWalk walk = MakeIndexWalk(index);
  if (walk.numel == 0) return;
  const auto empty = std::find(bounds.begin(), bounds.end(), 0);
  if (empty != bounds.end() && !rule.has_ignored && empty - bounds.begin() < walk.numel) {
    // An index into an empty dim is rejected whatever its value, and no
    // kernel may read with it (not even clamped): raised now on every backend.
    const int64_t position = empty - bounds.begin();
    I value;
    CopyToHost(ctx, &value, index.data<I>() + walk.Offset(position), sizeof(I));
    throw paddle::common::Error(code, describe(position, static_cast<int64_t>(value)));
  }
  CheckIndexWalk<I>(ctx, index.data<I>(), walk, bounds, rule, code, std::move(describe));
}

// IndexError for an index the rule rejects (by default one outside
// [-bound, bound)); with several bounds (a [rows, k] index of gather_nd),
// element e is checked against bounds[e % k].
template <typename I, typename Context>
void CheckIndices(const Context& ctx, const DenseTensor& index, const std::vector<int64_t>& bounds, const char* arg,
                  const IndexRule& rule = {}) {
  CheckIndexValues<I>(ctx, index, bounds, rule, paddle::common::ErrorCode::kOutOfRange,
                      [arg = std::string(arg), bounds, rule](int64_t position, int64_t value) {
                        const int64_t bound = bounds[position % bounds.size()];
                        return paddle::common::StrCat(arg, " holds ", value, ", out of range for a dim of size ", bound,
                                              " (valid: ", rule.negative_ok ? -bound : 0, " to ", bound - 1,
                                              rule.has_ignored ? ", or the ignored " : "",
                                              rule.has_ignored ? std::to_string(rule.ignored) : "", ")");
                      });
}

}  // namespace phi::funcs
