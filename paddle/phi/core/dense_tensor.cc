#include "paddle/phi/core/dense_tensor.h"

#include "paddle/common/errors.h"

namespace phi {

bool DenseTensorMeta::IsContiguous() const {
  if (dims.numel() == 0) return true;
  int64_t expected = 1;
  for (int i = dims.size() - 1; i >= 0; --i) {
    if (dims[i] == 1) continue;  // a size-1 dim's stride never matters
    if (strides[i] != expected) return false;
    expected *= dims[i];
  }
  return true;
}

void DenseTensor::Resize(const DDim& dims) {
  meta_.dims = dims;
  meta_.strides = paddle::ContiguousStrides(dims);
}

const Place& DenseTensor::place() const {
  static const Place kUndefined;
  return holder_ ? holder_->place() : kUndefined;
}

void* DenseTensor::AllocateStorage(const Place& place) {
  PD_CHECK(meta_.dtype != DataType::UNDEFINED, PreconditionNotMet,
           "cannot allocate a tensor whose dtype is undefined");
  int64_t numel = meta_.dims.CheckedNumel(static_cast<int64_t>(paddle::SizeOf(meta_.dtype)));
  PD_CHECK(numel >= 0, InvalidArgument, "cannot allocate a tensor of shape ",
           meta_.dims.ToString());
  int64_t signed_bytes = 0;
  PD_CHECK(!__builtin_mul_overflow(numel, static_cast<int64_t>(paddle::SizeOf(meta_.dtype)), &signed_bytes) &&
               signed_bytes <= (int64_t{1} << 60),
           ResourceExhausted, "a tensor of shape ", meta_.dims.ToString(), " and dtype ",
           paddle::DataTypeName(meta_.dtype), " needs more memory than any machine has");
  size_t bytes = static_cast<size_t>(signed_bytes);
  bool reusable = holder_ && holder_.use_count() == 1 && holder_->place() == place &&
                  holder_->size() >= bytes;
  if (!reusable) holder_ = GetAllocator(place)->Allocate(bytes);
  meta_.offset = 0;
  return holder_->ptr();
}

}  // namespace phi
