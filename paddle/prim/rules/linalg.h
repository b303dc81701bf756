// Rules of matmul and the linear algebra ops: matmul's two gradients, and
// the gradients of the factorizations (slogdet, cholesky, eigh, svd, qr),
// written with solves and products of the factors.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "paddle/phi/kernels/funcs/gemm_epilogue.h"
#include "paddle/prim/rules/basics.h"

namespace paddle::prim {

namespace linalg_detail {

template <TensorLike T>
int64_t Rows(const T& x) {
  return x.dims()[x.dims().size() - 2];
}
template <TensorLike T>
int64_t Cols(const T& x) {
  return x.dims()[x.dims().size() - 1];
}
template <TensorLike T>
T Mm(const T& a, const T& b) {
  return matmul(a, b, false, false);
}

// v as a batch of diagonal matrices.
template <TensorLike T>
T Diag(const T& v) {
  return multiply(unsqueeze(v, {-1}), Eye(Cols(v), v));
}

// 1 / (w_j - w_i) off the diagonal, 0 on it, for the vectors w [..., n].
template <TensorLike T>
T InverseGaps(const T& w) {
  T gaps = subtract(unsqueeze(w, {-2}), unsqueeze(w, {-1}));  // [i, j] = w_j - w_i
  T eye = Eye(Cols(w), w);
  T safe = add(gaps, eye);  // 1 on the diagonal: no division by zero there
  return multiply(divide(ScalarLike(1, w), safe), subtract(ScalarLike(1, w), eye));
}

// matmul's 1-D operands act as [1, k] (x) and [k, 1] (y); the gradient
// formulas work on those matrix views, then drop the added dims.
template <TensorLike T>
T AsMatrixX(const T& x) {
  return x.dims().size() == 1 ? unsqueeze(x, {0}) : x;
}
template <TensorLike T>
T AsMatrixY(const T& y) {
  return y.dims().size() == 1 ? unsqueeze(y, {-1}) : y;
}
template <TensorLike T>
T AsMatrixGrad(const T& grad, const T& x, const T& y) {
  T g = grad;
  if (x.dims().size() == 1) g = unsqueeze(g, {y.dims().size() == 1 ? 0 : -2});
  if (y.dims().size() == 1) g = unsqueeze(g, {-1});
  return g;
}

}  // namespace linalg_detail

// The last two dims of x swapped.
template <TensorLike T>
T MT(const T& x) {
  const int rank = x.dims().size();
  std::vector<int64_t> perm(rank);
  for (int i = 0; i < rank; ++i) perm[i] = i;
  std::swap(perm[rank - 1], perm[rank - 2]);
  return transpose(x, perm);
}

// The conjugate transpose: MT for real dtypes.
template <TensorLike T>
T MH(const T& x) {
  return Conj(MT(x));
}

// fused_gemm_epilogue: linear, then its activation.
template <TensorLike T>
T GemmEpilogue(const T& x, const T& weight, const T& bias, const std::string& activation) {
  T out = add(matmul(x, weight, false, false), bias);
  return phi::funcs::EpilogueRelu(activation) ? relu(out) : out;
}

// The gradient at fused_gemm_epilogue's product plus bias, from its output's.
template <TensorLike T>
T EpilogueGrad(const T& out, const T& grad, const std::string& activation) {
  return phi::funcs::EpilogueRelu(activation) ? relu_grad(out, grad) : grad;
}

// The gradient of matmul(x, y, transpose_x, transpose_y) w.r.t. x.
template <TensorLike T>
T MatmulGradX(const T& x, const T& y, const T& grad, bool transpose_x, bool transpose_y) {
  using namespace linalg_detail;  // NOLINT
  T xm = AsMatrixX(x), ym = AsMatrixY(y), g = AsMatrixGrad(grad, x, y);
  const bool tx = transpose_x && x.dims().size() > 1, ty = transpose_y && y.dims().size() > 1;
  // out = op(x) op(y): d op(x) = g op(y)^H; when x is stored transposed,
  // dx = conj(op(y)) g^T. (For real dtypes Conj is a no-op.)
  T yc = Conj(ym);
  T gx = tx ? matmul(yc, g, ty, true) : matmul(g, yc, false, !ty);
  T reduced = ReduceTo(gx, xm);
  return reduced.dims() == x.dims() ? reduced : reshape(reduced, Shape(x));
}

// The gradient of matmul(x, y, transpose_x, transpose_y) w.r.t. y.
template <TensorLike T>
T MatmulGradY(const T& x, const T& y, const T& grad, bool transpose_x, bool transpose_y) {
  using namespace linalg_detail;  // NOLINT
  T xm = AsMatrixX(x), ym = AsMatrixY(y), g = AsMatrixGrad(grad, x, y);
  const bool tx = transpose_x && x.dims().size() > 1, ty = transpose_y && y.dims().size() > 1;
  if (ym.dims().size() == 2 && xm.dims().size() > 2 && !tx) {
    // A weight shared by every batch (a linear layer): one matrix product
    // over the flattened rows, not a product per batch summed afterwards.
    xm = reshape(xm, IntArray({-1, Cols(xm)}));
    g = reshape(g, IntArray({-1, Cols(g)}));
  }
  // d op(y) = op(x)^H g; when y is stored transposed, dy = g^T conj(op(x)).
  T xc = Conj(xm);
  T gy = ty ? matmul(g, xc, true, tx) : matmul(xc, g, !tx, false);
  T reduced = ReduceTo(gy, ym);
  return reduced.dims() == y.dims() ? reduced : reshape(reduced, Shape(y));
}

// x's lower (upper) triangle from the given diagonal on, zeros elsewhere.
template <TensorLike T>
T Triangle(const T& x, bool upper, int64_t diagonal = 0) {
  using namespace linalg_detail;  // NOLINT
  T rows = PositionsAlong<T>(Rows(x), 0, 2, x.place());
  T cols = PositionsAlong<T>(Cols(x), 1, 2, x.place());
  T offset = subtract(cols, rows);
  T bound = full<T>(IntArray(), diagonal, DataType::INT64, x.place());
  T keep = upper ? greater_equal(offset, bound) : less_equal(offset, bound);
  return where(keep, x, ScalarLike(0, x));  // exact where x is inf or nan
}

// The inverse of square matrices x [..., n, n], as the solution of x X = I.
template <TensorLike T>
T Inverse(const T& x) {
  return linalg_solve(x, expand(Eye(linalg_detail::Cols(x), x), Shape(x)));
}

template <TensorLike T>
T SlogdetGrad(const T& grad, const T& x) {
  return multiply(unsqueeze(grad, {-1, -2}), MT(Inverse(x)));
}

template <TensorLike T>
T CholeskyGrad(const T& grad, const T& out, bool upper) {
  using namespace linalg_detail;  // NOLINT
  T l = upper ? MT(out) : out;
  T gl = upper ? MT(grad) : grad;
  // P = Phi(L^T gL): the lower triangle with the diagonal halved.
  T p = Mm(MT(l), gl);
  T half_diag = multiply(p, multiply(Eye(Cols(l), l), ScalarLike(0.5, l)));
  p = subtract(Triangle(p, false), half_diag);
  // S = L^-T P L^-1, then its symmetric part.
  T y = linalg_solve(MT(l), p);
  T s = MT(linalg_solve(MT(l), MT(y)));
  return multiply(add(s, MT(s)), ScalarLike(0.5, s));
}

template <TensorLike T>
T EighGrad(const T& w_grad, const T& v_grad, const T& w, const T& v) {
  using namespace linalg_detail;  // NOLINT
  T inner = add(Diag(w_grad), multiply(InverseGaps(w), Mm(MT(v), v_grad)));
  T g = Mm(Mm(v, inner), MT(v));
  return multiply(add(g, MT(g)), ScalarLike(0.5, g));
}

// Eigenvectors are unique only up to a phase each (LAPACK: unit norm, the
// largest entry real); this is the gradient of losses that do not depend on
// those phases, as PyTorch's and Paddle's are. With E_ij = w_j - w_i:
// gA = V^-H (diag(gw) + (V^H gV - V^H V Re(diag(V^H gV))) / conj(E)) V^H,
// its real part for real x.
template <TensorLike T>
T EigGrad(const T& w_grad, const T& v_grad, const T& w, const T& v, const T& x) {
  using namespace linalg_detail;  // NOLINT
  const T vh = MH(v);
  const T vh_gv = Mm(vh, v_grad);
  // The part of gV that would only change the vectors' norms, held at 1.
  const T norm_part = cast(cast(diagonal(vh_gv, 0, -2, -1), ToReal(v.dtype())), v.dtype());
  const T projected = subtract(vh_gv, multiply(Mm(vh, v), unsqueeze(norm_part, {-2})));
  const T inner = add(Diag(w_grad), multiply(projected, InverseGaps(Conj(w))));
  return CastLike(linalg_solve(vh, Mm(inner, vh)), x);
}

template <TensorLike T>
T SvdGrad(const T& u_grad, const T& s_grad, const T& vh_grad, const T& u, const T& s, const T& vh,
          bool full_matrices) {
  using namespace linalg_detail;  // NOLINT
  PD_CHECK(!full_matrices || Rows(u) == Cols(vh), Unimplemented,
           "[svd] the gradient with full_matrices=True is only defined for square matrices");
  T v = MT(vh), v_grad = MT(vh_grad);
  T s_mat = Diag(s);
  // E_ij = s_j^2 - s_i^2; J, K: the skew parts of U^T gU and V^T gV divided by E.
  T inv_gaps = InverseGaps(multiply(s, s));
  T ut_gu = Mm(MT(u), u_grad), vt_gv = Mm(MT(v), v_grad);
  T j = multiply(subtract(ut_gu, MT(ut_gu)), inv_gaps);
  T k = multiply(subtract(vt_gv, MT(vt_gv)), inv_gaps);
  T inner = add(add(Diag(s_grad), Mm(j, s_mat)), Mm(s_mat, k));
  T g = Mm(Mm(u, inner), vh);
  // The parts of gU and gV outside the spans of U and V (non-square x).
  T s_inv = Diag(divide(ScalarLike(1, s), s));
  const int64_t m = Rows(u), n = Cols(vh), rank = Cols(s);
  if (m > rank) g = add(g, Mm(Mm(Mm(subtract(Eye(m, u), Mm(u, MT(u))), u_grad), s_inv), vh));
  if (n > rank) g = add(g, Mm(Mm(u, s_inv), Mm(MT(v_grad), subtract(Eye(n, vh), Mm(v, vh)))));
  return g;
}

template <TensorLike T>
T QrGrad(const T& q_grad, const T& r_grad, const T& q, const T& r, const std::string& mode) {
  using namespace linalg_detail;  // NOLINT
  PD_CHECK(mode == "reduced" && Rows(q) >= Cols(r), Unimplemented,
           "[qr] the gradient is implemented for mode='reduced' with rows >= columns");
  // M = R gR^T - gQ^T Q; gA = (gQ + Q copyltu(M)) R^-T, copyltu mirroring M's lower triangle.
  T m = subtract(Mm(r, MT(r_grad)), Mm(MT(q_grad), q));
  T lower = Triangle(m, false, -1);
  T sym = add(add(lower, MT(lower)), multiply(m, Eye(Cols(m), m)));
  T b = add(q_grad, Mm(q, sym));
  return MT(linalg_solve(r, MT(b)));
}

// The inner products of 1-D x and y, or of their rows (2-D).
template <TensorLike T>
T Dot(const T& x, const T& y) {
  return sum(multiply(x, y), IntArray({-1}), x.dtype(), false);
}

// The 3-D cross product along axis (9: the first axis of size 3, Paddle's default).
template <TensorLike T>
T Cross(const T& x, const T& y, int64_t axis) {
  int a = 0;
  if (axis == 9) {
    while (x.dims()[a] != 3) ++a;
  } else {
    a = NormalizeAxis(axis, x.dims().size());
  }
  std::vector<T> xs = split(x, {1, 1, 1}, a), ys = split(y, {1, 1, 1}, a);
  return concat<T>({subtract(multiply(xs[1], ys[2]), multiply(xs[2], ys[1])),
                    subtract(multiply(xs[2], ys[0]), multiply(xs[0], ys[2])),
                    subtract(multiply(xs[0], ys[1]), multiply(xs[1], ys[0]))},
                   a);
}

// beta input + alpha (x @ y), matrices or batches of them.
template <TensorLike T>
T Addmm(const T& input, const T& x, const T& y, double beta, double alpha) {
  return add(multiply(input, ScalarLike(beta, input)), multiply(matmul(x, y, false, false), ScalarLike(alpha, x)));
}

// The determinant of each square matrix: sign exp(log|det|).
template <TensorLike T>
T Det(const T& x) {
  auto [logabsdet, sign] = log_abs_det(x);
  return multiply(sign, exp(logabsdet));
}

// x @ x @ ... (n times) by repeated squaring; n < 0 inverts first, n = 0 gives I.
template <TensorLike T>
T MatrixPower(const T& x, int64_t n) {
  if (n == 0) return expand(Eye(linalg_detail::Cols(x), x), Shape(x));
  T base = n < 0 ? Inverse(x) : x;
  T result;
  bool started = false;
  // |n| as unsigned: -n overflows for the most negative n
  for (uint64_t k = n < 0 ? 0 - static_cast<uint64_t>(n) : static_cast<uint64_t>(n); k > 0; k >>= 1) {
    if (k & 1) {
      result = started ? matmul(result, base, false, false) : base;
      started = true;
    }
    if (k > 1) base = matmul(base, base, false, false);
  }
  return result;
}

// slogdet as Paddle returns it: sign and log|det| stacked, [2, ...batch].
template <TensorLike T>
T Slogdet(const T& x) {
  auto [logabsdet, sign] = log_abs_det(x);
  return stack(std::vector<T>{sign, logabsdet}, 0);
}

// The offset-th diagonal of the planes (axis1, axis2), as the last dim: the
// planes moved last and flattened, every (cols + 1)-th element from the
// diagonal's first.
template <TensorLike T>
T Diagonal(const T& x, int offset, int axis1, int axis2) {
  const int rank = x.dims().size();
  const int a1 = NormalizeAxis(axis1, rank), a2 = NormalizeAxis(axis2, rank);
  std::vector<int64_t> perm, flat_shape;
  for (int d = 0; d < rank; ++d) {
    if (d != a1 && d != a2) {
      perm.push_back(d);
      flat_shape.push_back(x.dims()[d]);
    }
  }
  perm.insert(perm.end(), {a1, a2});
  const int64_t rows = x.dims()[a1], cols = x.dims()[a2];
  flat_shape.push_back(rows * cols);
  const int64_t length = phi::DiagonalLength(rows, cols, offset);
  const int64_t first = offset >= 0 ? offset : -static_cast<int64_t>(offset) * cols;
  T flat = reshape(transpose(x, perm), IntArray(flat_shape));
  return index_select(flat, arange<T>(first, first + length * (cols + 1), cols + 1, DataType::INT64, x.place()),
                      rank - 2);
}

// diag: a 2-D x's offset-th diagonal; or a square matrix holding the
// flattened x on its offset-th diagonal, padding_value elsewhere.
template <TensorLike T>
T Diag(const T& x, int offset, float padding_value) {
  if (x.dims().size() == 2) return Diagonal(x, offset, 0, 1);
  T values = reshape(x, IntArray({-1}));
  const int64_t length = values.dims()[0], n = length + (offset < 0 ? -static_cast<int64_t>(offset) : offset);
  const int64_t first = offset >= 0 ? offset : -static_cast<int64_t>(offset) * n;
  T flat = full<T>(IntArray({n * n}), padding_value, x.dtype(), x.place());
  T positions = arange<T>(first, first + length * (n + 1), n + 1, DataType::INT64, x.place());
  return reshape(put_along_axis(flat, positions, values, 0, "assign"), IntArray({n, n}));
}

// eye: ones on the main diagonal of a num_rows x num_columns matrix, zeros elsewhere.
template <TensorLike T>
T Eye(const Scalar& num_rows, const Scalar& num_columns, DataType dtype, const Place& place) {
  const int64_t rows = num_rows.to<int64_t>(), cols = num_columns.to<int64_t>();
  T r = reshape(arange<T>(0, rows, 1, DataType::INT64, place), IntArray({rows, 1}));
  T c = reshape(arange<T>(0, cols, 1, DataType::INT64, place), IntArray({1, cols}));
  return cast(equal(r, c), dtype);
}

// sparse_dense_matmul from the ops it fuses: y's rows at col, times the
// values, summed into the rows at row.
template <TensorLike T>
T SparseDenseMatmul(const T& row, const T& col, const T& values, const T& y, int64_t rows) {
  T terms = multiply(index_select(y, col, 0), unsqueeze(values, IntArray({-1})));
  return index_add(full<T>(IntArray({rows, y.dims()[1]}), 0, y.dtype(), y.place()), row, 0, terms);
}

// The gradient of sparse_dense_matmul in each value: out's gradient row at
// the value's row dotted with y's row at its column.
template <TensorLike T>
T SparseDenseMatmulValuesGrad(const T& grad, const T& row, const T& col, const T& y) {
  return sum(multiply(index_select(grad, row, 0), index_select(y, col, 0)), IntArray({-1}), DataType::UNDEFINED,
             false);
}

}  // namespace paddle::prim
