// The steps every generated API function takes (see tools/codegen/gen_api.py):
// dtype promotion, place agreement, contiguous kernel inputs.
#pragma once

#include <initializer_list>
#include <vector>

#include "paddle/phi/api/tensor.h"
#include "paddle/phi/core/kernel_key.h"

namespace paddle::api {

using paddle::DataType;
using paddle::Place;

// The place new tensors of creation ops go to (paddle.device.set_device).
const Place& GetDefaultPlace();
void SetDefaultPlace(const Place& place);
// `place` itself, or the default place when undefined; checks the device.
Place ResolvePlace(const Place& place);

// The dtype of Python floats turned into tensors (paddle.set_default_dtype).
DataType GetDefaultFloatType();
void SetDefaultFloatType(DataType dtype);

DataType DtypeOf(const Tensor& t);
DataType DtypeOf(const std::vector<Tensor>& ts);
DataType PromotedType(std::initializer_list<const Tensor*> tensors);
DataType PromotedType(std::initializer_list<const std::vector<Tensor>*> lists);
Tensor CastTo(const Tensor& t, DataType dtype);
// Note [Integer inputs] (tools/codegen/op_spec.py): t in the default float
// dtype when it holds integers or bools; a contiguous copy of t.
bool IsIntegerOrBool(const Tensor& t);
Tensor IntegersToFloat(const Tensor& t);
// The default float dtype for an integer or bool dtype; dtype otherwise (an op
// whose promoted inputs are integers computes in it: int / int divides exactly).
DataType FloatIfInteger(DataType dtype);
Tensor CopyOf(const Tensor& t);
std::vector<Tensor> CastTo(const std::vector<Tensor>& ts, DataType dtype);

// The common place of all inputs: the device of those not on the CPU
// (Note [Host inputs follow the device] in api_helpers.cc); InvalidArgument
// when two inputs are on different devices.
Place CommonPlace(std::initializer_list<const Tensor*> tensors);
Place CommonPlace(std::initializer_list<const std::vector<Tensor>*> lists);

// A kernel's view of one input on the op's place: the tensor itself, or a
// contiguous copy when the kernel is not strided (Note [Views] in
// dense_tensor.h), or a copy on `place` of a CPU input.
class KernelInput {
 public:
  KernelInput(const Tensor& t, bool strided, const Place& place);
  const phi::DenseTensor& get() const { return keep_.dense(); }

 private:
  Tensor keep_;
};

class KernelInputs {
 public:
  KernelInputs(const std::vector<Tensor>& ts, bool strided, const Place& place);
  const std::vector<const phi::DenseTensor*>& pointers() const { return pointers_; }

 private:
  std::vector<Tensor> keep_;
  std::vector<const phi::DenseTensor*> pointers_;
};

std::vector<const phi::DenseTensorMeta*> MetasOf(const KernelInputs& inputs);
std::vector<const phi::DenseTensorMeta*> MetasOf(const std::vector<Tensor>& ts);

// Whether a kernel serves an op at `key` for these inputs (Note [Kernel
// limits] in kernel_factory.h); the generated <op>_has_kernel ask it.
bool HasKernel(const char* op, const phi::KernelKey& key, std::initializer_list<const phi::DenseTensorMeta*> inputs);

// The memory an in-place op writes (Note [In-place ops] in
// tools/codegen/gen_api.py): t's own tensor, which must be contiguous.
phi::DenseTensor* InplaceTarget(const Tensor& t, const char* arg);
// Infer-meta's output for an in-place target must be the target's own dims
// and dtype: the op cannot reshape or retype memory it writes in place.
void CheckInplaceMeta(const phi::DenseTensorMeta& inferred, const phi::DenseTensor& target, const char* arg);

}  // namespace paddle::api
