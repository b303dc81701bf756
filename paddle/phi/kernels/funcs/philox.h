// Philox-4x32-10 (Salmon et al., "Parallel random numbers: as easy as 1, 2,
// 3", SC'11): a counter-based generator. Block `counter` of the stream keyed
// by `seed` is four 32-bit words computed from (seed, counter) alone, so any
// thread can produce any block; see Note [Random numbers].
#pragma once

#include <cmath>
#include <cstdint>

#include "paddle/common/macros.h"
#include "paddle/phi/kernels/funcs/fast_math.h"

namespace phi::funcs {

struct PhiloxBlock {
  uint32_t w[4];
};

PD_HOSTDEVICE inline uint32_t MulHiLo(uint32_t a, uint32_t b, uint32_t* lo) {
#ifdef __CUDA_ARCH__
  *lo = a * b;
  return __umulhi(a, b);
#else
  uint64_t p = static_cast<uint64_t>(a) * b;
  *lo = static_cast<uint32_t>(p);
  return static_cast<uint32_t>(p >> 32);
#endif
}

// The generator proper: 10 rounds over a 128-bit counter and 64-bit key.
PD_HOSTDEVICE inline PhiloxBlock Philox4x32(PhiloxBlock c, uint32_t k0, uint32_t k1) {
  constexpr uint32_t kMul0 = 0xD2511F53u, kMul1 = 0xCD9E8D57u;
  constexpr uint32_t kWeyl0 = 0x9E3779B9u, kWeyl1 = 0xBB67AE85u;
  for (int round = 0; round < 10; ++round) {
    uint32_t lo0, lo1;
    uint32_t hi0 = MulHiLo(kMul0, c.w[0], &lo0);
    uint32_t hi1 = MulHiLo(kMul1, c.w[2], &lo1);
    c = {{hi1 ^ c.w[1] ^ k0, lo1, hi0 ^ c.w[3] ^ k1, lo0}};
    k0 += kWeyl0;
    k1 += kWeyl1;
  }
  return c;
}

// Block `counter` of the stream keyed by `seed`.
PD_HOSTDEVICE inline PhiloxBlock Philox(uint64_t seed, uint64_t counter) {
  PhiloxBlock c{{static_cast<uint32_t>(counter), static_cast<uint32_t>(counter >> 32), 0u, 0u}};
  return Philox4x32(c, static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32));
}

// Block (counter, sub) of the stream: a second counter word for ops that
// draw an unbounded number of values per element (sub = 0 is Philox's block).
PD_HOSTDEVICE inline PhiloxBlock Philox(uint64_t seed, uint64_t counter, uint64_t sub) {
  PhiloxBlock c{{static_cast<uint32_t>(counter), static_cast<uint32_t>(counter >> 32), static_cast<uint32_t>(sub),
                 static_cast<uint32_t>(sub >> 32)}};
  return Philox4x32(c, static_cast<uint32_t>(seed), static_cast<uint32_t>(seed >> 32));
}

// Values of U (float or double) one block yields: 24-bit floats take one
// word each, 53-bit doubles two.
template <typename U>
inline constexpr int kPerBlock = sizeof(U) <= 4 ? 4 : 2;

// Uniform values in [0, 1).
template <typename U>
PD_HOSTDEVICE inline void UniformsFromBlock(const PhiloxBlock& b, U* u) {
  if constexpr (sizeof(U) <= 4) {
    for (int j = 0; j < 4; ++j) u[j] = static_cast<U>(b.w[j] >> 8) * U(1.0f / 16777216.0f);
  } else {
    for (int j = 0; j < 2; ++j) {
      uint64_t bits = (static_cast<uint64_t>(b.w[2 * j]) << 32 | b.w[2 * j + 1]) >> 11;
      u[j] = static_cast<U>(bits) * U(1.0 / 9007199254740992.0);
    }
  }
}

// Two standard normal values in place of two uniforms, by the Box-Muller
// transform; floats by the branch-free log and sin/cos of fast_math.h.
template <typename U>
PD_HOSTDEVICE PD_FORCEINLINE void BoxMuller(U* a, U* b) {
  if constexpr (sizeof(U) <= 4) {
    const float radius = sqrtf(-2.0f * FastLogOfNormal(1.0f - *a));  // 1 - u is in (0, 1]: log is finite
    float sine, cosine;
    FastSinCosTwoPi(*b, &sine, &cosine);
    *a = radius * cosine;
    *b = radius * sine;
  } else {
    const U radius = std::sqrt(U(-2) * std::log(U(1) - *a));
    const U angle = U(6.283185307179586) * *b;
    *a = radius * std::cos(angle);
    *b = radius * std::sin(angle);
  }
}

// Standard normal values from one block.
template <typename U>
PD_HOSTDEVICE inline void NormalsFromBlock(const PhiloxBlock& b, U* n) {
  UniformsFromBlock(b, n);
  for (int j = 0; j < kPerBlock<U>; j += 2) BoxMuller(n + j, n + j + 1);
}

// The kernel body of every random op: block `b` of the reserved stream
// yields kPerBlock<U> uniform (or normal) values, handed with their element
// index to `sink`, which writes the op's outputs.
template <typename U, bool kNormal, typename Sink>
struct RandomBlocks {
  uint64_t seed, offset;
  int64_t numel;
  Sink sink;

  PD_HOSTDEVICE void operator()(int64_t block) const {
    U values[kPerBlock<U>];
    PhiloxBlock bits = Philox(seed, offset + static_cast<uint64_t>(block));
    if constexpr (kNormal) {
      NormalsFromBlock(bits, values);
    } else {
      UniformsFromBlock(bits, values);
    }
    const int64_t base = block * kPerBlock<U>;
    for (int j = 0; j < kPerBlock<U> && base + j < numel; ++j) sink(base + j, values[j]);
  }

  // Blocks [first, last) at once (the CPU's loop, see LaunchForEach): a tile
  // of blocks per stage, so that Philox, the conversion to uniforms, Box-Muller
  // and the sink each run as a loop the compiler vectorizes. The values are
  // those operator() gives block by block.
  void ForRange(int64_t first, int64_t last) const {
    constexpr int kTile = 64;
    for (int64_t tile = first; tile < last; tile += kTile) {
      const int blocks = static_cast<int>(last - tile < kTile ? last - tile : kTile);
      PhiloxBlock bits[kTile];
      for (int k = 0; k < blocks; ++k) bits[k] = Philox(seed, offset + static_cast<uint64_t>(tile + k));
      U values[kTile * kPerBlock<U>];
      for (int k = 0; k < blocks; ++k) UniformsFromBlock(bits[k], values + k * kPerBlock<U>);
      if constexpr (kNormal) {
        for (int j = 0; j < blocks * kPerBlock<U>; j += 2) BoxMuller(values + j, values + j + 1);
      }
      const int64_t base = tile * kPerBlock<U>;
      const int64_t count = numel - base < blocks * kPerBlock<U> ? numel - base : blocks * kPerBlock<U>;
      for (int64_t j = 0; j < count; ++j) sink(base + j, values[j]);
    }
  }
};

template <typename U>
inline int64_t RandomBlockCount(int64_t numel) {
  return (numel + kPerBlock<U> - 1) / kPerBlock<U>;
}

}  // namespace phi::funcs
