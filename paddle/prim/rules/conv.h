// conv2d and its two gradients as unfold/fold and batched matrix products
// (im2col): what runs where no convolution kernel does, and what the
// compiler sees.
#pragma once

#include <algorithm>
#include <vector>

#include "paddle/prim/rules/basics.h"
#include "paddle/prim/rules/manipulation.h"

namespace paddle::prim {

namespace conv_detail {

template <TensorLike T>
void CheckConv(const T& x, const T& weight, int64_t groups) {
  PD_CHECK(x.dims().size() == 4 && weight.dims().size() == 4, InvalidArgument,
           "x and weight must be 4-D (NCHW and [OC, C/groups, kh, kw]), but got shapes ", x.dims().ToString(),
           " and ", weight.dims().ToString());
  const int64_t c = x.dims()[1], oc = weight.dims()[0];
  PD_CHECK(groups > 0 && c % groups == 0 && oc % groups == 0, InvalidArgument, "groups (", groups,
           ") must divide the input channels (", c, ") and the output channels (", oc, ")");
  PD_CHECK(weight.dims()[1] * groups == c, InvalidArgument, "weight.shape[1] (", weight.dims()[1], ") times groups (",
           groups, ") must equal the input channels (", c, ")");
}

}  // namespace conv_detail

// NCHW convolution with weight [OC, C / groups, kh, kw]: x unfolded into
// columns, each group's weights times its columns.
template <TensorLike T>
T Conv2D(const T& x, const T& weight, const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
         const std::vector<int64_t>& dilations, int64_t groups) {
  conv_detail::CheckConv(x, weight, groups);
  const int64_t n = x.dims()[0], c = x.dims()[1], oc = weight.dims()[0];
  const std::vector<int64_t> kernel = {weight.dims()[2], weight.dims()[3]};
  T cols = unfold(x, kernel, strides, paddings, dilations);  // [N, C*kh*kw, L]
  const int64_t windows = cols.dims()[2];
  const int64_t oh = phi::ConvOutputSize(x.dims()[2], kernel[0], strides[0], paddings[0], paddings[2], dilations[0]);
  const int64_t per_group = c / groups * kernel[0] * kernel[1];
  // [G, OC/G, C/G*kh*kw] @ [N, G, C/G*kh*kw, L] -> [N, G, OC/G, L]
  T w = reshape(weight, IntArray({groups, oc / groups, per_group}));
  T grouped = reshape(cols, IntArray({n, groups, per_group, windows}));
  return reshape(matmul(w, grouped, false, false), IntArray({n, oc, oh, windows / std::max<int64_t>(oh, 1)}));
}

// conv2d's input gradient (a transposed convolution): each group's weights,
// transposed, times out_grad's columns, summed into place by fold.
template <TensorLike T>
T Conv2DInputGrad(const T& out_grad, const T& weight, const IntArray& input_shape,
                  const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                  const std::vector<int64_t>& dilations, int64_t groups) {
  const std::vector<int64_t>& in = input_shape.GetData();
  const int64_t n = in[0], c = in[1], oc = weight.dims()[0];
  const int64_t kh = weight.dims()[2], kw = weight.dims()[3];
  const int64_t windows = out_grad.dims()[2] * out_grad.dims()[3];
  const int64_t per_group = c / groups * kh * kw;
  // [G, OC/G, C/G*kh*kw]^T @ [N, G, OC/G, L] -> [N, G, C/G*kh*kw, L]
  T w = reshape(weight, IntArray({groups, oc / groups, per_group}));
  T g = reshape(out_grad, IntArray({n, groups, oc / groups, windows}));
  T cols = reshape(matmul(w, g, true, false), IntArray({n, c * kh * kw, windows}));
  return fold(cols, {in[2], in[3]}, {kh, kw}, strides, paddings, dilations);
}

// conv2d's filter gradient: out_grad's columns times x's unfolded columns,
// summed over the batch.
template <TensorLike T>
T Conv2DFilterGrad(const T& x, const T& out_grad, const IntArray& filter_shape, const std::vector<int64_t>& strides,
                   const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups) {
  const std::vector<int64_t>& f = filter_shape.GetData();
  const int64_t n = x.dims()[0], oc = f[0];
  const int64_t windows = out_grad.dims()[2] * out_grad.dims()[3];
  const int64_t per_group = f[1] * f[2] * f[3];
  T cols = reshape(unfold(x, {f[2], f[3]}, strides, paddings, dilations), IntArray({n, groups, per_group, windows}));
  T g = reshape(out_grad, IntArray({n, groups, oc / groups, windows}));
  // [N, G, OC/G, L] @ [N, G, C/G*kh*kw, L]^T, summed over N -> [G, OC/G, C/G*kh*kw]
  T per_sample = matmul(g, cols, false, true);
  return reshape(sum(per_sample, IntArray({0}), DataType::UNDEFINED, false), filter_shape);
}

// NCDHW convolution: per output depth, the sum over the kernel's depth of
// conv2d of the matching input slice with that kernel slice; paddings
// [d, h, w] on both sides (the depth padding as zero slices).
template <TensorLike T>
T Conv3D(const T& x, const T& weight, const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
         const std::vector<int64_t>& dilations, int64_t groups) {
  T input = x;
  if (paddings[0] > 0) {
    std::vector<int64_t> shape = x.dims().ToVector();
    shape[2] = paddings[0];
    T zeros = full<T>(IntArray(shape), 0, x.dtype(), x.place());
    input = concat<T>({zeros, x, zeros}, 2);
  }
  const int64_t kd = weight.dims()[2];
  const int64_t depth = phi::ConvOutputSize(x.dims()[2], kd, strides[0], paddings[0], paddings[0], dilations[0]);
  const std::vector<int64_t> plane_strides = {strides[1], strides[2]};
  const std::vector<int64_t> plane_paddings = {paddings[1], paddings[2], paddings[1], paddings[2]};
  const std::vector<int64_t> plane_dilations = {dilations[1], dilations[2]};
  auto at_depth = [](const T& t, int64_t i) { return squeeze(slice(t, {2}, {i}, {i + 1}), IntArray({2})); };
  std::vector<T> slices;
  for (int64_t od = 0; od < depth; ++od) {
    T acc;
    for (int64_t k = 0; k < kd; ++k) {
      T term = conv2d(at_depth(input, od * strides[0] + k * dilations[0]), at_depth(weight, k), plane_strides,
                      plane_paddings, plane_dilations, groups);
      acc = k == 0 ? term : add(acc, term);
    }
    slices.push_back(acc);
  }
  return Stack(slices, 2);
}

}  // namespace paddle::prim
