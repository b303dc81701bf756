#include "paddle/autograd/saved_tensor_hooks.h"

#include <utility>

#include "paddle/common/errors.h"

namespace paddle::autograd {
namespace {

std::shared_ptr<SavedTensorHooks>& ThreadHooks() {
  thread_local std::shared_ptr<SavedTensorHooks> hooks;
  return hooks;
}

}  // namespace

const std::shared_ptr<SavedTensorHooks>& ActiveSavedTensorHooks() { return ThreadHooks(); }

void SetSavedTensorHooks(std::shared_ptr<SavedTensorHooks> hooks) {
  PD_CHECK(!hooks || !ThreadHooks(), InvalidArgument,
           "[saved_tensors_hooks] only one pair of hooks is allowed at a time: leave the enclosing "
           "saved_tensors_hooks first");
  ThreadHooks() = std::move(hooks);
}

}  // namespace paddle::autograd
