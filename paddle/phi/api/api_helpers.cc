#include "paddle/phi/api/api_helpers.h"

#include "paddle/common/errors.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/phi/backends/custom/custom_device.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"

namespace paddle::api {
namespace {

Place& DefaultPlace() {
  static Place place = CPUPlace();
  return place;
}

const Tensor& Checked(const Tensor* t) {
  PD_CHECK(t->defined(), InvalidArgument, "an input tensor is undefined (None)");
  return *t;
}

// Throws Unavailable unless the place's device exists in this process.
void CheckDevice(const Place& place) {
  if (place.is_gpu()) phi::gpu::CheckDevice(place.GetDeviceId());
  if (place.is_custom()) phi::custom::GetDevice(place.GetCustomDeviceType()).CheckDevice(place.GetDeviceId());
}

DataType& DefaultFloatType() {
  static DataType dtype = DataType::FLOAT32;
  return dtype;
}

}  // namespace

DataType GetDefaultFloatType() { return DefaultFloatType(); }

void SetDefaultFloatType(DataType dtype) {
  PD_CHECK(IsFloating(dtype), InvalidType,
           "[set_default_dtype] the default dtype must be a floating type, but got ",
           DataTypeName(dtype));
  DefaultFloatType() = dtype;
}

const Place& GetDefaultPlace() { return DefaultPlace(); }

void SetDefaultPlace(const Place& place) {
  CheckDevice(place);
  DefaultPlace() = place;
}

Place ResolvePlace(const Place& place) {
  if (place.GetType() == AllocationType::UNDEFINED) return DefaultPlace();
  CheckDevice(place);
  return place;
}

DataType DtypeOf(const Tensor& t) { return Checked(&t).dtype(); }

DataType DtypeOf(const std::vector<Tensor>& ts) {
  PD_CHECK(!ts.empty(), InvalidArgument, "the input tensor list is empty");
  return DtypeOf(ts.front());
}

DataType PromotedType(std::initializer_list<const Tensor*> tensors) {
  DataType result = DataType::UNDEFINED;
  for (const Tensor* t : tensors) {
    DataType d = Checked(t).dtype();
    result = result == DataType::UNDEFINED ? d : PromoteTypes(result, d);
  }
  return result;
}

DataType PromotedType(std::initializer_list<const std::vector<Tensor>*> lists) {
  DataType result = DataType::UNDEFINED;
  for (const auto* list : lists) {
    for (const Tensor& t : *list) {
      DataType d = Checked(&t).dtype();
      result = result == DataType::UNDEFINED ? d : PromoteTypes(result, d);
    }
  }
  return result;
}

Tensor CastTo(const Tensor& t, DataType dtype) {
  return t.dtype() == dtype ? t : cast(t, dtype);
}

std::vector<Tensor> CastTo(const std::vector<Tensor>& ts, DataType dtype) {
  std::vector<Tensor> out;
  out.reserve(ts.size());
  for (const Tensor& t : ts) out.push_back(CastTo(t, dtype));
  return out;
}

Place CommonPlace(std::initializer_list<const Tensor*> tensors) {
  const Tensor* first = nullptr;
  for (const Tensor* t : tensors) {
    Checked(t);
    if (first == nullptr) {
      first = t;
    } else {
      PD_CHECK(t->place() == first->place(), InvalidArgument,
               "all inputs must be on the same place, but got ", first->place().ToString(), " and ",
               t->place().ToString());
    }
  }
  PD_CHECK(first != nullptr, InvalidArgument, "the op has no input tensor");
  return first->place();
}

Place CommonPlace(std::initializer_list<const std::vector<Tensor>*> lists) {
  const Tensor* first = nullptr;
  for (const auto* list : lists) {
    for (const Tensor& t : *list) {
      Checked(&t);
      if (first == nullptr) {
        first = &t;
      } else {
        PD_CHECK(t.place() == first->place(), InvalidArgument,
                 "all inputs must be on the same place, but got ", first->place().ToString(),
                 " and ", t.place().ToString());
      }
    }
  }
  PD_CHECK(first != nullptr, InvalidArgument, "the input tensor list is empty");
  return first->place();
}

KernelInput::KernelInput(const Tensor& t, bool strided)
    : keep_(strided || t.dense().IsContiguous() ? t : contiguous(t)) {}

KernelInputs::KernelInputs(const std::vector<Tensor>& ts, bool strided) {
  keep_.reserve(ts.size());
  pointers_.reserve(ts.size());
  for (const Tensor& t : ts) {
    keep_.push_back(strided || t.dense().IsContiguous() ? t : contiguous(t));
    pointers_.push_back(keep_.back().impl().get());
  }
}

std::vector<const phi::DenseTensorMeta*> MetasOf(const KernelInputs& inputs) {
  std::vector<const phi::DenseTensorMeta*> metas;
  metas.reserve(inputs.pointers().size());
  for (const auto* t : inputs.pointers()) metas.push_back(&t->meta());
  return metas;
}

phi::DenseTensor* InplaceTarget(const Tensor& t, const char* arg) {
  phi::DenseTensor& target = Checked(&t).dense();
  PD_CHECK(target.initialized(), InvalidArgument, arg, " has no memory to update in place");
  PD_CHECK(target.IsContiguous(), InvalidArgument, arg,
           " must be contiguous to be updated in place, but is a strided view of shape ", t.dims().ToString());
  return &target;
}

void CheckInplaceMeta(const phi::DenseTensorMeta& inferred, const phi::DenseTensor& target, const char* arg) {
  PD_CHECK(inferred.dims == target.dims() && inferred.dtype == target.dtype(), InvalidArgument, arg,
           " is updated in place, so the result must keep its shape ", target.dims().ToString(), " and dtype ",
           DataTypeName(target.dtype()), ", but it would be ", inferred.dims.ToString(), " ",
           DataTypeName(inferred.dtype));
}

}  // namespace paddle::api
