// Row programs on the CPU (Note [Row programs]): each thread walks whole
// rows, in parallel chunks of about 32K elements.
#pragma once

#include <algorithm>

#include "paddle/phi/kernels/funcs/elementwise_cpu.h"
#include "paddle/phi/kernels/funcs/row_program.h"

namespace phi::funcs {

template <typename Program>
void LaunchRowPrograms(const CPUContext& ctx, const RowShape& s, const Program& p) {
  LaunchForEach(
      ctx, s.rows(), [&](int64_t r) { RunSerialRow(p, s, r); }, std::max<int64_t>(1, (1 << 15) / std::max<int64_t>(s.n, 1)));
}

}  // namespace phi::funcs
