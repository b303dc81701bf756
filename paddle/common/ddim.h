// DDim: a tensor's dimensions (or strides): a small fixed-capacity array so
// that shape bookkeeping never allocates.
#pragma once

#include <cstdint>
#include <initializer_list>
#include <string>
#include <vector>

#include "paddle/common/errors.h"

namespace paddle {

class DDim {
 public:
  static constexpr int kMaxRank = 9;

  DDim() = default;
  DDim(std::initializer_list<int64_t> dims) { Assign(dims.begin(), static_cast<int>(dims.size())); }
  explicit DDim(const std::vector<int64_t>& dims) { Assign(dims.data(), static_cast<int>(dims.size())); }
  DDim(const int64_t* dims, int rank) { Assign(dims, rank); }

  int size() const { return rank_; }
  int64_t operator[](int i) const { return d_[i]; }
  int64_t& operator[](int i) { return d_[i]; }
  const int64_t* data() const { return d_; }
  int64_t* data() { return d_; }

  int64_t numel() const {
    int64_t n = 1;
    for (int i = 0; i < rank_; ++i) n *= d_[i];
    return n;
  }
  // numel, or InvalidArgument when the product of the non-zero dims (times
  // element_bytes) does not fit in int64.
  int64_t CheckedNumel(int64_t element_bytes = 1) const;
  std::vector<int64_t> ToVector() const { return {d_, d_ + rank_}; }
  std::string ToString() const;  // "[2, 3]"

  bool operator==(const DDim& o) const {
    if (rank_ != o.rank_) return false;
    for (int i = 0; i < rank_; ++i)
      if (d_[i] != o.d_[i]) return false;
    return true;
  }
  bool operator!=(const DDim& o) const { return !(*this == o); }

 private:
  void Assign(const int64_t* dims, int rank) {
    PD_CHECK(rank >= 0 && rank <= kMaxRank, InvalidArgument, "tensor rank must be in [0, ",
             kMaxRank, "], but got ", rank);
    rank_ = rank;
    for (int i = 0; i < rank; ++i) d_[i] = dims[i];
  }

  int64_t d_[kMaxRank] = {};
  int rank_ = 0;
};

// Row-major strides (in elements) of a contiguous tensor of these dims.
DDim ContiguousStrides(const DDim& dims);

// Normalizes a possibly negative axis into [0, rank); throws OutOfRange.
int NormalizeAxis(int64_t axis, int rank, const char* arg = "axis");

}  // namespace paddle
