// Gathers and scatters along an axis (take/put_along_axis) and by
// coordinate rows (gather_nd/put_nd), and nonzero.
#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

namespace {

void CheckIndexType(const Meta& index, const char* arg) {
  PD_CHECK(index.dtype == DataType::INT32 || index.dtype == DataType::INT64, InvalidType, arg,
           " must be an int32 or int64 tensor, but got ", DataTypeName(index.dtype));
}

}  // namespace

void TakeAlongAxisInferMeta(const Meta& arr, const Meta& indices, int64_t axis, Meta* out) {
  CheckIndexType(indices, "indices");
  const int rank = arr.dims.size();
  PD_CHECK(indices.dims.size() == rank, InvalidArgument, "indices must have the rank of arr (", rank,
           "), but got shape ", indices.dims.ToString());
  const int a = NormalizeAxis(axis, rank);
  for (int d = 0; d < rank; ++d) {
    PD_CHECK(d == a || indices.dims[d] <= arr.dims[d], InvalidArgument, "indices.shape[", d, "] (",
             indices.dims[d], ") must not exceed arr.shape[", d, "] (", arr.dims[d], ")");
  }
  PD_CHECK(rank == 0 || arr.dims[a] > 0 || indices.dims.numel() == 0, OutOfRange,
           "cannot take from an empty axis ", a, " of shape ", arr.dims.ToString());
  *out = Meta(arr.dtype, indices.dims);
}

void PutAlongAxisInferMeta(const Meta& arr, const Meta& indices, const Meta& values, int64_t axis,
                           const std::string& reduce, Meta* out) {
  TakeAlongAxisInferMeta(arr, indices, axis, out);
  PD_CHECK(values.dims == indices.dims, InvalidArgument, "values.shape ", values.dims.ToString(),
           " must equal indices.shape ", indices.dims.ToString());
  PD_CHECK(values.dtype == arr.dtype, InvalidType, "values.dtype (", DataTypeName(values.dtype),
           ") must equal arr.dtype (", DataTypeName(arr.dtype), ")");
  PD_CHECK(reduce == "assign" || reduce == "add", InvalidArgument,
           "reduce must be 'assign' or 'add', but got '", reduce, "'");
  *out = Meta(arr.dtype, arr.dims);
}

void GatherNdInferMeta(const Meta& x, const Meta& index, Meta* out) {
  CheckIndexType(index, "index");
  const int irank = index.dims.size();
  PD_CHECK(irank >= 1, InvalidArgument, "index must have at least 1 dim, but got a 0-D tensor");
  const int64_t k = index.dims[irank - 1];
  PD_CHECK(k <= x.dims.size(), InvalidArgument, "index.shape[-1] (", k, ") must not exceed the rank of x (",
           x.dims.size(), ")");
  std::vector<int64_t> dims(index.dims.data(), index.dims.data() + irank - 1);
  for (int d = static_cast<int>(k); d < x.dims.size(); ++d) dims.push_back(x.dims[d]);
  *out = Meta(x.dtype, DDim(dims));
}

void PutNdInferMeta(const Meta& x, const Meta& index, const Meta& updates, bool, Meta* out) {
  GatherNdInferMeta(x, index, out);
  PD_CHECK(updates.dims == out->dims, InvalidArgument, "updates.shape ", updates.dims.ToString(),
           " must be index.shape[:-1] + x.shape[index.shape[-1]:] = ", out->dims.ToString());
  PD_CHECK(updates.dtype == x.dtype, InvalidType, "updates.dtype (", DataTypeName(updates.dtype),
           ") must equal x.dtype (", DataTypeName(x.dtype), ")");
  *out = Meta(x.dtype, x.dims);
}

void NonzeroInferMeta(const Meta& x, Meta* out) {
  // The row count depends on the values (-1): the kernel sets it.
  *out = Meta(DataType::INT64, DDim({x.dims.numel() == 0 ? 0 : -1, static_cast<int64_t>(x.dims.size())}));
}

void NmsInferMeta(const Meta& x, float, Meta* out) {
  PD_CHECK(x.dims.size() == 2 && (x.dims[1] == 4 || x.dims[1] == -1), InvalidArgument,
           "x must hold boxes [K, 4] (x1, y1, x2, y2), but has shape ", x.dims.ToString());
  // How many boxes survive depends on the values (-1): the kernel sets it.
  *out = Meta(DataType::INT64, DDim({x.dims[0] == 0 ? 0 : -1}));
}

void HistogramInferMeta(const Meta& input, const Meta& weight, int64_t bins, float min, float max, bool density,
                        Meta* out) {
  PD_CHECK(bins >= 1, InvalidArgument, "bins must be at least 1, but got ", bins);
  PD_CHECK(min <= max, InvalidArgument, "min (", min, ") must not exceed max (", max, ")");
  PD_CHECK(weight.dims == input.dims, InvalidArgument, "weight.shape ", weight.dims.ToString(),
           " must equal input.shape ", input.dims.ToString());
  PD_CHECK(!IsComplex(input.dtype) && input.dtype != DataType::BOOL, InvalidType,
           "input must be a real number tensor, but got ", DataTypeName(input.dtype));
  *out = Meta(density ? DataType::FLOAT32 : weight.dtype, DDim({bins}));
}

void MaskedSelectInferMeta(const Meta& x, const Meta& mask, Meta* out) {
  PD_CHECK(mask.dtype == DataType::BOOL, InvalidType, "argument 'mask': expected a bool tensor, but got ",
           DataTypeName(mask.dtype));
  BroadcastDims(x.dims, mask.dims);
  *out = Meta(x.dtype, DDim({-1}));
}

void BincountInferMeta(const Meta& x, const Meta& weights, const Scalar& minlength, Meta* out) {
  PD_CHECK(x.dtype == DataType::INT32 || x.dtype == DataType::INT64, InvalidType,
           "x must be an int32 or int64 tensor, but got ", DataTypeName(x.dtype));
  PD_CHECK(x.dims.size() == 1, InvalidArgument, "x must be 1-D, but got shape ", x.dims.ToString());
  PD_CHECK(weights.dims == x.dims, InvalidArgument, "weights.shape ", weights.dims.ToString(),
           " must equal x.shape ", x.dims.ToString());
  PD_CHECK(minlength.dtype() == DataType::INT64 && minlength.to<int64_t>() >= 0, InvalidArgument,
           "minlength must be a non-negative int, but got ", minlength.ToString());
  // The length depends on the values (-1): the kernel sets it.
  *out = Meta(weights.dtype, DDim({x.dims[0] == 0 ? minlength.to<int64_t>() : -1}));
}

namespace {

void CheckIds(const Meta& x, const char* arg) {
  PD_CHECK(x.dtype == DataType::INT32 || x.dtype == DataType::INT64, InvalidType, arg,
           " must be an int32 or int64 tensor, but got ", DataTypeName(x.dtype));
}

DDim WithLastDim(const DDim& dims, int64_t last) {
  std::vector<int64_t> out = dims.ToVector();
  out.push_back(last);
  return DDim(out);
}

}  // namespace

void EmbeddingInferMeta(const Meta& x, const Meta& weight, int64_t padding_idx, Meta* out) {
  CheckIds(x, "x");
  PD_CHECK(weight.dims.size() == 2, InvalidArgument, "weight must be 2-D [num_embeddings, embedding_dim], but got ",
           "shape ", weight.dims.ToString());
  PD_CHECK(padding_idx >= -1 && padding_idx < weight.dims[0], InvalidArgument, "padding_idx (", padding_idx,
           ") must be -1 (none) or in [0, ", weight.dims[0], ")");
  *out = Meta(weight.dtype, WithLastDim(x.dims, weight.dims[1]));
}

void OneHotInferMeta(const Meta& x, int64_t num_classes, Meta* out) {
  CheckIds(x, "x");
  PD_CHECK(num_classes >= 1, InvalidArgument, "num_classes must be positive, but got ", num_classes);
  *out = Meta(DataType::FLOAT32, WithLastDim(x.dims, num_classes));
}

void CheckLabelsInferMeta(const Meta& label, Meta* out) {
  CheckIds(label, "label");
  *out = Meta(label.dtype, label.dims);
}

}  // namespace phi
