// Var: a program's value as the op rules see a tensor (paddle/prim/
// tensor_like.h), so the gradient formulas and decompositions written once
// for the eager Tensor build IR when instantiated for Var (Note [Rules over
// any tensor] in tools/codegen/gen_prim.py). Every op a rule calls goes to
// the builder of the innermost BuilderScope.
#pragma once

#include <vector>

#include "paddle/common/place.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/type.h"
#include "paddle/pir/core/value.h"

namespace pir::autodiff {

class Var {
 public:
  Var() = default;
  explicit Var(Value value) : value_(value) {}

  Value value() const { return value_; }
  bool defined() const { return bool(value_); }
  // The value's dims (-1 where the feed decides) and dtype.
  const paddle::DDim& dims() const;
  paddle::DataType dtype() const;
  // Where the program runs is decided when it runs: undefined here.
  paddle::Place place() const { return paddle::Place(); }

 private:
  Value value_;
};

std::vector<Var> Vars(const std::vector<Value>& values);
std::vector<Value> Values(const std::vector<Var>& vars);

// The builder the rules' ops go to; PreconditionNotMet outside a scope.
Builder& CurrentBuilder();

class BuilderScope {
 public:
  explicit BuilderScope(Builder* builder);
  ~BuilderScope();
  BuilderScope(const BuilderScope&) = delete;
  BuilderScope& operator=(const BuilderScope&) = delete;

 private:
  Builder* previous_;
};

}  // namespace pir::autodiff
