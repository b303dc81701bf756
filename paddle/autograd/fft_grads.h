// Gradient formulas of the Fourier transforms (paddle/phi/ops/yaml/fft.yaml):
// each is the adjoint transform, written with eager ops so that it is
// differentiable itself. Gradients of complex values follow the conjugate
// convention (dL/dRe + i dL/dIm), as every complex gradient here does.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/api/tensor.h"

namespace paddle::autograd {

// The normalization whose scale, in the opposite direction, equals the
// given one's: "backward" <-> "forward", "ortho" stays.
std::string FftAdjointNormalization(const std::string& normalization);
// fft_r2c: the one-sided gradient zero-filled to the full spectrum, the
// adjoint complex transform of it, and its real part.
Tensor FftR2CGrad(const Tensor& grad, const Tensor& x, const std::vector<int64_t>& axes,
                  const std::string& normalization, bool forward, bool onesided);
// fft_c2r: the one-sided adjoint real transform of grad, its entries that
// stand for two conjugate entries of the full spectrum counted twice.
Tensor FftC2RGrad(const Tensor& grad, const Tensor& x, const std::vector<int64_t>& axes,
                  const std::string& normalization, bool forward);

}  // namespace paddle::autograd
