// Types of values. A Type is a handle to a uniqued storage (Note [Uniqued
// by their text]); the builtin ones are a dense tensor, tensor<-1x4xf32>,
// and a list of types, vec[tensor<2xf32>,tensor<3xi64>], as PaddlePaddle
// 3.x prints them. A dim of -1 is unknown until the program runs.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/common/data_type.h"
#include "paddle/common/ddim.h"
#include "paddle/pir/core/storage.h"

namespace pir {

class IrContext;

class Type : public StorageHandle<Type> {
 public:
  using StorageHandle::StorageHandle;
};

// tensor<dims x element>: "tensor<2x-1xf32>", "tensor<f32>" for 0-D.
class DenseTensorType : public Type {
 public:
  using Type::Type;
  static DenseTensorType Get(IrContext* ctx, paddle::DataType dtype, const paddle::DDim& dims);

  paddle::DataType dtype() const;
  const paddle::DDim& dims() const;
};

// vec[T, ...]: the type of a tensor list (builtin.combine's result).
class VectorType : public Type {
 public:
  using Type::Type;
  static VectorType Get(IrContext* ctx, const std::vector<Type>& elements);

  const std::vector<Type>& elements() const;
  size_t size() const { return elements().size(); }
};

// cf.stack: a last-in first-out store of tensor tuples that a loop's
// forward fills and its gradient empties (Note [Gradients of pd_op.while]).
// PaddlePaddle 3.x gives one stack three values (stack, inlet, outlet); one
// is enough here.
class StackType : public Type {
 public:
  using Type::Type;
  static StackType Get(IrContext* ctx);
};

// Whether every dim of t (a tensor, or each tensor of a vec) is known: no
// -1, a size left to the run.
bool HasStaticShape(Type t);

// The short element names of the printed form: f32, i64, b, c64, bf16, ...
const char* ElementTypeName(paddle::DataType dtype);
// Their inverse; UNDEFINED for an unknown name.
paddle::DataType ElementTypeFromName(const std::string& name);

}  // namespace pir

PIR_DECLARE_TYPE_ID(pir::DenseTensorType)
PIR_DECLARE_TYPE_ID(pir::VectorType)
PIR_DECLARE_TYPE_ID(pir::StackType)

template <>
struct std::hash<pir::Type> {
  size_t operator()(const pir::Type& t) const { return std::hash<const void*>()(t.storage()); }
};
