// The CPU's one-dimensional complex FFT of any length, our own: a Stockham
// (self-sorting, no bit reversal) mixed-radix transform for lengths whose
// prime factors are small, and Bluestein's chirp-z algorithm, which turns
// the DFT into a convolution done by a power-of-two FFT, for lengths with a
// large prime factor. Unnormalized; forward uses exp(-2 pi i jk / n).
#pragma once

#include <complex>
#include <cstdint>
#include <memory>
#include <vector>

#include "paddle/common/complex.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/lines.h"

namespace phi::funcs {

template <typename R>
class FftPlan {
 public:
  using C = std::complex<R>;

  explicit FftPlan(int64_t n);
  ~FftPlan();

  int64_t size() const { return n_; }
  // The scratch Execute needs, in complex values.
  int64_t work_size() const;
  // Transforms data[0, n) in place.
  void Execute(C* data, C* work, bool forward) const;

 private:
  struct Stage {
    int radix;
    int64_t m;              // sub-transforms of this stage: n / (stride * radix)
    std::vector<C> twiddle;  // twiddle[p * radix + t] = w_(m radix)^(p t)
  };

  void Stockham(C* data, C* work) const;
  void Bluestein(C* data, C* work) const;

  int64_t n_;
  std::vector<Stage> stages_;
  std::vector<std::vector<C>> roots_;  // per stage: the radix's roots of unity
  // Bluestein: the chirp, the transformed convolution kernel, and the power-of-two plan.
  std::vector<C> chirp_, kernel_fft_;
  std::unique_ptr<FftPlan> convolution_;
};

// The plan for length n, built once per (n, precision) and shared.
template <typename R>
const FftPlan<R>& CachedFftPlan(int64_t n);

// Transforms data, viewed as [outer, n, inner], along its middle axis, every
// line in place; lines run on parallel threads.
template <typename R>
void FftLinesCpu(std::complex<R>* data, const Lines& lines, bool forward);

// The backend primitive of impl/fft_kernel_impl.h (paddle::complex is
// layout-compatible with std::complex).
template <typename R>
void FftLines(const CPUContext&, paddle::complex<R>* data, const Lines& lines, bool forward) {
  FftLinesCpu(reinterpret_cast<std::complex<R>*>(data), lines, forward);
}

}  // namespace phi::funcs
