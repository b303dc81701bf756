#include "paddle/autograd/linalg_grads.h"

#include <vector>

#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/autograd/grad_helpers.h"
#include "paddle/common/errors.h"
#include "paddle/phi/api/generated/api.h"

namespace paddle::autograd {

using namespace paddle::eager;  // NOLINT: formulas read as plain op calls

namespace {

Tensor Eye(int64_t n, const Tensor& like) {
  Tensor rows = api::unsqueeze(api::arange(0, n, 1, DataType::INT64, like.place()), {-1});
  Tensor cols = api::unsqueeze(api::arange(0, n, 1, DataType::INT64, like.place()), {0});
  return api::cast(api::equal(rows, cols), like.dtype());
}

int64_t Rows(const Tensor& x) { return x.dims()[x.dims().size() - 2]; }
int64_t Cols(const Tensor& x) { return x.dims()[x.dims().size() - 1]; }

Tensor Mm(const Tensor& a, const Tensor& b) { return matmul(a, b, false, false); }

// v as a batch of diagonal matrices.
Tensor Diag(const Tensor& v) {
  const int64_t n = v.dims()[v.dims().size() - 1];
  return multiply(unsqueeze(v, {-1}), Eye(n, v));
}

// 1 / (w_j - w_i) off the diagonal, 0 on it, for the vectors w [..., n].
Tensor InverseGaps(const Tensor& w) {
  const int64_t n = w.dims()[w.dims().size() - 1];
  Tensor gaps = subtract(unsqueeze(w, {-2}), unsqueeze(w, {-1}));  // [i, j] = w_j - w_i
  Tensor eye = Eye(n, w);
  Tensor safe = add(gaps, eye);  // 1 on the diagonal: no division by zero there
  return multiply(divide(ScalarLike(1, w), safe), subtract(ScalarLike(1, w), eye));
}

}  // namespace

Tensor MT(const Tensor& x) {
  const int rank = x.dims().size();
  std::vector<int64_t> perm(rank);
  for (int i = 0; i < rank; ++i) perm[i] = i;
  std::swap(perm[rank - 1], perm[rank - 2]);
  return transpose(x, perm);
}

Tensor Inverse(const Tensor& x) {
  Tensor eye = Eye(Cols(x), x);
  std::vector<int64_t> shape = x.dims().ToVector();
  return linalg_solve(x, api::add(api::full(phi::IntArray(shape), 0, x.dtype(), x.place()), eye));
}

Tensor Triangle(const Tensor& x, bool upper, int64_t diagonal) {
  Tensor rows = api::unsqueeze(api::arange(0, Rows(x), 1, DataType::INT64, x.place()), {-1});
  Tensor cols = api::unsqueeze(api::arange(0, Cols(x), 1, DataType::INT64, x.place()), {0});
  Tensor offset = api::subtract(cols, rows);
  Tensor keep = upper ? api::greater_equal(offset, api::full({}, diagonal, DataType::INT64, x.place()))
                      : api::less_equal(offset, api::full({}, diagonal, DataType::INT64, x.place()));
  return multiply(x, MaskLike(keep, x));
}

Tensor SlogdetGrad(const Tensor& grad, const Tensor& x) {
  return multiply(unsqueeze(grad, {-1, -2}), MT(Inverse(x)));
}

Tensor CholeskyGrad(const Tensor& grad, const Tensor& out, bool upper) {
  Tensor l = upper ? MT(out) : out;
  Tensor gl = upper ? MT(grad) : grad;
  // P = Phi(L^T gL): the lower triangle with the diagonal halved.
  Tensor p = Mm(MT(l), gl);
  Tensor half_diag = multiply(p, multiply(Eye(Cols(l), l), ScalarLike(0.5, l)));
  p = subtract(Triangle(p, false), half_diag);
  // S = L^-T P L^-1, then its symmetric part.
  Tensor y = linalg_solve(MT(l), p);
  Tensor s = MT(linalg_solve(MT(l), MT(y)));
  return multiply(add(s, MT(s)), ScalarLike(0.5, s));
}

Tensor EighGrad(const Tensor& w_grad, const Tensor& v_grad, const Tensor& w, const Tensor& v) {
  Tensor inner = add(Diag(w_grad), multiply(InverseGaps(w), Mm(MT(v), v_grad)));
  Tensor g = Mm(Mm(v, inner), MT(v));
  return multiply(add(g, MT(g)), ScalarLike(0.5, g));
}

Tensor SvdGrad(const Tensor& u_grad, const Tensor& s_grad, const Tensor& vh_grad, const Tensor& u, const Tensor& s,
               const Tensor& vh, bool full_matrices) {
  PD_CHECK(!full_matrices || Rows(u) == Cols(vh), Unimplemented,
           "[svd] the gradient with full_matrices=True is only defined for square matrices");
  Tensor v = MT(vh), v_grad = MT(vh_grad);
  Tensor s_mat = Diag(s);
  // E_ij = s_j^2 - s_i^2; J, K: the skew parts of U^T gU and V^T gV divided by E.
  Tensor inv_gaps = InverseGaps(multiply(s, s));
  Tensor ut_gu = Mm(MT(u), u_grad), vt_gv = Mm(MT(v), v_grad);
  Tensor j = multiply(subtract(ut_gu, MT(ut_gu)), inv_gaps);
  Tensor k = multiply(subtract(vt_gv, MT(vt_gv)), inv_gaps);
  Tensor inner = add(add(Diag(s_grad), Mm(j, s_mat)), Mm(s_mat, k));
  Tensor g = Mm(Mm(u, inner), vh);
  // The parts of gU and gV outside the spans of U and V (non-square x).
  Tensor s_inv = Diag(divide(ScalarLike(1, s), s));
  const int64_t m = Rows(u), n = Cols(vh), rank = s.dims()[s.dims().size() - 1];
  if (m > rank) {
    g = add(g, Mm(Mm(Mm(subtract(Eye(m, u), Mm(u, MT(u))), u_grad), s_inv), vh));
  }
  if (n > rank) {
    g = add(g, Mm(Mm(u, s_inv), Mm(MT(v_grad), subtract(Eye(n, vh), Mm(v, vh)))));
  }
  return g;
}

Tensor QrGrad(const Tensor& q_grad, const Tensor& r_grad, const Tensor& q, const Tensor& r, const std::string& mode) {
  PD_CHECK(mode == "reduced" && Rows(q) >= Cols(r), Unimplemented,
           "[qr] the gradient is implemented for mode='reduced' with rows >= columns");
  // M = R gR^T - gQ^T Q; gA = (gQ + Q copyltu(M)) R^-T, copyltu mirroring M's lower triangle.
  Tensor m = subtract(Mm(r, MT(r_grad)), Mm(MT(q_grad), q));
  Tensor lower = Triangle(m, false, -1);
  Tensor sym = add(add(lower, MT(lower)), multiply(m, Eye(Cols(m), m)));
  Tensor b = add(q_grad, Mm(q, sym));
  return MT(linalg_solve(r, MT(b)));
}

}  // namespace paddle::autograd
