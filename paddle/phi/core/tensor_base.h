// TensorBase: what every tensor implementation answers, its meta and where it
// lives. paddle::Tensor holds one, so that a distributed tensor (auto
// parallel) or a traced value (the static graph) can stand where a
// DenseTensor does today without every op knowing: shape rules read dims and
// dtype through the handle; only the kernel launch asks for the DenseTensor.
#pragma once

#include <cstdint>

#include "paddle/common/data_type.h"
#include "paddle/common/ddim.h"
#include "paddle/common/place.h"

namespace phi {

using paddle::DataType;
using paddle::DDim;
using paddle::Place;

// Which implementation a TensorBase is, so that the hot path can check for
// a DenseTensor without RTTI.
enum class TensorKind : uint8_t {
  kDense,  // phi::DenseTensor: strided memory that kernels read
  kOther,  // any other implementation; kernels cannot take it directly
};

class TensorBase {
 public:
  virtual ~TensorBase() = default;

  virtual const DDim& dims() const = 0;
  virtual DataType dtype() const = 0;
  virtual const Place& place() const = 0;
  // Whether it holds memory (a traced value never does).
  virtual bool initialized() const = 0;
  // The implementation's name, for error messages.
  virtual const char* type_name() const = 0;

  TensorKind kind() const { return kind_; }

 protected:
  explicit TensorBase(TensorKind kind) : kind_(kind) {}
  TensorBase(const TensorBase&) = default;
  TensorBase& operator=(const TensorBase&) = default;

 private:
  TensorKind kind_;
};

}  // namespace phi
