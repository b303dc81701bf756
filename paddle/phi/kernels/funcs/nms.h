// Greedy non-maximum suppression on the host, for the nms kernel of every
// backend (a GPU copies the boxes over, as nonzero does its values).
#pragma once

#include <cstdint>
#include <vector>

namespace phi::funcs {

// The positions of the `count` boxes (x1, y1, x2, y2 each) that greedy NMS
// keeps, taking them in order: a box is dropped when its IoU with a box kept
// before it exceeds threshold. A box with x2 < x1 or y2 < y1 has no area,
// and boxes whose union is empty overlap 0.
template <typename T>
std::vector<int64_t> GreedyNms(const T* boxes, int64_t count, T threshold);

}  // namespace phi::funcs
