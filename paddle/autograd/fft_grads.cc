#include "paddle/autograd/fft_grads.h"

#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/autograd/grad_helpers.h"
#include "paddle/phi/api/generated/api.h"

namespace paddle::autograd {

namespace {

int LastAxis(const Tensor& t, const std::vector<int64_t>& axes) {
  return NormalizeAxis(axes.back(), t.dims().size(), "axes");
}

}  // namespace

std::string FftAdjointNormalization(const std::string& normalization) {
  if (normalization == "backward") return "forward";
  if (normalization == "forward") return "backward";
  return normalization;
}

Tensor FftR2CGrad(const Tensor& grad, const Tensor& x, const std::vector<int64_t>& axes,
                  const std::string& normalization, bool forward, bool onesided) {
  Tensor full = grad;
  if (onesided) {
    const int64_t last = LastAxis(x, axes);
    full = SliceGrad(grad, x, {last}, phi::IntArray(std::vector<int64_t>{0}),
                     phi::IntArray(std::vector<int64_t>{grad.dims()[last]}));
  }
  return CastLike(eager::fft_c2c(full, axes, FftAdjointNormalization(normalization), !forward), x);
}

Tensor FftC2RGrad(const Tensor& grad, const Tensor& x, const std::vector<int64_t>& axes,
                  const std::string& normalization, bool forward) {
  const int last = LastAxis(x, axes);
  const int64_t half = x.dims()[last], points = grad.dims()[last];
  Tensor g = eager::fft_r2c(grad, axes, FftAdjointNormalization(normalization), !forward, true);
  // Entries 1 .. points - half have a mirrored twin in the full spectrum.
  const int64_t twice = points - half;
  if (twice <= 0) return g;
  auto weights = [&](int64_t n, double value) {
    return api::full(phi::IntArray(std::vector<int64_t>{n}), value, g.dtype(), g.place());
  };
  std::vector<Tensor> pieces{weights(1, 1.0), weights(twice, 2.0)};
  if (half - 1 - twice > 0) pieces.push_back(weights(half - 1 - twice, 1.0));
  std::vector<int64_t> shape(g.dims().size(), 1);
  shape[last] = half;
  return eager::multiply(g, api::reshape(api::concat(pieces, 0), phi::IntArray(shape)));
}

}  // namespace paddle::autograd
