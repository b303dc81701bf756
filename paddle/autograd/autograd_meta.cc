#include "paddle/autograd/autograd_meta.h"

namespace paddle::autograd {
namespace {

[[maybe_unused]] const bool kFactoryInstalled = [] {
  AbstractAutogradMeta::SetFactory([]() -> std::shared_ptr<AbstractAutogradMeta> {
    return std::make_shared<AutogradMeta>();
  });
  return true;
}();

}  // namespace

AutogradMeta* MetaOf(const Tensor& t) {
  return static_cast<AutogradMeta*>(t.autograd_meta().get());
}

AutogradMeta* EnsureMeta(Tensor& t) { return static_cast<AutogradMeta*>(t.EnsureAutogradMeta()); }

bool IsDifferentiableType(const Tensor& t) {
  return IsFloating(t.dtype()) || IsComplex(t.dtype());
}

}  // namespace paddle::autograd
