// DenseTensor: a strided view over an Allocation.
//
// Note [Views]: reshape, transpose, slice and squeeze produce views that share
// the input's Allocation and differ only in meta (dims, strides, offset).
// Kernels that are not marked `strided` in the op YAML receive contiguous
// inputs: the generated API calls Contiguous() on a non-contiguous input
// first, so most kernels index a plain row-major buffer.
#pragma once

#include <memory>

#include "paddle/common/data_type.h"
#include "paddle/common/ddim.h"
#include "paddle/phi/core/allocator.h"
#include "paddle/phi/core/tensor_base.h"

namespace phi {

using paddle::DataType;
using paddle::DDim;
using paddle::NormalizeAxis;

enum class DataLayout : uint8_t { ANY = 0, NCHW, NHWC };

struct DenseTensorMeta {
  DataType dtype = DataType::UNDEFINED;
  DDim dims;
  DDim strides;        // in elements
  int64_t offset = 0;  // in bytes, from the start of the Allocation
  DataLayout layout = DataLayout::NCHW;

  DenseTensorMeta() = default;
  DenseTensorMeta(DataType t, const DDim& d)
      : dtype(t), dims(d), strides(paddle::ContiguousStrides(d)) {}
  bool IsContiguous() const;
};

class DenseTensor final : public TensorBase {
 public:
  DenseTensor() : TensorBase(TensorKind::kDense) {}
  explicit DenseTensor(DenseTensorMeta meta) : TensorBase(TensorKind::kDense), meta_(std::move(meta)) {}
  DenseTensor(const DenseTensor&) = default;
  DenseTensor& operator=(const DenseTensor&) = default;

  const DenseTensorMeta& meta() const { return meta_; }
  DenseTensorMeta* mutable_meta() { return &meta_; }
  void set_meta(DenseTensorMeta meta) { meta_ = std::move(meta); }

  const DDim& dims() const override { return meta_.dims; }
  const DDim& strides() const { return meta_.strides; }
  DataType dtype() const override { return meta_.dtype; }
  int64_t numel() const { return meta_.dims.numel(); }
  int64_t offset() const { return meta_.offset; }
  bool IsContiguous() const { return meta_.IsContiguous(); }
  // Sets dims and contiguous strides.
  void Resize(const DDim& dims);

  bool initialized() const override { return holder_ != nullptr; }
  const Place& place() const override;
  const char* type_name() const override { return "DenseTensor"; }
  const std::shared_ptr<Allocation>& Holder() const { return holder_; }
  void set_holder(std::shared_ptr<Allocation> holder) { holder_ = std::move(holder); }

  // Shares memory with `src`, keeping this tensor's own meta.
  void ShareBufferWith(const DenseTensor& src) { holder_ = src.holder_; }

  // Allocates (or reuses, when large enough and not shared) memory for meta's
  // dims and dtype at `place`, resetting the offset. Used by DeviceContext.
  void* AllocateStorage(const Place& place);

  void* raw_data() const {
    return holder_ ? static_cast<char*>(holder_->ptr()) + meta_.offset : nullptr;
  }
  template <typename T>
  const T* data() const {
    return static_cast<const T*>(raw_data());
  }
  template <typename T>
  T* data() {
    return static_cast<T*>(raw_data());
  }

 private:
  std::shared_ptr<Allocation> holder_;
  DenseTensorMeta meta_;
};

}  // namespace phi
