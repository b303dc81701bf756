#include "paddle/phi/api/api_helpers.h"

#include "paddle/common/errors.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/phi/api/transfer.h"
#include "paddle/phi/backends/custom/custom_device.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/phi/core/kernel_factory.h"

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

bool IsIntegerOrBool(const Tensor& t) { return IsInteger(Checked(&t).dtype()) || t.dtype() == DataType::BOOL; }

Tensor IntegersToFloat(const Tensor& t) { return IsIntegerOrBool(t) ? cast(t, GetDefaultFloatType()) : t; }

DataType FloatIfInteger(DataType dtype) {
  return IsInteger(dtype) || dtype == DataType::BOOL ? GetDefaultFloatType() : dtype;
}

Tensor CopyOf(const Tensor& t) { return CopyTo(t, t.place(), /*force_copy=*/true); }

std::vector<Tensor> CastTo(const std::vector<Tensor>& ts, DataType dtype) {
  std::vector<Tensor> out;
  out.reserve(ts.size());
  for (const Tensor& t : ts) out.push_back(CastTo(t, dtype));
  return out;
}

namespace {

// Note [Host inputs follow the device]: CPU inputs of an op whose other
// inputs are on a device are copied to that device, as PaddlePaddle's data
// transform does, so that index and constant tensors built on the CPU (by
// users or by compositions) combine with device tensors. Inputs on two
// different devices are an error.
bool IsHost(const Tensor& t) { return t.place().is_host(); }

// Folds t into the search for the common place: `decided` is the first input
// not on the host, `any` the first input at all.
void Meet(const Tensor& t, const Tensor*& decided, const Tensor*& any) {
  Checked(&t);
  if (any == nullptr) any = &t;
  if (IsHost(t)) return;
  if (decided == nullptr) {
    decided = &t;
    return;
  }
  PD_CHECK(t.place() == decided->place(), InvalidArgument, "all inputs must be on the same place, but got ",
           decided->place().ToString(), " and ", t.place().ToString());
}

// Ops on host inputs run on the CPU, pinned memory included.
Place HostPlaceOf(const Tensor& t) { return t.place().is_gpu_pinned() ? CPUPlace() : t.place(); }

Tensor Prepared(const Tensor& t, bool strided, const Place& place) {
  const bool readable = t.place() == place || (t.place().is_host() && place.is_cpu());
  if (!readable) return Prepared(CopyTo(t, place), strided, place);
  return strided || t.dense().IsContiguous() ? t : contiguous(t);
}

}  // namespace

Place CommonPlace(std::initializer_list<const Tensor*> tensors) {
  const Tensor *decided = nullptr, *any = nullptr;
  for (const Tensor* t : tensors) Meet(*t, decided, any);
  PD_CHECK(any != nullptr, InvalidArgument, "the op has no input tensor");
  return decided != nullptr ? decided->place() : HostPlaceOf(*any);
}

Place CommonPlace(std::initializer_list<const std::vector<Tensor>*> lists) {
  const Tensor *decided = nullptr, *any = nullptr;
  for (const auto* list : lists) {
    for (const Tensor& t : *list) Meet(t, decided, any);
  }
  PD_CHECK(any != nullptr, InvalidArgument, "the input tensor list is empty");
  return decided != nullptr ? decided->place() : HostPlaceOf(*any);
}

KernelInput::KernelInput(const Tensor& t, bool strided, const Place& place) : keep_(Prepared(t, strided, place)) {}

KernelInputs::KernelInputs(const std::vector<Tensor>& ts, bool strided, const Place& place) {
  keep_.reserve(ts.size());
  pointers_.reserve(ts.size());
  for (const Tensor& t : ts) {
    keep_.push_back(Prepared(t, strided, place));
    pointers_.push_back(&keep_.back().dense());
  }
}

std::vector<const phi::DenseTensorMeta*> MetasOf(const KernelInputs& inputs) {
  std::vector<const phi::DenseTensorMeta*> metas;
  metas.reserve(inputs.pointers().size());
  for (const auto* t : inputs.pointers()) metas.push_back(&t->meta());
  return metas;
}

std::vector<const phi::DenseTensorMeta*> MetasOf(const std::vector<Tensor>& ts) {
  std::vector<const phi::DenseTensorMeta*> metas;
  metas.reserve(ts.size());
  for (const Tensor& t : ts) metas.push_back(&Checked(&t).dense().meta());
  return metas;
}

bool HasKernel(const char* op, const phi::KernelKey& key, std::initializer_list<const phi::DenseTensorMeta*> inputs) {
  return phi::KernelFactory::Instance().Serves(op, key, inputs);
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
