// Note [Random numbers]: every random op draws from a counter-based Philox
// stream (funcs/philox.h) keyed by a seed. A Generator holds (seed, offset);
// an op call reserves the counters it needs by advancing the offset, so
// results depend only on the seed and the order of calls, never on thread
// count, and CPU and GPU kernels produce the same values for the same state.
// Each device has its own default generator; paddle.seed reseeds them all.
#pragma once

#include <cstdint>
#include <mutex>

#include "paddle/common/place.h"

namespace phi {

struct GeneratorState {
  uint64_t seed = 0;
  uint64_t offset = 0;
};

class Generator {
 public:
  explicit Generator(uint64_t seed) : state_{seed, 0} {}

  // Reserves `counters` Philox counters and returns where they start.
  GeneratorState Reserve(uint64_t counters);

  GeneratorState GetState() const;
  void SetState(const GeneratorState& state);
  // Sets the seed and restarts the stream.
  void Seed(uint64_t seed) { SetState({seed, 0}); }

 private:
  mutable std::mutex mu_;
  GeneratorState state_;
};

// The default generator of `place` (created with a nondeterministic seed on
// first use, as Paddle's are).
Generator& DefaultGenerator(const paddle::Place& place);

// Reseeds the default generator of every device, present and future.
void SeedAllGenerators(uint64_t seed);

// The counters a kernel uses: from the default generator of `place`, or a
// fresh stream of `seed` when seed != 0 (an op's own `seed` attribute).
GeneratorState ReserveRandom(const paddle::Place& place, int64_t seed, uint64_t counters);

}  // namespace phi
