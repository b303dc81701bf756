#include "paddle/autograd/amp.h"

#include "paddle/autograd/generated/eager_ops.h"

namespace paddle::amp {
namespace {

thread_local AmpState state;
thread_local int paused = 0;

}  // namespace

const AmpState& GetAmpState() { return state; }

void SetAmpState(AmpState s) { state = std::move(s); }

AmpPause::AmpPause() { ++paused; }
AmpPause::~AmpPause() { --paused; }

DataType CastTarget(const char* op, std::initializer_list<const Tensor*> inputs) {
  if (!state.enabled || paused > 0) return DataType::UNDEFINED;
  bool has_float32 = false, has_low = false;
  for (const Tensor* t : inputs) {
    if (!t->defined()) continue;
    has_float32 |= t->dtype() == DataType::FLOAT32;
    has_low |= t->dtype() == state.dtype;
  }
  if (!has_float32 && !has_low) return DataType::UNDEFINED;
  const std::string name(op);
  if (state.black.count(name)) return has_low ? DataType::FLOAT32 : DataType::UNDEFINED;
  const bool low = state.white.count(name) > 0 || state.level == 2;
  if (low) return has_float32 ? state.dtype : DataType::UNDEFINED;
  return has_float32 && has_low ? DataType::FLOAT32 : DataType::UNDEFINED;
}

Tensor CastIfAmpFloating(const Tensor& t, DataType to) {
  if (!t.defined() || t.dtype() == to) return t;
  if (t.dtype() != DataType::FLOAT32 && t.dtype() != state.dtype) return t;
  return eager::cast(t, to);
}

}  // namespace paddle::amp
