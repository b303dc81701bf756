// Ops along one axis: argsort, topk, argmax/argmin, and the scans.
#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

namespace {

void CheckOrderable(const Meta& x) {
  PD_CHECK(x.dtype != DataType::BOOL && x.dtype != DataType::COMPLEX64 && x.dtype != DataType::COMPLEX128,
           InvalidType, "x must be a real (non-bool, non-complex) tensor, but got ", DataTypeName(x.dtype));
}

}  // namespace

void ArgsortInferMeta(const Meta& x, int64_t axis, bool, bool, Meta* out, Meta* indices) {
  CheckOrderable(x);
  if (x.dims.size() > 0) NormalizeAxis(axis, x.dims.size());
  *out = Meta(x.dtype, x.dims);
  *indices = Meta(DataType::INT64, x.dims);
}

void TopkInferMeta(const Meta& x, int64_t k, int64_t axis, bool, bool, Meta* out, Meta* indices) {
  CheckOrderable(x);
  DDim dims = x.dims;
  const int64_t n = dims.size() == 0 ? 1 : dims[NormalizeAxis(axis, dims.size())];
  PD_CHECK(k >= 0 && k <= n, OutOfRange, "k (", k, ") must be in [0, ", n, "], the size of axis ", axis);
  if (dims.size() > 0) dims[NormalizeAxis(axis, dims.size())] = k;
  *out = Meta(x.dtype, dims);
  *indices = Meta(DataType::INT64, dims);
}

void ArgExtremeInferMeta(const Meta& x, int64_t axis, bool keepdim, bool flatten, DataType dtype, Meta* out) {
  CheckOrderable(x);
  PD_CHECK(dtype == DataType::INT32 || dtype == DataType::INT64, InvalidType,
           "dtype must be int32 or int64, but got ", DataTypeName(dtype));
  const int rank = x.dims.size();
  if (flatten || rank == 0) {
    PD_CHECK(x.dims.numel() > 0, InvalidArgument, "cannot take the arg-extreme of an empty tensor");
    *out = Meta(dtype, keepdim ? DDim(std::vector<int64_t>(rank, 1)) : DDim());
    return;
  }
  const int a = NormalizeAxis(axis, rank);
  PD_CHECK(x.dims[a] > 0, InvalidArgument, "cannot reduce over the empty axis ", a, " of shape ",
           x.dims.ToString());
  std::vector<int64_t> dims;
  for (int d = 0; d < rank; ++d) {
    if (d != a) {
      dims.push_back(x.dims[d]);
    } else if (keepdim) {
      dims.push_back(1);
    }
  }
  *out = Meta(dtype, DDim(dims));
}

void CumsumInferMeta(const Meta& x, int64_t axis, bool, Meta* out) {
  if (x.dims.size() > 0) NormalizeAxis(axis, x.dims.size());
  *out = Meta(x.dtype, x.dims);
}

void LinearScanInferMeta(const Meta& a, const Meta& b, int64_t axis, bool reverse, Meta* out) {
  PD_CHECK(a.dims == b.dims, InvalidArgument, "a and b must have the same shape, but got ", a.dims.ToString(),
           " and ", b.dims.ToString());
  PD_CHECK(a.dtype == b.dtype, InvalidType, "a and b must have the same dtype, but got ", DataTypeName(a.dtype),
           " and ", DataTypeName(b.dtype));
  CumsumInferMeta(b, axis, reverse, out);
}

void LogcumsumexpInferMeta(const Meta& x, int64_t axis, bool reverse, Meta* out) {
  PD_CHECK(IsFloating(x.dtype), InvalidType, "x must be floating point, but got ", DataTypeName(x.dtype));
  CumsumInferMeta(x, axis, reverse, out);
}

void CumArgExtremeInferMeta(const Meta& x, int64_t axis, bool, Meta* out) {
  CheckOrderable(x);
  if (x.dims.size() > 0) NormalizeAxis(axis, x.dims.size());
  *out = Meta(DataType::INT64, x.dims);
}

void CumExtremeInferMeta(const Meta& x, int axis, DataType dtype, Meta* out, Meta* indices) {
  CumArgExtremeInferMeta(x, axis, true, indices);
  PD_CHECK(dtype == DataType::INT32 || dtype == DataType::INT64, InvalidType, "dtype must be int32 or int64, but got ",
           DataTypeName(dtype));
  *out = Meta(x.dtype, x.dims);
  *indices = Meta(dtype, x.dims);
}

namespace {

// The dims of x with axis reduced to one position (kept as 1, or dropped).
DDim OnePerSlice(const Meta& x, int axis, bool keepdim) {
  CheckOrderable(x);
  if (x.dims.size() == 0) {
    PD_CHECK(axis == 0 || axis == -1, OutOfRange, "axis (", axis, ") must be in [-1, 0] for a 0-D tensor");
    return x.dims;
  }
  return ReducedDims(x.dims, IntArray({axis}), keepdim);
}

}  // namespace

void UniqueInferMeta(const Meta& x, bool return_index, bool return_inverse, bool return_counts,
                     const std::vector<int64_t>& axis, DataType dtype, bool is_sorted, Meta* out, Meta* indices,
                     Meta* inverse, Meta* counts) {
  PD_CHECK(axis.empty(), Unimplemented, "axis is not supported; unique flattens x");
  PD_CHECK(dtype == DataType::INT32 || dtype == DataType::INT64, InvalidType,
           "dtype must be int32 or int64, but got ", DataTypeName(dtype));
  PD_CHECK(!IsComplex(x.dtype), InvalidType, "x must be a real number tensor, but got ", DataTypeName(x.dtype));
  // n is -1 when a dim is known only when a graph runs (and not 0).
  bool unknown = false;
  for (int d = 0; d < x.dims.size(); ++d) unknown = unknown || x.dims[d] == -1;
  const int64_t n = x.dims.numel() == 0 ? 0 : unknown ? -1 : x.dims.numel();
  *out = Meta(x.dtype, DDim({n == 0 ? 0 : -1}));
  *indices = Meta(dtype, DDim({return_index && n != 0 ? -1 : 0}));
  *inverse = Meta(dtype, DDim({return_inverse ? n : 0}));
  *counts = Meta(dtype, DDim({return_counts && n != 0 ? -1 : 0}));
}

void MedianInferMeta(const Meta& x, const IntArray& axis, bool keepdim, const std::string& mode, Meta* out,
                     Meta* medians) {
  PD_CHECK(mode == "avg" || mode == "min", InvalidArgument, "mode must be 'avg' or 'min', but got '", mode, "'");
  PD_CHECK(!IsComplex(x.dtype) && x.dtype != DataType::BOOL, InvalidType, "x must be a real number tensor, but got ",
           DataTypeName(x.dtype));
  const DDim dims = ReducedDims(x.dims, axis, keepdim);
  PD_CHECK(x.dims.numel() > 0, InvalidArgument, "x must not be empty, but got shape ", x.dims.ToString());
  *out = Meta(x.dtype, dims);
  std::vector<int64_t> index_dims = dims.ToVector();
  if (mode == "avg") index_dims.push_back(2);
  *medians = Meta(DataType::INT64, DDim(index_dims));
}

void KthvalueInferMeta(const Meta& x, int64_t k, int axis, bool keepdim, Meta* out, Meta* indices) {
  const DDim dims = OnePerSlice(x, axis, keepdim);
  const int64_t n = x.dims.size() == 0 ? 1 : x.dims[NormalizeAxis(axis, x.dims.size())];
  PD_CHECK(k >= 1 && k <= n, OutOfRange, "k must be in [1, ", n, "], the size of axis ", axis, ", but got ", k);
  *out = Meta(x.dtype, dims);
  *indices = Meta(DataType::INT64, dims);
}

void ModeInferMeta(const Meta& x, int axis, bool keepdim, Meta* out, Meta* indices) {
  const DDim dims = OnePerSlice(x, axis, keepdim);
  PD_CHECK(x.dims.size() == 0 || x.dims[NormalizeAxis(axis, x.dims.size())] > 0, InvalidArgument,
           "the mode of an empty axis is undefined; x has shape ", x.dims.ToString());
  *out = Meta(x.dtype, dims);
  *indices = Meta(DataType::INT64, dims);
}

}  // namespace phi
