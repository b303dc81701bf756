#include "paddle/phi/core/scalar.h"

namespace phi {

std::string Scalar::ToString() const {
  switch (dtype_) {
    case paddle::DataType::BOOL: return i_ ? "True" : "False";
    case paddle::DataType::INT64: return std::to_string(i_);
    case paddle::DataType::COMPLEX128:
      return "(" + std::to_string(d_) + "+" + std::to_string(imag_) + "j)";
    default: return std::to_string(d_);
  }
}

}  // namespace phi
