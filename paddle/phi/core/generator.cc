#include "paddle/phi/core/generator.h"

#include <map>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <tuple>
#include <utility>

namespace phi {

GeneratorState Generator::Reserve(uint64_t counters) {
  std::lock_guard<std::mutex> lock(mu_);
  GeneratorState start = state_;
  state_.offset += counters;
  return start;
}

GeneratorState Generator::GetState() const {
  std::lock_guard<std::mutex> lock(mu_);
  return state_;
}

void Generator::SetState(const GeneratorState& state) {
  std::lock_guard<std::mutex> lock(mu_);
  state_ = state;
}

namespace {

struct Registry {
  std::mutex mu;
  // Keyed by (allocation type, plugin device type, device id); generators
  // live for the process.
  std::map<std::tuple<int, std::string, int>, std::unique_ptr<Generator>> generators;
  std::optional<uint64_t> global_seed;  // set by SeedAllGenerators
};

Registry& GetRegistry() {
  static Registry registry;
  return registry;
}

}  // namespace

Generator& DefaultGenerator(const paddle::Place& place) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  auto key = std::make_tuple(static_cast<int>(place.GetType()), place.GetCustomDeviceType(),
                             place.is_cpu() ? 0 : place.GetDeviceId());
  auto& slot = r.generators[key];
  if (!slot) {
    uint64_t seed = r.global_seed ? *r.global_seed : (uint64_t{std::random_device{}()} << 32) ^ std::random_device{}();
    slot = std::make_unique<Generator>(seed);
  }
  return *slot;
}

void SeedAllGenerators(uint64_t seed) {
  Registry& r = GetRegistry();
  std::lock_guard<std::mutex> lock(r.mu);
  r.global_seed = seed;
  for (auto& [key, generator] : r.generators) generator->Seed(seed);
}

GeneratorState ReserveRandom(const paddle::Place& place, int64_t seed, uint64_t counters) {
  if (seed != 0) return {static_cast<uint64_t>(seed), 0};
  return DefaultGenerator(place).Reserve(counters);
}

}  // namespace phi
