#include "paddle/pir/autodiff/var.h"

#include "paddle/common/errors.h"

namespace pir::autodiff {
namespace {
thread_local Builder* current = nullptr;

DenseTensorType TensorTypeOf(Value v) {
  auto t = v ? v.type().dyn_cast<DenseTensorType>() : DenseTensorType();
  PD_CHECK(bool(t), InvalidArgument, "[autodiff] a rule read the dims of a value that is not a tensor");
  return t;
}
}  // namespace

const paddle::DDim& Var::dims() const { return TensorTypeOf(value_).dims(); }
paddle::DataType Var::dtype() const { return TensorTypeOf(value_).dtype(); }

std::vector<Var> Vars(const std::vector<Value>& values) {
  std::vector<Var> out;
  out.reserve(values.size());
  for (Value v : values) out.emplace_back(v);
  return out;
}

std::vector<Value> Values(const std::vector<Var>& vars) {
  std::vector<Value> out;
  out.reserve(vars.size());
  for (const Var& v : vars) out.push_back(v.value());
  return out;
}

Builder& CurrentBuilder() {
  PD_CHECK(current != nullptr, PreconditionNotMet, "[autodiff] an op rule ran outside a BuilderScope");
  return *current;
}

BuilderScope::BuilderScope(Builder* builder) : previous_(current) { current = builder; }
BuilderScope::~BuilderScope() { current = previous_; }

}  // namespace pir::autodiff
