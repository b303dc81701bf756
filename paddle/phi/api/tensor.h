// paddle::Tensor: the user-facing tensor handle of the C++ API and of Python.
// It shares an implementation behind phi::TensorBase (a phi::DenseTensor
// today: the data) and carries what the eager layer adds on top: a name and,
// from the autograd engine on, gradient metadata.
#pragma once

#include <memory>
#include <string>

#include "paddle/phi/core/dense_tensor.h"

namespace paddle {

// Gradient bookkeeping, implemented by the autograd layer (paddle/autograd);
// the Tensor holds it, shared by every copy of the handle, so that
// `stop_gradient` and `.grad` set through one copy are seen by all.
class AbstractAutogradMeta {
 public:
  virtual ~AbstractAutogradMeta() = default;
  bool stop_gradient = true;

  // Makes the meta for a tensor that starts to need one. The autograd layer
  // installs its factory when the library loads (link-time, like backends).
  using Factory = std::shared_ptr<AbstractAutogradMeta> (*)();
  static void SetFactory(Factory factory);
  static std::shared_ptr<AbstractAutogradMeta> Create();
};

class Tensor {
 public:
  Tensor() = default;
  explicit Tensor(std::shared_ptr<phi::TensorBase> impl) : impl_(std::move(impl)) {}

  bool defined() const { return impl_ != nullptr; }
  const std::shared_ptr<phi::TensorBase>& impl() const { return impl_; }
  // In-place updates that change the dtype or shape (Note [In-place updates]
  // in paddle/autograd/inplace.h) give the handle another implementation.
  void set_impl(std::shared_ptr<phi::TensorBase> impl) { impl_ = std::move(impl); }
  bool is_dense_tensor() const { return impl_ && impl_->kind() == phi::TensorKind::kDense; }
  // The DenseTensor a kernel reads; InvalidType for another implementation.
  phi::DenseTensor& dense() const {
    if (!is_dense_tensor()) ThrowNotDense();
    return static_cast<phi::DenseTensor&>(*impl_);
  }

  const DDim& dims() const { return impl_->dims(); }
  DataType dtype() const { return impl_->dtype(); }
  const Place& place() const { return impl_->place(); }
  int64_t numel() const { return impl_->dims().numel(); }

  // A unique name, made on first use ("generated_tensor_<n>") as Paddle does.
  const std::string& name() const;
  void set_name(std::string name) { name_ = std::move(name); }

  bool stop_gradient() const { return !autograd_meta_ || autograd_meta_->stop_gradient; }
  // Creates the autograd meta on first use (stop_gradient = false).
  void set_stop_gradient(bool v);

  const std::shared_ptr<AbstractAutogradMeta>& autograd_meta() const { return autograd_meta_; }
  void set_autograd_meta(std::shared_ptr<AbstractAutogradMeta> m) { autograd_meta_ = std::move(m); }
  // The meta, created if missing.
  AbstractAutogradMeta* EnsureAutogradMeta();

 private:
  [[noreturn]] void ThrowNotDense() const;

  std::shared_ptr<phi::TensorBase> impl_;
  std::shared_ptr<AbstractAutogradMeta> autograd_meta_;
  mutable std::string name_;
};

}  // namespace paddle
