// Scalar: a number attribute (fill value, pow exponent, arange bounds) that
// keeps the Python value's kind, so int64 values survive exactly.
#pragma once

#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "paddle/common/data_type.h"

namespace phi {

class Scalar {
 public:
  Scalar() = default;
  Scalar(double v) : dtype_(paddle::DataType::FLOAT64), d_(v) {}  // NOLINT(runtime/explicit)
  Scalar(int64_t v) : dtype_(paddle::DataType::INT64), i_(v) {}   // NOLINT(runtime/explicit)
  Scalar(int v) : Scalar(static_cast<int64_t>(v)) {}             // NOLINT(runtime/explicit)
  Scalar(bool v) : dtype_(paddle::DataType::BOOL), i_(v) {}       // NOLINT(runtime/explicit)
  Scalar(paddle::complex128 v)  // NOLINT(runtime/explicit)
      : dtype_(paddle::DataType::COMPLEX128), d_(v.real), imag_(v.imag) {}

  // The kind of value held: BOOL, INT64, FLOAT64 or COMPLEX128.
  paddle::DataType dtype() const { return dtype_; }

  template <typename T>
  T to() const {
    if constexpr (std::is_same_v<T, paddle::complex64> || std::is_same_v<T, paddle::complex128>) {
      using R = decltype(T{}.real);
      return T(static_cast<R>(real()), static_cast<R>(imag_));
    } else {
      if (dtype_ == paddle::DataType::INT64 || dtype_ == paddle::DataType::BOOL) {
        return static_cast<T>(i_);
      }
      return static_cast<T>(d_);
    }
  }
  double real() const {
    return dtype_ == paddle::DataType::INT64 || dtype_ == paddle::DataType::BOOL
               ? static_cast<double>(i_)
               : d_;
  }
  std::string ToString() const;

 private:
  paddle::DataType dtype_ = paddle::DataType::FLOAT64;
  double d_ = 0;
  int64_t i_ = 0;
  double imag_ = 0;
};

// IntArray: a list of integers (shape, axes, starts) given as a Python int,
// list, tuple or 1-D integer tensor.
class IntArray {
 public:
  IntArray() = default;
  IntArray(std::vector<int64_t> v) : data_(std::move(v)) {}  // NOLINT(runtime/explicit)
  IntArray(std::initializer_list<int64_t> v) : data_(v) {}
  const std::vector<int64_t>& GetData() const { return data_; }
  size_t size() const { return data_.size(); }
  bool empty() const { return data_.empty(); }
  int64_t operator[](size_t i) const { return data_[i]; }

 private:
  std::vector<int64_t> data_;
};

}  // namespace phi
