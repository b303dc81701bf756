// Automatic mixed precision (paddle.amp.auto_cast): a layer over the eager
// ops, not a branch in any kernel. Each generated eager op asks CastTarget
// which dtype its floating inputs must have under the current AMP state; when
// there is one, it casts them (with the differentiable cast op) and calls
// itself again with AMP paused, so the op and its parts run in that dtype.
// Per thread, like grad mode.
#pragma once

#include <initializer_list>
#include <string>
#include <unordered_set>

#include "paddle/phi/api/tensor.h"

namespace paddle::amp {

struct AmpState {
  bool enabled = false;
  int level = 1;  // 1: O1 (lists decide), 2: O2 (all but the black list run in `dtype`)
  DataType dtype = DataType::FLOAT16;
  std::unordered_set<std::string> white;  // run in `dtype`
  std::unordered_set<std::string> black;  // run in float32
};

const AmpState& GetAmpState();
void SetAmpState(AmpState state);

// The dtype op `op` must cast its float32/`dtype` inputs to, or UNDEFINED
// when they stay as they are (AMP off or paused, no such inputs, or already
// right). White-listed ops run in the low dtype, black-listed ones in
// float32; under O1 any other op with mixed inputs runs in float32, under O2
// in the low dtype.
DataType CastTarget(const char* op, std::initializer_list<const Tensor*> inputs);

// t cast to `to` when it is a float32 or low-precision floating tensor; t
// itself otherwise (float64, integers, undefined).
Tensor CastIfAmpFloating(const Tensor& t, DataType to);

// Pauses AMP for a scope: the recursive call of an op that has cast its
// inputs, and the backward pass (gradients follow the forward's dtypes).
class AmpPause {
 public:
  AmpPause();
  ~AmpPause();
  AmpPause(const AmpPause&) = delete;
  AmpPause& operator=(const AmpPause&) = delete;
};

}  // namespace paddle::amp
