// Host sorting of a line by integer order keys (SortLinesFunctor): a key
// per value whose integer order is the values' order with NaN above every
// number and -0 equal to +0 (NanLast), so that selection and sorting compare
// integers, loops over keys vectorize, and 32-bit keys can be radix sorted.
#pragma once

#include <cstdint>
#include <cstring>
#include <limits>
#include <type_traits>
#include <utility>
#include <vector>

#include "paddle/common/data_type.h"

namespace phi::funcs {

template <typename T>
struct OrderKey {
  using Key = std::conditional_t<sizeof(T) == 8, int64_t, int32_t>;

  static Key Of(T v) {
    if constexpr (std::is_integral_v<T>) {
      return static_cast<Key>(v);
    } else {
      // Sign-magnitude bits to two's complement order: negative values get
      // their magnitude bits flipped. Masks rather than selects, so that
      // loops of it vectorize.
      using Float = std::conditional_t<sizeof(T) == 8, double, float>;
      const Float f = static_cast<Float>(v);
      Key bits;
      std::memcpy(&bits, &f, sizeof(bits));
      constexpr Key kMagnitude = std::numeric_limits<Key>::max();
      constexpr Key kInfinity = sizeof(T) == 8 ? static_cast<Key>(0x7FF0000000000000LL) : 0x7F800000;
      const Key magnitude = bits & kMagnitude;
      const Key key = bits ^ ((bits >> (8 * sizeof(Key) - 1)) & kMagnitude);
      const Key nan = -static_cast<Key>(magnitude > kInfinity);  // every NaN the same, above +inf
      const Key zero = -static_cast<Key>(magnitude == 0);        // -0 as +0
      return ((key & ~nan) | (nan & kMagnitude)) & ~zero;
    }
  }
};

// Sorts positions 0..n-1 of a line by 32-bit keys, ties in position order
// (descending reverses the key order but keeps ties in position order), by
// a stable LSD radix sort: four passes of counting and scattering, skipping
// the passes over a byte all keys share. Writes the positions to `order`.
inline void RadixSortPositions(std::vector<uint32_t>* keys, bool descending, std::vector<uint32_t>* key_buffer,
                               std::vector<int64_t>* order, std::vector<int64_t>* order_buffer) {
  const int64_t n = static_cast<int64_t>(keys->size());
  key_buffer->resize(n);
  order->resize(n);
  order_buffer->resize(n);
  uint32_t* k = keys->data();
  uint32_t* kb = key_buffer->data();
  int64_t* o = order->data();
  int64_t* ob = order_buffer->data();
  const uint32_t flip = descending ? 0x7FFFFFFFu : 0x80000000u;  // signed order to unsigned, reversed if descending
  int64_t counts[4][256] = {};
  for (int64_t j = 0; j < n; ++j) {
    k[j] ^= flip;
    o[j] = j;
    for (int pass = 0; pass < 4; ++pass) ++counts[pass][(k[j] >> (8 * pass)) & 0xFF];
  }
  for (int pass = 0; pass < 4; ++pass) {
    int64_t* count = counts[pass];
    const int shift = 8 * pass;
    if (n == 0 || count[(k[0] >> shift) & 0xFF] == n) continue;  // one byte value for all: nothing moves
    int64_t next = 0;
    for (int digit = 0; digit < 256; ++digit) {
      const int64_t c = count[digit];
      count[digit] = next;
      next += c;
    }
    for (int64_t j = 0; j < n; ++j) {
      const int64_t to = count[(k[j] >> shift) & 0xFF]++;
      kb[to] = k[j];
      ob[to] = o[j];
    }
    std::swap(k, kb);
    std::swap(o, ob);
  }
  if (o != order->data()) std::memcpy(order->data(), o, sizeof(int64_t) * n);
}

}  // namespace phi::funcs
