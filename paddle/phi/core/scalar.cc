#include "paddle/phi/core/scalar.h"

namespace phi {

std::string Scalar::ToString() const {
  switch (dtype_) {
    case paddle::DataType::BOOL: return i_ ? "True" : "False";
    case paddle::DataType::INT64: return std::to_string(i_);
    case paddle::DataType::COMPLEX128: {
      // Appended piece by piece: GCC 12 misreads operator+ chains on
      // temporaries as overlapping copies (-Wrestrict, GCC bug 105329).
      std::string text = "(";
      text += std::to_string(d_);
      text += '+';
      text += std::to_string(imag_);
      text += "j)";
      return text;
    }
    default: return std::to_string(d_);
  }
}

}  // namespace phi
