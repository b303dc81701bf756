#include "paddle/phi/kernels/funcs/nms.h"

#include <algorithm>
#include <limits>

namespace phi::funcs {

template <typename T>
std::vector<int64_t> GreedyNms(const T* boxes, int64_t count, T threshold) {
  // The boxes as columns, so that one kept box's overlaps with all later ones
  // are a loop the compiler vectorizes (no branch, no early exit).
  std::vector<T> x1(count), y1(count), x2(count), y2(count), area(count);
  for (int64_t i = 0; i < count; ++i) {
    x1[i] = boxes[4 * i];
    y1[i] = boxes[4 * i + 1];
    x2[i] = boxes[4 * i + 2];
    y2[i] = boxes[4 * i + 3];
    area[i] = x2[i] >= x1[i] && y2[i] >= y1[i] ? (x2[i] - x1[i]) * (y2[i] - y1[i]) : T(0);
  }
  std::vector<uint8_t> suppressed(count, 0);
  std::vector<int64_t> kept;
  for (int64_t i = 0; i < count; ++i) {
    if (suppressed[i]) continue;
    kept.push_back(i);
    const T bx1 = x1[i], by1 = y1[i], bx2 = x2[i], by2 = y2[i], barea = area[i];
    for (int64_t j = i + 1; j < count; ++j) {
      const T width = std::min(bx2, x2[j]) - std::max(bx1, x1[j]);
      const T height = std::min(by2, y2[j]) - std::max(by1, y1[j]);
      // max(0, .) also takes a NaN to 0; no branch around the product and
      // the quotient, which GCC would keep as control flow (they may trap).
      const T inter = std::max(T(0), width) * std::max(T(0), height);
      // The union is at least the larger area: 0 only for two empty boxes, whose inter is 0 too.
      const T union_area = std::max(barea + area[j] - inter, std::numeric_limits<T>::min());
      suppressed[j] |= static_cast<uint8_t>(inter / union_area > threshold);
    }
  }
  return kept;
}

template std::vector<int64_t> GreedyNms(const float*, int64_t, float);
template std::vector<int64_t> GreedyNms(const double*, int64_t, double);

}  // namespace phi::funcs
