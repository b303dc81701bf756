#include "paddle/phi/api/tensor.h"

#include <atomic>

#include "paddle/common/errors.h"

namespace paddle {
namespace {

AbstractAutogradMeta::Factory& MetaFactory() {
  static AbstractAutogradMeta::Factory factory = [] {
    return std::make_shared<AbstractAutogradMeta>();
  };
  return factory;
}

}  // namespace

void AbstractAutogradMeta::SetFactory(Factory factory) { MetaFactory() = factory; }

std::shared_ptr<AbstractAutogradMeta> AbstractAutogradMeta::Create() { return MetaFactory()(); }

AbstractAutogradMeta* Tensor::EnsureAutogradMeta() {
  if (!autograd_meta_) autograd_meta_ = AbstractAutogradMeta::Create();
  return autograd_meta_.get();
}

void Tensor::set_stop_gradient(bool v) {
  if (!autograd_meta_ && v) return;
  EnsureAutogradMeta()->stop_gradient = v;
}

void Tensor::ThrowNotDense() const {
  PD_CHECK(impl_ != nullptr, InvalidArgument, "the tensor is undefined (it holds no data)");
  PD_THROW(InvalidType, "this operation runs kernels on a DenseTensor, but the tensor is a ", impl_->type_name());
}

const std::string& Tensor::name() const {
  static std::atomic<int64_t> counter{0};
  if (name_.empty()) name_ = "generated_tensor_" + std::to_string(counter++);
  return name_;
}

}  // namespace paddle
