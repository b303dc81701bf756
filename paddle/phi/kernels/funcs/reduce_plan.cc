#include "paddle/phi/kernels/funcs/reduce_plan.h"

namespace phi::funcs {

ReducePlan MakeReducePlan(const paddle::DDim& dims, const std::vector<bool>& reduced) {
  // Groups of adjacent non-1 dims with the same reduced flag.
  std::vector<std::pair<int64_t, bool>> groups;
  for (int i = 0; i < dims.size(); ++i) {
    if (dims[i] == 1) continue;
    if (!groups.empty() && groups.back().second == reduced[i]) {
      groups.back().first *= dims[i];
    } else {
      groups.emplace_back(dims[i], reduced[i]);
    }
  }
  ReducePlan plan;
  int reduced_groups = 0;
  for (const auto& g : groups) reduced_groups += g.second;
  if (reduced_groups <= 1) {
    bool seen_reduced = false;
    for (const auto& [size, is_reduced] : groups) {
      if (is_reduced) {
        plan.reduce = size;
        seen_reduced = true;
      } else if (seen_reduced) {
        plan.inner *= size;
      } else {
        plan.outer *= size;
      }
    }
    if (!seen_reduced) {  // nothing to reduce: every element is its own output
      plan.outer *= plan.inner;
      plan.inner = 1;
    }
    return plan;
  }
  for (int i = 0; i < dims.size(); ++i) {
    if (!reduced[i]) {
      plan.perm.push_back(i);
      plan.outer *= dims[i];
    }
  }
  for (int i = 0; i < dims.size(); ++i) {
    if (reduced[i]) {
      plan.perm.push_back(i);
      plan.reduce *= dims[i];
    }
  }
  return plan;
}

}  // namespace phi::funcs
