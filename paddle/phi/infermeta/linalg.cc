// Linear algebra on batches of matrices (the last two dims).
#include <algorithm>
#include <utility>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

namespace {

void CheckMatrices(const Meta& x, const char* arg, bool square, bool complex_ok = false) {
  const int rank = x.dims.size();
  PD_CHECK(rank >= 2, InvalidArgument, arg, " must have at least 2 dims (a batch of matrices), but got shape ",
           x.dims.ToString());
  PD_CHECK(!square || x.dims[rank - 1] == x.dims[rank - 2], InvalidArgument, arg,
           " must hold square matrices, but got shape ", x.dims.ToString());
  const bool real = x.dtype == DataType::FLOAT32 || x.dtype == DataType::FLOAT64;
  PD_CHECK(real || (complex_ok && IsComplex(x.dtype)), InvalidType, arg, " must be float32",
           complex_ok ? ", float64, complex64 or complex128" : " or float64", ", but got ", DataTypeName(x.dtype));
}

// The complex dtype of x's values: x's own when complex, else the one of its precision.
DataType ComplexOf(DataType dtype) {
  if (IsComplex(dtype)) return dtype;
  return dtype == DataType::FLOAT32 ? DataType::COMPLEX64 : DataType::COMPLEX128;
}

std::vector<int64_t> Batch(const Meta& x) {
  return std::vector<int64_t>(x.dims.data(), x.dims.data() + x.dims.size() - 2);
}

DDim With(std::vector<int64_t> batch, std::initializer_list<int64_t> tail) {
  batch.insert(batch.end(), tail);
  return DDim(batch);
}

}  // namespace

void LinalgSolveInferMeta(const Meta& x, const Meta& y, Meta* out) {
  CheckMatrices(x, "x", true, true);
  CheckMatrices(y, "y", false, true);
  PD_CHECK(Batch(x) == Batch(y) && y.dims[y.dims.size() - 2] == x.dims[x.dims.size() - 1], InvalidArgument,
           "y must be [..., n, k] with x's batch dims for x of shape ", x.dims.ToString(), ", but got ",
           y.dims.ToString());
  PD_CHECK(x.dtype == y.dtype, InvalidType, "x and y must have one dtype, but got ", DataTypeName(x.dtype), " and ",
           DataTypeName(y.dtype));
  *out = Meta(x.dtype, y.dims);
}

void LogAbsDetInferMeta(const Meta& x, Meta* logabsdet, Meta* sign) {
  CheckMatrices(x, "x", true);
  *logabsdet = Meta(x.dtype, DDim(Batch(x)));
  *sign = Meta(x.dtype, DDim(Batch(x)));
}

void SlogdetInferMeta(const Meta& x, Meta* out) {
  CheckMatrices(x, "x", true);
  std::vector<int64_t> dims = Batch(x);
  dims.insert(dims.begin(), 2);
  *out = Meta(x.dtype, DDim(dims));
}

void DiagonalInferMeta(const Meta& x, int offset, int axis1, int axis2, Meta* out) {
  const int rank = x.dims.size();
  PD_CHECK(rank >= 2, InvalidArgument, "x must have at least 2 dims, but got shape ", x.dims.ToString());
  const int a1 = NormalizeAxis(axis1, rank), a2 = NormalizeAxis(axis2, rank);
  PD_CHECK(a1 != a2, InvalidArgument, "axis1 and axis2 must differ, but both are dim ", a1);
  std::vector<int64_t> dims;
  for (int d = 0; d < rank; ++d)
    if (d != a1 && d != a2) dims.push_back(x.dims[d]);
  // A dim known only when a graph runs (-1) leaves the diagonal's length unknown.
  const bool unknown = x.dims[a1] == -1 || x.dims[a2] == -1;
  dims.push_back(unknown ? -1 : DiagonalLength(x.dims[a1], x.dims[a2], offset));
  *out = Meta(x.dtype, DDim(dims));
}

void DiagInferMeta(const Meta& x, int offset, float, Meta* out) {
  const int rank = x.dims.size();
  PD_CHECK(rank <= 2, InvalidArgument, "x must have at most 2 dims, but got shape ", x.dims.ToString());
  if (rank == 2) {
    DiagonalInferMeta(x, offset, 0, 1, out);
    return;
  }
  const int64_t n = rank == 1 && x.dims[0] == -1 ? -1 : x.dims.numel() + (offset < 0 ? -static_cast<int64_t>(offset) : offset);
  *out = Meta(x.dtype, DDim({n, n}));
}

void EyeInferMeta(const Scalar& num_rows, const Scalar& num_columns, DataType dtype, Meta* out) {
  const Scalar* sizes[] = {&num_rows, &num_columns};
  for (const Scalar* s : sizes) {
    PD_CHECK(s->dtype() == DataType::INT64 && s->to<int64_t>() >= 0, InvalidArgument, s == &num_rows ? "num_rows" : "num_columns",
             " must be a non-negative int, but got ", s->ToString());
  }
  *out = Meta(dtype, DDim({num_rows.to<int64_t>(), num_columns.to<int64_t>()}));
}

void CholeskyInferMeta(const Meta& x, bool, Meta* out) {
  CheckMatrices(x, "x", true);
  *out = Meta(x.dtype, x.dims);
}

void EighInferMeta(const Meta& x, const std::string& uplo, Meta* eigenvalues, Meta* eigenvectors) {
  CheckMatrices(x, "x", true);
  PD_CHECK(uplo == "L" || uplo == "U", InvalidArgument, "UPLO must be 'L' or 'U', but got '", uplo, "'");
  const int64_t n = x.dims[x.dims.size() - 1];
  *eigenvalues = Meta(x.dtype, With(Batch(x), {n}));
  *eigenvectors = Meta(x.dtype, x.dims);
}

void EigInferMeta(const Meta& x, Meta* eigenvalues, Meta* eigenvectors) {
  CheckMatrices(x, "x", true, true);
  const int64_t n = x.dims[x.dims.size() - 1];
  *eigenvalues = Meta(ComplexOf(x.dtype), With(Batch(x), {n}));
  *eigenvectors = Meta(ComplexOf(x.dtype), x.dims);
}

void EigvalsInferMeta(const Meta& x, Meta* eigenvalues) {
  CheckMatrices(x, "x", true, true);
  *eigenvalues = Meta(ComplexOf(x.dtype), With(Batch(x), {x.dims[x.dims.size() - 1]}));
}

void SvdInferMeta(const Meta& x, bool full_matrices, Meta* u, Meta* s, Meta* vh) {
  CheckMatrices(x, "x", false);
  const int64_t m = x.dims[x.dims.size() - 2], n = x.dims[x.dims.size() - 1], k = std::min(m, n);
  *u = Meta(x.dtype, With(Batch(x), {m, full_matrices ? m : k}));
  *s = Meta(x.dtype, With(Batch(x), {k}));
  *vh = Meta(x.dtype, With(Batch(x), {full_matrices ? n : k, n}));
}

void QrInferMeta(const Meta& x, const std::string& mode, Meta* q, Meta* r) {
  CheckMatrices(x, "x", false);
  PD_CHECK(mode == "reduced" || mode == "complete" || mode == "r", InvalidArgument,
           "mode must be 'reduced', 'complete' or 'r', but got '", mode, "'");
  const int64_t m = x.dims[x.dims.size() - 2], n = x.dims[x.dims.size() - 1], k = std::min(m, n);
  const int64_t qcols = mode == "complete" ? m : mode == "r" ? 0 : k;
  *q = Meta(x.dtype, With(Batch(x), {m, qcols}));
  *r = Meta(x.dtype, With(Batch(x), {mode == "complete" ? m : k, n}));
}

void SquareMatrixInferMeta(const Meta& x, Meta* out) {
  const int rank = x.dims.size();
  PD_CHECK(rank >= 2 && x.dims[rank - 1] == x.dims[rank - 2], InvalidArgument,
           "x must be square matrices [..., n, n], but got shape ", x.dims.ToString());
  *out = Meta(x.dtype, x.dims);
}

void DetInferMeta(const Meta& x, Meta* out) {
  SquareMatrixInferMeta(x, out);
  std::vector<int64_t> dims = x.dims.ToVector();
  dims.resize(dims.size() - 2);
  *out = Meta(x.dtype, DDim(dims));
}

void DotInferMeta(const Meta& x, const Meta& y, Meta* out) {
  PD_CHECK(x.dims == y.dims && (x.dims.size() == 1 || x.dims.size() == 2), InvalidArgument,
           "x and y must be 1-D or 2-D of one shape, but got ", x.dims.ToString(), " and ", y.dims.ToString());
  Meta product;
  ElementwiseInferMeta(x, y, &product);
  std::vector<int64_t> dims = x.dims.ToVector();
  dims.pop_back();
  *out = Meta(product.dtype, DDim(dims));
}

void CrossInferMeta(const Meta& x, const Meta& y, int64_t axis, Meta* out) {
  PD_CHECK(x.dims == y.dims, InvalidArgument, "x and y must have one shape, but got ", x.dims.ToString(), " and ",
           y.dims.ToString());
  const int rank = x.dims.size();
  int a = -1;
  if (axis == 9) {
    for (int d = 0; d < rank && a < 0; ++d)
      if (x.dims[d] == 3) a = d;
    PD_CHECK(a >= 0, InvalidArgument, "no axis of size 3 in shape ", x.dims.ToString());
  } else {
    a = NormalizeAxis(axis, rank);
  }
  PD_CHECK(x.dims[a] == 3, InvalidArgument, "x.shape[", a, "] must be 3, but got ", x.dims[a]);
  ElementwiseInferMeta(x, y, out);
}

namespace {

void AddmmOfRank(const Meta& input, const Meta& x, const Meta& y, int rank, Meta* out) {
  PD_CHECK(x.dims.size() == rank && y.dims.size() == rank, InvalidArgument, "x and y must be ", rank,
           "-D, but got shapes ", x.dims.ToString(), " and ", y.dims.ToString());
  Meta product;
  MatmulInferMeta(x, y, false, false, &product);
  ElementwiseInferMeta(input, product, out);
}

}  // namespace

void AddmmInferMeta(const Meta& input, const Meta& x, const Meta& y, Meta* out) { AddmmOfRank(input, x, y, 2, out); }

void BaddbmmInferMeta(const Meta& input, const Meta& x, const Meta& y, Meta* out) {
  AddmmOfRank(input, x, y, 3, out);
}

void SparseDenseMatmulInferMeta(const Meta& row, const Meta& col, const Meta& values, const Meta& y, int64_t rows,
                                Meta* out) {
  for (const auto& [index, arg] : {std::pair{&row, "row"}, std::pair{&col, "col"}}) {
    PD_CHECK(index->dtype == DataType::INT64, InvalidType, arg, " must be an int64 tensor, but got ",
             DataTypeName(index->dtype));
    PD_CHECK(index->dims.size() == 1 && index->dims[0] == values.dims[0], InvalidArgument, arg,
             " must hold one index per value, [", values.dims[0], "], but has shape ", index->dims.ToString());
  }
  PD_CHECK(values.dims.size() == 1, InvalidArgument, "values must be 1-D, but has shape ", values.dims.ToString());
  PD_CHECK(y.dims.size() == 2, InvalidArgument, "y must be a matrix [K, N], but has shape ", y.dims.ToString());
  PD_CHECK(y.dtype == values.dtype, InvalidType, "y.dtype (", DataTypeName(y.dtype), ") must equal values.dtype (",
           DataTypeName(values.dtype), ")");
  PD_CHECK(rows >= 0, InvalidArgument, "rows must be >= 0, but got ", rows);
  *out = Meta(values.dtype, DDim({rows, y.dims[1]}));
}

}  // namespace phi
