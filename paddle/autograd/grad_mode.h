// Grad mode: whether ops record the graph (paddle.no_grad / enable_grad /
// set_grad_enabled). Per thread, as in Paddle and PyTorch.
#pragma once

namespace paddle::autograd {

class GradMode {
 public:
  static bool IsEnabled();
  static void SetEnabled(bool enabled);
};

// Sets grad mode for a scope and restores the previous mode on exit.
class GradModeGuard {
 public:
  explicit GradModeGuard(bool enabled) : previous_(GradMode::IsEnabled()) {
    GradMode::SetEnabled(enabled);
  }
  ~GradModeGuard() { GradMode::SetEnabled(previous_); }
  GradModeGuard(const GradModeGuard&) = delete;
  GradModeGuard& operator=(const GradModeGuard&) = delete;

 private:
  bool previous_;
};

}  // namespace paddle::autograd
