#include "paddle/autograd/composite.h"

#include <cmath>
#include <limits>

#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/autograd/grad_helpers.h"
#include "paddle/common/errors.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/phi/core/kernel_factory.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace paddle::autograd {

Tensor PNorm(const Tensor& x, float porder, const phi::IntArray& axis, bool keepdim) {
  PD_CHECK(!std::isnan(porder), InvalidArgument, "porder must be a number, but got nan");
  const DataType real = IsComplex(x.dtype()) ? (x.dtype() == DataType::COMPLEX64 ? DataType::FLOAT32
                                                                                  : DataType::FLOAT64)
                                             : x.dtype();
  PD_CHECK(IsFloating(real), InvalidType, "x must be floating point or complex, but got ",
           DataTypeName(x.dtype()));
  const Tensor magnitude = eager::abs(x);
  if (std::isinf(porder)) {
    return porder > 0 ? eager::max(magnitude, axis, keepdim) : eager::min(magnitude, axis, keepdim);
  }
  if (porder == 0) {
    Tensor nonzero = eager::cast(eager::not_equal(magnitude, ScalarLike(0, magnitude)), real);
    return eager::sum(nonzero, axis, DataType::UNDEFINED, keepdim);
  }
  if (porder == 2) {  // the common case, without pow's logs
    return eager::sqrt(eager::sum(eager::multiply(magnitude, magnitude), axis, DataType::UNDEFINED, keepdim));
  }
  Tensor powered = eager::sum(eager::pow(magnitude, static_cast<double>(porder)), axis, DataType::UNDEFINED, keepdim);
  return eager::pow(powered, 1.0 / static_cast<double>(porder));
}

Tensor Clip(const Tensor& x, double min, double max) {
  PD_CHECK(!(min > max), InvalidArgument, "min (", min, ") must not exceed max (", max, ")");
  Tensor out = x;
  if (!std::isinf(min)) out = eager::maximum(out, ScalarLike(min, x));
  if (!std::isinf(max)) out = eager::minimum(out, ScalarLike(max, x));
  return out;
}

Tensor LeakyRelu(const Tensor& x, double negative_slope) {
  Tensor positive = MaskLike(api::greater_than(x, ScalarLike(0, x)), x);
  Tensor slope = eager::add(positive, eager::multiply(eager::subtract(ScalarLike(1, x), positive),
                                                      ScalarLike(negative_slope, x)));
  return eager::multiply(x, slope);
}

Tensor LogSumExp(const Tensor& x, const phi::IntArray& axis, bool keepdim) {
  // The shift is a constant for the gradient (its terms cancel exactly), so
  // it comes from the non-recording API; clamped to finite values so that a
  // row of -inf gives -inf rather than NaN.
  const double largest = x.dtype() == DataType::FLOAT64   ? std::numeric_limits<double>::max()
                         : x.dtype() == DataType::FLOAT16 ? 65504.0
                                                          : 3.38e38;
  Tensor shift = api::max(x, axis, true);
  Tensor finite_shift = api::maximum(api::minimum(shift, ScalarLike(largest, shift)), ScalarLike(-largest, shift));
  Tensor summed = eager::sum(eager::exp(eager::subtract(x, finite_shift)), axis, DataType::UNDEFINED, true);
  Tensor out = eager::add(eager::log(summed), finite_shift);
  return keepdim ? out : eager::squeeze(out, axis.empty() ? phi::IntArray() : axis);
}

Tensor Variance(const Tensor& x, const phi::IntArray& axis, bool unbiased, bool keepdim) {
  Tensor centered = eager::subtract(x, eager::mean(x, axis, true));
  Tensor var = eager::mean(eager::multiply(centered, centered), axis, keepdim);
  if (!unbiased) return var;
  const double n = ReducedCount(x, axis);
  return eager::multiply(var, ScalarLike(n / (n - 1), var));
}

Tensor Stack(const std::vector<Tensor>& x, int64_t axis) {
  PD_CHECK(!x.empty(), InvalidArgument, "x must hold at least one tensor");
  for (size_t i = 1; i < x.size(); ++i) {
    PD_CHECK(x[i].dims() == x[0].dims(), InvalidArgument, "all tensors must have the same shape, but x[0] is ",
             x[0].dims().ToString(), " and x[", i, "] is ", x[i].dims().ToString());
  }
  const int a = NormalizeAxis(axis, x[0].dims().size() + 1);
  std::vector<Tensor> expanded;
  expanded.reserve(x.size());
  for (const Tensor& t : x) expanded.push_back(eager::unsqueeze(t, phi::IntArray({a})));
  return eager::concat(expanded, a);
}

Tensor Flatten(const Tensor& x, int64_t start_axis, int64_t stop_axis) {
  const int rank = x.dims().size();
  if (rank == 0) return eager::reshape(x, phi::IntArray({1}));
  const int start = NormalizeAxis(start_axis, rank, "start_axis");
  const int stop = NormalizeAxis(stop_axis, rank, "stop_axis");
  PD_CHECK(start <= stop, InvalidArgument, "start_axis (", start_axis, ") must not be after stop_axis (", stop_axis, ")");
  std::vector<int64_t> dims;
  for (int i = 0; i < start; ++i) dims.push_back(x.dims()[i]);
  int64_t merged = 1;
  for (int i = start; i <= stop; ++i) merged *= x.dims()[i];
  dims.push_back(merged);
  for (int i = stop + 1; i < rank; ++i) dims.push_back(x.dims()[i]);
  return eager::reshape(x, phi::IntArray(dims));
}

Tensor IndexAlongAxis(const Tensor& index, const Tensor& x, int64_t axis) {
  PD_CHECK(index.dims().size() <= 1, InvalidArgument, "index must be 1-D, but got shape ", index.dims().ToString());
  const int rank = x.dims().size();
  PD_CHECK(rank >= 1, InvalidArgument, "x must have at least 1 dim, but got a 0-D tensor");
  const int a = NormalizeAxis(axis, rank);
  std::vector<int64_t> others, shape = x.dims().ToVector();
  for (int d = 0; d < rank; ++d)
    if (d != a) others.push_back(d);
  shape[a] = index.numel();
  Tensor line = index.dims().size() == 0 ? eager::unsqueeze(index, {0}) : index;
  Tensor lined = others.empty() ? line : eager::unsqueeze(line, phi::IntArray(others));
  return eager::broadcast_view(lined, phi::IntArray(shape));
}

Tensor BroadcastTo(const Tensor& x, const phi::IntArray& shape) {
  std::vector<int64_t> dims = shape.GetData();
  const int lead = static_cast<int>(dims.size()) - x.dims().size();
  PD_CHECK(lead >= 0, InvalidArgument, "shape ", DDim(dims).ToString(), " has fewer dims than x's shape ",
           x.dims().ToString());
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] != -1) continue;
    PD_CHECK(static_cast<int>(i) >= lead, InvalidArgument, "-1 in shape ", DDim(shape.GetData()).ToString(),
             " must stand where x has a dim");
    dims[i] = x.dims()[static_cast<int>(i) - lead];
  }
  PD_CHECK(phi::BroadcastDims(x.dims(), DDim(dims)) == DDim(dims), InvalidArgument, "x of shape ",
           x.dims().ToString(), " cannot be broadcast to ", DDim(dims).ToString());
  return eager::add(api::full(phi::IntArray(dims), 0, x.dtype(), x.place()), x);
}

Tensor Softplus(const Tensor& x, double beta, double threshold) {
  Tensor scaled = eager::multiply(x, ScalarLike(beta, x));
  // Where beta x is large the function is x itself; elsewhere
  // max(z, 0) + log(1 + exp(-|z|)), whose exp never overflows (float16).
  Tensor stable = eager::add(eager::relu(scaled),
                             eager::log(eager::add(ScalarLike(1, x), eager::exp(eager::neg(eager::abs(scaled))))));
  Tensor smooth = eager::divide(stable, ScalarLike(beta, x));
  return eager::where(api::greater_than(scaled, ScalarLike(threshold, x)), x, smooth);
}

Tensor Conv2D(const Tensor& x, const Tensor& weight, const std::vector<int64_t>& strides,
              const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups) {
  PD_CHECK(x.dims().size() == 4 && weight.dims().size() == 4, InvalidArgument,
           "x and weight must be 4-D (NCHW and [OC, C/groups, kh, kw]), but got shapes ", x.dims().ToString(),
           " and ", weight.dims().ToString());
  const int64_t n = x.dims()[0], c = x.dims()[1], oc = weight.dims()[0];
  PD_CHECK(groups > 0 && c % groups == 0 && oc % groups == 0, InvalidArgument, "groups (", groups,
           ") must divide the input channels (", c, ") and the output channels (", oc, ")");
  PD_CHECK(weight.dims()[1] * groups == c, InvalidArgument, "weight.shape[1] (", weight.dims()[1],
           ") times groups (", groups, ") must equal the input channels (", c, ")");
  const phi::KernelKey key{phi::BackendOf(x.place()), phi::DataLayout::ANY, x.dtype()};
  if (phi::KernelFactory::Instance().Has("conv2d_direct", key)) {
    return eager::conv2d_direct(x, weight, strides, paddings, dilations, groups);
  }
  const std::vector<int64_t> kernel = {weight.dims()[2], weight.dims()[3]};
  Tensor cols = eager::unfold(x, kernel, strides, paddings, dilations);  // [N, C*kh*kw, L]
  const int64_t windows = cols.dims()[2];
  const int64_t oh = phi::ConvOutputSize(x.dims()[2], kernel[0], strides[0], paddings[0], paddings[2], dilations[0]);
  const int64_t ow = windows / oh;
  const int64_t per_group = c / groups * kernel[0] * kernel[1];
  // [G, OC/G, C/G*kh*kw] @ [N, G, C/G*kh*kw, L] -> [N, G, OC/G, L]
  Tensor w = eager::reshape(weight, phi::IntArray({groups, oc / groups, per_group}));
  Tensor grouped = eager::reshape(cols, phi::IntArray({n, groups, per_group, windows}));
  Tensor out = eager::matmul(w, grouped, false, false);
  return eager::reshape(out, phi::IntArray({n, oc, oh, ow}));
}

}  // namespace paddle::autograd
