// Note [Saved-tensor hooks]: paddle.autograd.saved_tensors_hooks(pack_hook,
// unpack_hook) lets a user decide how the tensors that gradient formulas
// need are kept between forward and backward (moved to the CPU, written to
// disk, compressed). While the hooks are set on a thread, every tensor an op
// recorded there saves (SavedTensor) is handed to Pack, and only what Pack
// returns is kept; backward calls Unpack on it to get the tensor back.
// Tensors saved for their metadata only (SavedTensor::MetaOnly) hold no
// memory and are not packed. An unpacked tensor carries no history, so
// gradients of gradients do not flow through the tensors the hooks kept, and
// its in-place writes since forward cannot be detected (the saved memory is
// the hooks' to keep). One pair at a time, as in Paddle.
#pragma once

#include <memory>

#include "paddle/phi/api/tensor.h"

namespace paddle::autograd {

class SavedTensorHooks {
 public:
  virtual ~SavedTensorHooks() = default;
  // What is kept instead of t.
  virtual std::shared_ptr<void> Pack(const Tensor& t) = 0;
  // The tensor back from what Pack returned.
  virtual Tensor Unpack(const std::shared_ptr<void>& packed) = 0;
};

// The hooks applying to tensors saved on this thread now; null when none.
const std::shared_ptr<SavedTensorHooks>& ActiveSavedTensorHooks();
// Sets the thread's hooks (null clears them); raises when a pair is already set.
void SetSavedTensorHooks(std::shared_ptr<SavedTensorHooks> hooks);

}  // namespace paddle::autograd
