// ReducePlan: any reduction over a set of axes of a contiguous tensor is
// computed as out[o, i] = reduce over r of x[o, r, i] on an [outer, reduce,
// inner] view, after first permuting the reduced axes last when they are
// interleaved with kept ones. Shared by the CPU and CUDA reduce loops.
#pragma once

#include <cstdint>
#include <vector>

#include "paddle/common/ddim.h"

namespace phi::funcs {

struct ReducePlan {
  int64_t outer = 1;
  int64_t reduce = 1;
  int64_t inner = 1;
  // Non-empty when x must first be transposed by `perm` (kept axes first,
  // reduced axes last) and made contiguous; then inner == 1.
  std::vector<int64_t> perm;
};

ReducePlan MakeReducePlan(const paddle::DDim& dims, const std::vector<bool>& reduced);

}  // namespace phi::funcs
