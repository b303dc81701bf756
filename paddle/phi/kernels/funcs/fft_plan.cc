#include "paddle/phi/kernels/funcs/fft_plan.h"

#include <algorithm>
#include <cmath>
#include <map>
#include <mutex>
#include <utility>

namespace phi::funcs {

namespace {

// Radices above this would cost more as an O(r^2) butterfly than Bluestein's
// three power-of-two transforms.
constexpr int kMaxDirectRadix = 31;

// exp(-2 pi i num / den), evaluated in double with the angle reduced first.
template <typename R>
std::complex<R> Root(int64_t num, int64_t den) {
  const double angle = -2.0 * M_PI * static_cast<double>(num % den) / static_cast<double>(den);
  return {static_cast<R>(std::cos(angle)), static_cast<R>(std::sin(angle))};
}

// n's radices (4s first, which need fewer multiplications than two 2s), or
// an empty list when n has a prime factor above kMaxDirectRadix.
std::vector<int> Radices(int64_t n) {
  std::vector<int> radices;
  for (int r : {4, 2, 3, 5}) {
    while (n % r == 0) {
      radices.push_back(r);
      n /= r;
    }
  }
  for (int p = 7; p <= kMaxDirectRadix && n > 1; p += 2) {
    while (n % p == 0) {
      radices.push_back(p);
      n /= p;
    }
  }
  if (n > 1) radices.clear();
  return radices;
}

// Complex products without the C library's NaN/infinity recovery, which
// std::complex's operator* calls into and which keeps the loops scalar.
template <typename C>
inline C Mul(C a, C b) {
  return {a.real() * b.real() - a.imag() * b.imag(), a.real() * b.imag() + a.imag() * b.real()};
}

template <typename C>
inline C MinusI(C v) {
  return {v.imag(), -v.real()};
}

// b[t] = sum_k a[k] w_r^(t k) for radix kRadix (0: the run-time radix r,
// through the table of its roots of unity).
template <int kRadix, typename C>
inline void Butterfly(int r, const C* a, C* b, const C* roots) {
  using R = typename C::value_type;
  if constexpr (kRadix == 2) {
    b[0] = a[0] + a[1];
    b[1] = a[0] - a[1];
  } else if constexpr (kRadix == 3) {
    const R half_sqrt3 = R(0.86602540378443864676);
    const C sum = a[1] + a[2];
    const C mid = a[0] - sum * R(0.5);
    const C rot = MinusI(a[1] - a[2]) * half_sqrt3;
    b[0] = a[0] + sum;
    b[1] = mid + rot;
    b[2] = mid - rot;
  } else if constexpr (kRadix == 4) {
    const C t0 = a[0] + a[2], t1 = a[0] - a[2], t2 = a[1] + a[3], t3 = MinusI(a[1] - a[3]);
    b[0] = t0 + t2;
    b[1] = t1 + t3;
    b[2] = t0 - t2;
    b[3] = t1 - t3;
  } else {
    for (int t = 0; t < r; ++t) {
      C acc = a[0];
      for (int k = 1; k < r; ++k) acc += Mul(a[k], roots[(t * k) % r]);
      b[t] = acc;
    }
  }
}

// One Stockham pass: for each of m sub-transforms p and each of s
// interleaved sequences q, y[q + s (r p + t)] = w^(p t) * butterfly_t(x[q + s (p + k m)]).
// The inner loop runs over whichever of p and q is longer, so that both
// the first passes (s = 1) and the last (m = 1) have long vectorizable loops.
template <int kRadix, typename C>
void StockhamPass(int radix, int64_t s, int64_t m, const C* x, C* y, const C* twiddle, const C* roots) {
  constexpr int kMax = kRadix == 0 ? kMaxDirectRadix : kRadix;
  const int r = kRadix == 0 ? radix : kRadix;  // a constant for the unrolled radices
  auto body = [&](int64_t p, int64_t q) {
    C a[kMax], b[kMax];
    for (int k = 0; k < r; ++k) a[k] = x[q + s * (p + k * m)];
    Butterfly<kRadix>(r, a, b, roots);
    const C* tw = twiddle + p * r;
    y[q + s * r * p] = b[0];
    for (int t = 1; t < r; ++t) y[q + s * (r * p + t)] = Mul(b[t], tw[t]);
  };
  if (s >= m) {
    for (int64_t p = 0; p < m; ++p)
      for (int64_t q = 0; q < s; ++q) body(p, q);
  } else {
    for (int64_t q = 0; q < s; ++q)
      for (int64_t p = 0; p < m; ++p) body(p, q);
  }
}

int64_t NextPowerOfTwo(int64_t v) {
  int64_t p = 1;
  while (p < v) p <<= 1;
  return p;
}

}  // namespace

template <typename R>
FftPlan<R>::FftPlan(int64_t n) : n_(n) {
  const std::vector<int> radices = Radices(n);
  if (n == 1 || !radices.empty()) {
    int64_t stride = 1;
    for (int r : radices) {
      const int64_t m = n / (stride * r);
      Stage stage{r, m, std::vector<C>(m * r)};
      for (int64_t p = 0; p < m; ++p)
        for (int t = 0; t < r; ++t) stage.twiddle[p * r + t] = Root<R>(p * t, m * r);
      std::vector<C> roots(r);
      for (int k = 0; k < r; ++k) roots[k] = Root<R>(k, r);
      stages_.push_back(std::move(stage));
      roots_.push_back(std::move(roots));
      stride *= r;
    }
    return;
  }
  const int64_t padded = NextPowerOfTwo(2 * n - 1);
  chirp_.resize(n);
  for (int64_t k = 0; k < n; ++k) chirp_[k] = Root<R>((k * k) % (2 * n), 2 * n);  // exp(-i pi k^2 / n)
  convolution_ = std::make_unique<FftPlan>(padded);
  kernel_fft_.assign(padded, C(0));
  kernel_fft_[0] = std::conj(chirp_[0]);
  for (int64_t k = 1; k < n; ++k) kernel_fft_[k] = kernel_fft_[padded - k] = std::conj(chirp_[k]);
  std::vector<C> work(convolution_->work_size());
  convolution_->Execute(kernel_fft_.data(), work.data(), true);
}

template <typename R>
FftPlan<R>::~FftPlan() = default;

template <typename R>
int64_t FftPlan<R>::work_size() const {
  return convolution_ ? 2 * convolution_->size() : n_;
}

template <typename R>
void FftPlan<R>::Execute(C* data, C* work, bool forward) const {
  // The inverse transform is the forward one of the conjugate, conjugated.
  if (!forward) std::transform(data, data + n_, data, [](C v) { return std::conj(v); });
  if (convolution_) {
    Bluestein(data, work);
  } else {
    Stockham(data, work);
  }
  if (!forward) std::transform(data, data + n_, data, [](C v) { return std::conj(v); });
}

template <typename R>
void FftPlan<R>::Stockham(C* data, C* work) const {
  C* x = data;
  C* y = work;
  int64_t s = 1;
  for (size_t i = 0; i < stages_.size(); ++i) {
    const Stage& stage = stages_[i];
    const C* tw = stage.twiddle.data();
    const C* roots = roots_[i].data();
    switch (stage.radix) {
      case 2:
        StockhamPass<2>(2, s, stage.m, x, y, tw, roots);
        break;
      case 3:
        StockhamPass<3>(3, s, stage.m, x, y, tw, roots);
        break;
      case 4:
        StockhamPass<4>(4, s, stage.m, x, y, tw, roots);
        break;
      default:
        StockhamPass<0>(stage.radix, s, stage.m, x, y, tw, roots);
    }
    std::swap(x, y);
    s *= stage.radix;
  }
  if (x != data) std::copy(x, x + n_, data);
}

template <typename R>
void FftPlan<R>::Bluestein(C* data, C* work) const {
  const int64_t padded = convolution_->size();
  C* a = work;
  for (int64_t k = 0; k < n_; ++k) a[k] = Mul(data[k], chirp_[k]);
  std::fill(a + n_, a + padded, C(0));
  convolution_->Execute(a, work + padded, true);
  for (int64_t k = 0; k < padded; ++k) a[k] = Mul(a[k], kernel_fft_[k]);
  convolution_->Execute(a, work + padded, false);
  const R inverse_size = R(1) / static_cast<R>(padded);
  for (int64_t k = 0; k < n_; ++k) data[k] = Mul(chirp_[k], a[k]) * inverse_size;
}

template <typename R>
const FftPlan<R>& CachedFftPlan(int64_t n) {
  static std::mutex mutex;
  static std::map<int64_t, std::unique_ptr<FftPlan<R>>> plans;
  std::lock_guard<std::mutex> lock(mutex);
  auto& plan = plans[n];
  if (!plan) plan = std::make_unique<FftPlan<R>>(n);
  return *plan;
}

template <typename R>
void FftLinesCpu(std::complex<R>* data, const Lines& lines, bool forward) {
  if (lines.count() == 0 || lines.n == 0) return;
  const FftPlan<R>& plan = CachedFftPlan<R>(lines.n);
  const int64_t n = lines.n;
#pragma omp parallel if (lines.count() * n >= (1 << 15))
  {
    std::vector<std::complex<R>> line(lines.inner == 1 ? 0 : n), work(plan.work_size());
#pragma omp for schedule(static)
    for (int64_t l = 0; l < lines.count(); ++l) {
      std::complex<R>* base = data + lines.Base(l, n);
      if (lines.inner == 1) {
        plan.Execute(base, work.data(), forward);
        continue;
      }
      for (int64_t j = 0; j < n; ++j) line[j] = base[j * lines.inner];
      plan.Execute(line.data(), work.data(), forward);
      for (int64_t j = 0; j < n; ++j) base[j * lines.inner] = line[j];
    }
  }
}

template class FftPlan<float>;
template class FftPlan<double>;
template const FftPlan<float>& CachedFftPlan(int64_t);
template const FftPlan<double>& CachedFftPlan(int64_t);
template void FftLinesCpu(std::complex<float>*, const Lines&, bool);
template void FftLinesCpu(std::complex<double>*, const Lines&, bool);

}  // namespace phi::funcs
