// The CPU's FFTs, our own. One plan transforms a block of kFftLanes lines at
// once, one line per SIMD lane: the block is held split (real and imaginary
// parts apart) and interleaved by lane, so every butterfly is the same
// arithmetic on whole vectors, whatever the length and the radix. Lengths
// whose prime factors are small run a Stockham (self-sorting, no bit
// reversal) mixed-radix transform; lengths with a large prime factor run
// Bluestein's chirp-z algorithm, which turns the DFT into a convolution done
// by a power-of-two FFT. A real signal of even length n is transformed as a
// complex one of n / 2 points (its even samples the real parts, its odd ones
// the imaginary parts), which halves the work.
//
// Transforms are unnormalized; forward uses exp(-2 pi i jk / n).
#pragma once

#include <complex>
#include <cstdint>
#include <memory>
#include <vector>

#include "paddle/common/complex.h"
#include "paddle/phi/core/device_context.h"
#include "paddle/phi/kernels/funcs/lines.h"

namespace phi::funcs {

// The lines a plan transforms together: one SIMD register of each part, 64
// bytes with AVX-512 and 32 otherwise (with 64 there, a radix-8 butterfly's
// values no longer fit in the 16 AVX registers and the passes run at half
// speed).
#ifdef __AVX512F__
inline constexpr int kFftVectorBytes = 64;
#else
inline constexpr int kFftVectorBytes = 32;
#endif
template <typename R>
inline constexpr int kFftLanes = kFftVectorBytes / sizeof(R);

// A block of W lanes (kFftLanes, or 1 when there are few lines) of n points
// each, split: point j of lane v is (re[j * W + v], im[j * W + v]).
template <typename R>
class FftPlan {
 public:
  explicit FftPlan(int64_t n);
  ~FftPlan();

  int64_t size() const { return n_; }
  // The scratch Forward<W> needs: W times this, in values of R.
  int64_t work_per_lane() const;
  // The forward transform of a block of W lanes in place. The inverse
  // transform is Forward(im, re, work): exchanging the parts conjugates a
  // signal up to a factor i, which the exchange on the way out undoes.
  template <int W>
  void Forward(R* re, R* im, R* work) const;

 private:
  struct Stage {
    int radix;
    int64_t m;                             // sub-transforms of this stage: n / (stride * radix)
    std::vector<std::complex<R>> twiddle;  // twiddle[p * radix + t] = w_(m radix)^(p t)
    std::vector<std::complex<R>> roots;    // the radix's roots of unity
  };

  template <int W>
  void Stockham(R* re, R* im, R* work) const;
  template <int W>
  void Bluestein(R* re, R* im, R* work) const;

  int64_t n_;
  std::vector<Stage> stages_;
  // Bluestein: the chirp, the transformed convolution kernel, and the power-of-two plan.
  std::vector<std::complex<R>> chirp_, kernel_fft_;
  std::unique_ptr<FftPlan> convolution_;
};

// The plan for length n, built once per (n, precision) and shared.
template <typename R>
const FftPlan<R>& CachedFftPlan(int64_t n);

// Transforms data, viewed as [outer, n, inner], along its middle axis, every
// line in place; blocks of lines run on parallel threads.
template <typename R>
void FftLinesCpu(std::complex<R>* data, const Lines& lines, bool forward);

// The first n / 2 + 1 points of the transform of every real line of x
// (lines: x as [outer, n, inner]) times scale, into half ([outer, n / 2 + 1,
// inner]). Backward transforms of a real signal are the conjugates.
template <typename R>
void FftRealForwardCpu(const R* x, const Lines& lines, R scale, bool forward, std::complex<R>* half);

// The inverse: the real signals (lines: out as [outer, n, inner]) whose
// spectra have half's lines as their first halves, times scale; the
// imaginary parts of points 0 and n / 2, which a real signal cannot have,
// are ignored.
template <typename R>
void FftRealInverseCpu(const std::complex<R>* half, const Lines& lines, R scale, bool forward, R* out);

// The backend primitives of impl/fft_kernel_impl.h (paddle::complex is
// layout-compatible with std::complex).
template <typename R>
void FftLines(const CPUContext&, paddle::complex<R>* data, const Lines& lines, bool forward) {
  FftLinesCpu(reinterpret_cast<std::complex<R>*>(data), lines, forward);
}

template <typename R>
void FftRealForward(const CPUContext&, const R* x, const Lines& lines, double scale, bool forward,
                    paddle::complex<R>* half) {
  FftRealForwardCpu(x, lines, static_cast<R>(scale), forward, reinterpret_cast<std::complex<R>*>(half));
}

template <typename R>
void FftRealInverse(const CPUContext&, const paddle::complex<R>* half, const Lines& lines, double scale, bool forward,
                    R* out) {
  FftRealInverseCpu(reinterpret_cast<const std::complex<R>*>(half), lines, static_cast<R>(scale), forward, out);
}

}  // namespace phi::funcs
