// The discrete Fourier transforms (fft.yaml): the axes, the normalization and
// the dtypes; the transformed lengths must be positive.
#include <algorithm>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

namespace {

// The axes, each in range and none twice, as non-negative positions.
std::vector<int> CheckedFftAxes(const DDim& dims, const std::vector<int64_t>& axes) {
  PD_CHECK(dims.size() >= 1, InvalidArgument, "x must have at least 1 dim, but got a 0-D tensor");
  PD_CHECK(!axes.empty(), InvalidArgument, "axes must not be empty");
  std::vector<int> seen;
  for (int64_t axis : axes) {
    const int a = NormalizeAxis(axis, dims.size(), "axes");
    PD_CHECK(std::find(seen.begin(), seen.end(), a) == seen.end(), InvalidArgument, "axes must be unique, but ",
             axis, " repeats an axis");
    seen.push_back(a);
  }
  return seen;
}

void CheckNormalization(const std::string& normalization) {
  PD_CHECK(normalization == "backward" || normalization == "ortho" || normalization == "forward", InvalidArgument,
           "normalization must be 'backward', 'ortho' or 'forward', but got '", normalization, "'");
}

void CheckPoints(const DDim& dims, const std::vector<int>& axes) {
  for (int a : axes) {
    PD_CHECK(dims[a] >= 1, InvalidArgument, "the transform along axis ", a, " needs at least 1 point, but x has ",
             dims[a], " (shape ", dims.ToString(), ")");
  }
}

}  // namespace

void FftC2CInferMeta(const Meta& x, const std::vector<int64_t>& axes, const std::string& normalization, bool,
                     Meta* out) {
  PD_CHECK(IsComplex(x.dtype), InvalidType, "x must be complex64 or complex128, but got ", DataTypeName(x.dtype));
  CheckNormalization(normalization);
  CheckPoints(x.dims, CheckedFftAxes(x.dims, axes));
  *out = Meta(x.dtype, x.dims);
}

void FftR2CInferMeta(const Meta& x, const std::vector<int64_t>& axes, const std::string& normalization, bool,
                     bool onesided, Meta* out) {
  PD_CHECK(x.dtype == DataType::FLOAT32 || x.dtype == DataType::FLOAT64, InvalidType,
           "x must be float32 or float64, but got ", DataTypeName(x.dtype));
  CheckNormalization(normalization);
  const std::vector<int> a = CheckedFftAxes(x.dims, axes);
  CheckPoints(x.dims, a);
  std::vector<int64_t> dims = x.dims.ToVector();
  if (onesided) dims[a.back()] = dims[a.back()] / 2 + 1;
  *out = Meta(x.dtype == DataType::FLOAT32 ? DataType::COMPLEX64 : DataType::COMPLEX128, DDim(dims));
}

void FftC2RInferMeta(const Meta& x, const std::vector<int64_t>& axes, const std::string& normalization, bool,
                     int64_t last_dim_size, Meta* out) {
  PD_CHECK(IsComplex(x.dtype), InvalidType, "x must be complex64 or complex128, but got ", DataTypeName(x.dtype));
  CheckNormalization(normalization);
  const std::vector<int> a = CheckedFftAxes(x.dims, axes);
  PD_CHECK(last_dim_size >= 1, InvalidArgument, "last_dim_size must be at least 1, but got ", last_dim_size);
  std::vector<int64_t> dims = x.dims.ToVector();
  PD_CHECK(dims[a.back()] == last_dim_size / 2 + 1, InvalidArgument, "x must hold last_dim_size / 2 + 1 = ",
           last_dim_size / 2 + 1, " entries along axis ", a.back(), " (a one-sided spectrum), but got ",
           dims[a.back()]);
  dims[a.back()] = last_dim_size;
  CheckPoints(DDim(dims), a);
  *out = Meta(x.dtype == DataType::COMPLEX64 ? DataType::FLOAT32 : DataType::FLOAT64, DDim(dims));
}

}  // namespace phi
