#include "paddle/autograd/grad_helpers.h"

#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/autograd/grad_mode.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace paddle::autograd {

using namespace paddle::eager;  // NOLINT: formulas read as plain op calls

Tensor ReduceTo(const Tensor& grad, const Tensor& like) {
  const DDim& g = grad.dims();
  const DDim& t = like.dims();
  if (g == t) return grad;
  std::vector<int64_t> axes;
  const int lead = g.size() - t.size();
  for (int i = 0; i < g.size(); ++i) {
    if (i < lead || (t[i - lead] == 1 && g[i] != 1)) axes.push_back(i);
  }
  Tensor summed = axes.empty() ? grad : sum(grad, phi::IntArray(axes), DataType::UNDEFINED, true);
  return reshape(summed, phi::IntArray(t.ToVector()));
}

Tensor ExpandReduced(const Tensor& grad, const Tensor& x, const phi::IntArray& axis, bool keepdim) {
  std::vector<int64_t> kept = x.dims().ToVector();
  std::vector<bool> mask = phi::ReducedAxesMask(axis, x.dims().size());
  for (size_t i = 0; i < kept.size(); ++i)
    if (mask[i]) kept[i] = 1;
  Tensor g = keepdim ? grad : reshape(grad, phi::IntArray(kept));
  Tensor zeros = api::full(phi::IntArray(x.dims().ToVector()), 0, grad.dtype(), grad.place());
  return add(zeros, g);
}

Tensor ScalarLike(const phi::Scalar& value, const Tensor& like) {
  return api::full(phi::IntArray(), value, like.dtype(), like.place());
}

Tensor MaskLike(const Tensor& cond, const Tensor& like) { return api::cast(cond, like.dtype()); }

Tensor GeluCurvature(const Tensor& x, bool approximate) {
  const Tensor half = ScalarLike(0.5, x), one = ScalarLike(1, x);
  Tensor x2 = multiply(x, x);
  if (approximate) {  // u = c (x + a x^3), t = tanh u: (1 - t^2) (u' + 0.5 x (u'' - 2 t u'^2))
    const Tensor c = ScalarLike(0.7978845608028654, x);
    Tensor u = multiply(c, add(x, multiply(ScalarLike(0.044715, x), multiply(x2, x))));
    Tensor du = multiply(c, add(one, multiply(ScalarLike(0.134145, x), x2)));
    Tensor ddu = multiply(ScalarLike(0.7978845608028654 * 0.26829, x), x);
    Tensor t = tanh(u);
    Tensor inner = subtract(ddu, multiply(ScalarLike(2, x), multiply(t, multiply(du, du))));
    return multiply(subtract(one, multiply(t, t)), add(du, multiply(multiply(half, x), inner)));
  }
  // phi(x) (2 - x^2)
  Tensor pdf = multiply(ScalarLike(0.3989422804014327, x), exp(multiply(ScalarLike(-0.5, x), x2)));
  return multiply(pdf, subtract(ScalarLike(2, x), x2));
}

phi::IntArray Shape(const Tensor& t) { return phi::IntArray(t.dims().ToVector()); }

Tensor ZerosLike(const Tensor& like) {
  return api::full(phi::IntArray(like.dims().ToVector()), 0, like.dtype(), like.place());
}

Tensor TiedShare(const Tensor& grad, const Tensor& x, const Tensor& out, const phi::IntArray& axis,
                 bool keepdim) {
  Tensor tied = MaskLike(equal(x, ExpandReduced(out, x, axis, keepdim)), x);
  Tensor count = ExpandReduced(sum(tied, axis, DataType::UNDEFINED, keepdim), x, axis, keepdim);
  return divide(multiply(ExpandReduced(grad, x, axis, keepdim), tied), count);
}

Tensor ProdGrad(const Tensor& grad, const Tensor& x, const Tensor& out, const phi::IntArray& axis, bool keepdim) {
  Tensor zero = ScalarLike(0, x);
  Tensor is_zero = equal(x, zero);
  Tensor zeros_in_line = ExpandReduced(sum(MaskLike(is_zero, x), axis, DataType::UNDEFINED, keepdim), x, axis, keepdim);
  Tensor others = ExpandReduced(prod(where(is_zero, ScalarLike(1, x), x), axis, keepdim), x, axis,
                                keepdim);
  // Where x has no zero in its line: out / x. At a line's only zero: the
  // product of the others. Elsewhere (other elements of a line with zeros): 0.
  Tensor safe_x = where(is_zero, ScalarLike(1, x), x);
  Tensor no_zero = divide(ExpandReduced(out, x, axis, keepdim), safe_x);
  Tensor one = ScalarLike(1, x);
  Tensor value = where(equal(zeros_in_line, zero), no_zero,
                       where(logical_and(is_zero, equal(zeros_in_line, one)), others, ZerosLike(x)));
  return multiply(ExpandReduced(grad, x, axis, keepdim), Conj(value));
}

namespace {

std::vector<int64_t> AxesFrom(int64_t begin, int rank) {
  std::vector<int64_t> axes;
  for (int64_t d = begin; d < rank; ++d) axes.push_back(d);
  return axes;
}

// x normalized over `axes`: (x - mean) * rstd, with the statistics as the
// gradient formulas need them (see LayerNormGradX in grad_helpers.h); mean
// and rstd broadcast against x.
Tensor Normalized(const Tensor& x, const Tensor& mean, const Tensor& rstd, float epsilon,
                  const std::vector<int64_t>& axes, Tensor* rstd_used) {
  if (!GradMode::IsEnabled()) {
    *rstd_used = rstd;
    return multiply(subtract(x, mean), rstd);
  }
  Tensor centered = subtract(x, eager::mean(x, phi::IntArray(axes), true));
  Tensor var = eager::mean(multiply(centered, centered), phi::IntArray(axes), true);
  *rstd_used = rsqrt(add(var, ScalarLike(epsilon, var)));
  return multiply(centered, *rstd_used);
}

// d/dx of the normalization over axes, scaled by `scale` (broadcast against x).
Tensor NormGradX(const Tensor& grad, const Tensor& x, const Tensor& scale, const Tensor& mean, const Tensor& rstd,
                 float epsilon, const std::vector<int64_t>& axes) {
  Tensor r;
  Tensor xhat = Normalized(x, mean, rstd, epsilon, axes, &r);
  Tensor g = multiply(grad, scale);
  Tensor g_mean = eager::mean(g, phi::IntArray(axes), true);
  Tensor gx_mean = eager::mean(multiply(g, xhat), phi::IntArray(axes), true);
  return multiply(r, subtract(subtract(g, g_mean), multiply(xhat, gx_mean)));
}

// The dims of x but the channel one (1), and [C] viewed as [1, C, 1, ...].
std::vector<int64_t> AllButChannel(const Tensor& x) {
  std::vector<int64_t> axes;
  for (int64_t d = 0; d < x.dims().size(); ++d)
    if (d != 1) axes.push_back(d);
  return axes;
}
Tensor ChannelView(const Tensor& t, const Tensor& x) {
  std::vector<int64_t> view(x.dims().size(), 1);
  view[1] = x.dims()[1];
  return reshape(t, phi::IntArray(view));
}

}  // namespace

std::tuple<Tensor, Tensor, Tensor> LayerNormGrads(const Tensor& grad, const Tensor& x, const Tensor& scale,
                                                  const Tensor& mean, const Tensor& rstd, float epsilon,
                                                  int64_t begin_norm_axis) {
  // A backward that records no graph takes the fused kernel; one that does
  // (higher orders) needs the composite, whose parts are differentiable.
  if (!GradMode::IsEnabled()) return api::layer_norm_grad(grad, x, scale, mean, rstd);
  const std::vector<int64_t> axes = AxesFrom(begin_norm_axis, x.dims().size());
  Tensor r;
  Tensor xhat = Normalized(x, mean, rstd, epsilon, axes, &r);
  return {NormGradX(grad, x, scale, mean, rstd, epsilon, axes), SumLeading(multiply(grad, xhat), begin_norm_axis),
          SumLeading(grad, begin_norm_axis)};
}

std::tuple<Tensor, Tensor> RmsNormGrads(const Tensor& grad, const Tensor& x, const Tensor& scale, const Tensor& rstd,
                                        float epsilon, int64_t begin_norm_axis) {
  if (!GradMode::IsEnabled()) return api::rms_norm_grad(grad, x, scale, rstd);
  const phi::IntArray axes(AxesFrom(begin_norm_axis, x.dims().size()));
  Tensor mean_square = eager::mean(multiply(x, x), axes, true);
  Tensor r = rsqrt(add(mean_square, ScalarLike(epsilon, mean_square)));
  Tensor xhat = multiply(x, r);
  Tensor g = multiply(grad, scale);
  Tensor gx_mean = eager::mean(multiply(g, xhat), axes, true);
  return {multiply(r, subtract(g, multiply(xhat, gx_mean))), SumLeading(multiply(grad, xhat), begin_norm_axis)};
}

Tensor SoftmaxGrads(const Tensor& grad, const Tensor& out, int64_t axis, bool log) {
  if (!GradMode::IsEnabled()) return api::softmax_grad(out, grad, axis, log);
  const phi::IntArray axes({axis});
  if (log) return subtract(grad, multiply(exp(out), sum(grad, axes, DataType::UNDEFINED, true)));
  return multiply(out, subtract(grad, sum(multiply(grad, out), axes, DataType::UNDEFINED, true)));
}

Tensor SoftmaxCrossEntropyGrads(const Tensor& grad, const Tensor& logits, const Tensor& label, const Tensor& lse,
                                int64_t ignore_index, int64_t axis) {
  if (!GradMode::IsEnabled()) {
    return api::softmax_cross_entropy_grad(logits, label, lse, grad, ignore_index, axis);
  }
  // (softmax - onehot(label)) * grad, the one-hot an integer comparison of
  // the class positions with the labels, broadcast along axis.
  const int rank = logits.dims().size();
  const int64_t a = rank == 0 ? 0 : paddle::NormalizeAxis(axis, rank);
  std::vector<int64_t> along(rank, 1);
  if (rank > 0) along[a] = logits.dims()[a];
  Tensor classes = api::reshape(api::arange(0, rank == 0 ? 1 : logits.dims()[a], 1, DataType::INT64, logits.place()),
                                phi::IntArray(along));
  Tensor hot = api::cast(api::equal(classes, label), logits.dtype());
  Tensor kept = api::cast(api::not_equal(label, api::full({}, ignore_index, DataType::INT64, label.place())),
                          grad.dtype());
  return multiply(subtract(softmax(logits, axis), hot), multiply(grad, kept));
}

Tensor BatchNormGradX(const Tensor& grad, const Tensor& x, const Tensor& scale, const Tensor& mean,
                      const Tensor& rstd, float epsilon) {
  return NormGradX(grad, x, ChannelView(scale, x), ChannelView(mean, x), ChannelView(rstd, x), epsilon,
                   AllButChannel(x));
}

Tensor BatchNormGradScale(const Tensor& grad, const Tensor& x, const Tensor& mean, const Tensor& rstd,
                          float epsilon) {
  Tensor r;
  Tensor xhat = Normalized(x, ChannelView(mean, x), ChannelView(rstd, x), epsilon, AllButChannel(x), &r);
  return SumAllButChannel(multiply(grad, xhat));
}

Tensor SumAllButChannel(const Tensor& grad) {
  return sum(grad, phi::IntArray(AllButChannel(grad)), DataType::UNDEFINED, false);
}

Tensor TakeAtPoolIndices(const Tensor& x_grad_grad, const Tensor& indices) {
  const int64_t n = indices.dims()[0], c = indices.dims()[1];
  phi::IntArray flat({n, c, -1});
  Tensor taken = take_along_axis(reshape(x_grad_grad, flat), reshape(indices, flat), 2);
  return reshape(taken, phi::IntArray(indices.dims().ToVector()));
}

Tensor SumLeading(const Tensor& grad, int64_t begin_norm_axis) {
  std::vector<int64_t> leading;
  for (int64_t d = 0; d < begin_norm_axis; ++d) leading.push_back(d);
  return leading.empty() ? grad : sum(grad, phi::IntArray(leading), DataType::UNDEFINED, false);
}

namespace {

// 0, 1, ..., n-1 laid along `axis` of a rank-`rank` tensor.
Tensor PositionsAlong(int64_t n, int axis, int rank, const Place& place) {
  Tensor line = api::arange(0, n, 1, DataType::INT64, place);
  std::vector<int64_t> others;
  for (int d = 0; d < rank; ++d)
    if (d != axis) others.push_back(d);
  return others.empty() ? line : api::unsqueeze(line, phi::IntArray(others));
}

}  // namespace

Tensor LastWriteMask(const Tensor& grad, const Tensor& indices, int64_t axis) {
  const int rank = indices.dims().size();
  if (rank == 0) return ScalarLike(1, grad);
  const int a = NormalizeAxis(axis, rank);
  Tensor positions = api::broadcast_view(PositionsAlong(indices.dims()[a], a, rank, grad.place()),
                                         phi::IntArray(indices.dims().ToVector()));
  Tensor slots = api::full(phi::IntArray(grad.dims().ToVector()), -1, DataType::INT64, grad.place());
  Tensor winners = api::put_along_axis(slots, indices, positions, a, "assign");
  return MaskLike(api::equal(api::take_along_axis(winners, indices, a), positions), grad);
}

Tensor LastWriteMaskNd(const Tensor& grad, const Tensor& index, const Tensor& updates) {
  const DDim& idims = index.dims();
  const int64_t depth = idims[idims.size() - 1];
  std::vector<int64_t> rows_shape(idims.data(), idims.data() + idims.size() - 1);
  std::vector<int64_t> target(grad.dims().data(), grad.dims().data() + depth);
  int64_t rows = 1;
  for (int64_t r : rows_shape) rows *= r;
  Tensor positions = api::reshape(api::arange(0, rows, 1, DataType::INT64, grad.place()), phi::IntArray(rows_shape));
  Tensor slots = api::full(phi::IntArray(target), -1, DataType::INT64, grad.place());
  Tensor winners = api::put_nd(slots, index, positions, false);
  Tensor mask = api::equal(api::gather_nd(winners, index), positions);
  std::vector<int64_t> trailing;
  for (int d = static_cast<int>(rows_shape.size()); d < updates.dims().size(); ++d) trailing.push_back(d);
  if (!trailing.empty()) mask = api::unsqueeze(mask, phi::IntArray(trailing));
  return MaskLike(mask, grad);
}

namespace {

// matmul's 1-D operands act as [1, k] (x) and [k, 1] (y); the gradient
// formulas work on those matrix views, then drop the added dims.
Tensor AsMatrixX(const Tensor& x) { return x.dims().size() == 1 ? unsqueeze(x, {0}) : x; }
Tensor AsMatrixY(const Tensor& y) { return y.dims().size() == 1 ? unsqueeze(y, {-1}) : y; }

Tensor AsMatrixGrad(const Tensor& grad, const Tensor& x, const Tensor& y) {
  Tensor g = grad;
  if (x.dims().size() == 1) g = unsqueeze(g, {y.dims().size() == 1 ? 0 : -2});
  if (y.dims().size() == 1) g = unsqueeze(g, {-1});
  return g;
}

}  // namespace

Tensor MatmulGradX(const Tensor& x, const Tensor& y, const Tensor& grad, bool transpose_x,
                   bool transpose_y) {
  Tensor xm = AsMatrixX(x), ym = AsMatrixY(y), g = AsMatrixGrad(grad, x, y);
  bool tx = transpose_x && x.dims().size() > 1, ty = transpose_y && y.dims().size() > 1;
  // out = op(x) op(y): d op(x) = g op(y)^H; when x is stored transposed,
  // dx = conj(op(y)) g^T. (For real dtypes Conj is a no-op.)
  Tensor yc = Conj(ym);
  Tensor gx = tx ? matmul(yc, g, ty, true) : matmul(g, yc, false, !ty);
  Tensor reduced = ReduceTo(gx, xm);
  return reduced.dims() == x.dims() ? reduced : reshape(reduced, phi::IntArray(x.dims().ToVector()));
}

Tensor MatmulGradY(const Tensor& x, const Tensor& y, const Tensor& grad, bool transpose_x,
                   bool transpose_y) {
  Tensor xm = AsMatrixX(x), ym = AsMatrixY(y), g = AsMatrixGrad(grad, x, y);
  bool tx = transpose_x && x.dims().size() > 1, ty = transpose_y && y.dims().size() > 1;
  if (ym.dims().size() == 2 && xm.dims().size() > 2 && !tx) {
    // A weight shared by every batch (a linear layer): one matrix product
    // over the flattened rows, not a product per batch summed afterwards.
    const int64_t k = xm.dims()[xm.dims().size() - 1], n = g.dims()[g.dims().size() - 1];
    xm = reshape(xm, phi::IntArray({-1, k}));
    g = reshape(g, phi::IntArray({-1, n}));
  }
  // d op(y) = op(x)^H g; when y is stored transposed, dy = g^T conj(op(x)).
  Tensor xc = Conj(xm);
  Tensor gy = ty ? matmul(g, xc, true, tx) : matmul(xc, g, !tx, false);
  Tensor reduced = ReduceTo(gy, ym);
  return reduced.dims() == y.dims() ? reduced : reshape(reduced, phi::IntArray(y.dims().ToVector()));
}

std::vector<int64_t> InversePermutation(const std::vector<int64_t>& perm) {
  std::vector<int64_t> inverse(perm.size());
  const int rank = static_cast<int>(perm.size());
  for (int i = 0; i < rank; ++i) inverse[NormalizeAxis(perm[i], rank)] = i;
  return inverse;
}

Tensor SliceGrad(const Tensor& grad, const Tensor& input, const std::vector<int64_t>& axes,
                 const phi::IntArray& starts, const phi::IntArray& ends) {
  Tensor g = grad;
  for (size_t i = 0; i < axes.size(); ++i) {
    const int a = NormalizeAxis(axes[i], input.dims().size());
    const int64_t dim = input.dims()[a];
    phi::SliceRange r = phi::ClampSlice(starts[i], ends[i], dim);
    std::vector<Tensor> pieces;
    auto zeros = [&](int64_t n) {
      std::vector<int64_t> shape = g.dims().ToVector();
      shape[a] = n;
      return api::full(phi::IntArray(shape), 0, g.dtype(), g.place());
    };
    if (r.start > 0) pieces.push_back(zeros(r.start));
    pieces.push_back(g);
    if (dim - r.start - r.length > 0) pieces.push_back(zeros(dim - r.start - r.length));
    g = pieces.size() == 1 ? g : concat(pieces, a);
  }
  return g;
}

std::vector<Tensor> ConcatGrad(const Tensor& grad, const std::vector<Tensor>& x, int64_t axis) {
  const int a = NormalizeAxis(axis, grad.dims().size());
  std::vector<Tensor> grads;
  int64_t offset = 0;
  for (const Tensor& t : x) {
    int64_t n = t.dims()[a];
    grads.push_back(CastLike(slice(grad, {a}, {offset}, {offset + n}), t));
    offset += n;
  }
  return grads;
}

}  // namespace paddle::autograd

namespace paddle::autograd {

Tensor CastLike(const Tensor& grad, const Tensor& like) {
  return grad.dtype() == like.dtype() ? grad : eager::cast(grad, like.dtype());
}

Tensor ReshapeLike(const Tensor& grad, const Tensor& like) {
  return eager::reshape(grad, phi::IntArray(like.dims().ToVector()));
}

Tensor Sgn(const Tensor& x) {
  if (IsComplex(x.dtype())) {
    Tensor magnitude = api::abs(x);
    Tensor is_zero = api::cast(api::equal(magnitude, ScalarLike(0, magnitude)), magnitude.dtype());
    return eager::divide(x, eager::cast(api::add(magnitude, is_zero), x.dtype()));
  }
  Tensor zero = ScalarLike(0, x);
  return api::subtract(MaskLike(api::greater_than(x, zero), x), MaskLike(api::less_than(x, zero), x));
}

Tensor Conj(const Tensor& x) { return IsComplex(x.dtype()) ? eager::conj(x) : x; }

phi::Scalar ScalarMinusOne(const phi::Scalar& value) {
  if (value.dtype() == DataType::COMPLEX128) {
    auto c = value.to<complex128>();
    return phi::Scalar(complex128(c.real - 1, c.imag));
  }
  if (value.dtype() == DataType::INT64) return phi::Scalar(value.to<int64_t>() - 1);
  return phi::Scalar(value.real() - 1);
}

double ReducedCount(const Tensor& x, const phi::IntArray& axis) {
  std::vector<bool> mask = phi::ReducedAxesMask(axis, x.dims().size());
  double count = 1;
  for (int i = 0; i < x.dims().size(); ++i)
    if (mask[i]) count *= static_cast<double>(x.dims()[i]);
  return count;
}

}  // namespace paddle::autograd
