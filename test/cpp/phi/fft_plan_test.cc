#include "paddle/phi/kernels/funcs/fft_plan.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

namespace phi::funcs {
namespace {

using Complex = std::complex<double>;

// Point k of the DFT of x by its definition, in long double: the independent reference.
Complex NaiveDftPoint(const std::vector<Complex>& x, int64_t k, bool forward) {
  const int64_t n = static_cast<int64_t>(x.size());
  std::complex<long double> acc = 0;
  for (int64_t j = 0; j < n; ++j) {
    const long double angle = (forward ? -2.0L : 2.0L) * M_PIl * static_cast<long double>((j * k) % n) / n;
    acc += std::complex<long double>(x[j].real(), x[j].imag()) * std::polar(1.0L, angle);
  }
  return {static_cast<double>(acc.real()), static_cast<double>(acc.imag())};
}

// The whole DFT, with the n roots of unity evaluated once.
std::vector<Complex> NaiveDft(const std::vector<Complex>& x, bool forward) {
  const int64_t n = static_cast<int64_t>(x.size());
  std::vector<std::complex<long double>> roots(n);
  for (int64_t j = 0; j < n; ++j) roots[j] = std::polar(1.0L, (forward ? -2.0L : 2.0L) * M_PIl * j / n);
  std::vector<Complex> out(n);
  for (int64_t k = 0; k < n; ++k) {
    std::complex<long double> acc = 0;
    for (int64_t j = 0; j < n; ++j) acc += std::complex<long double>(x[j].real(), x[j].imag()) * roots[(j * k) % n];
    out[k] = {static_cast<double>(acc.real()), static_cast<double>(acc.imag())};
  }
  return out;
}

// A different signal for every seed.
std::vector<Complex> Signal(int64_t n, int seed) {
  std::vector<Complex> x(n);
  for (int64_t j = 0; j < n; ++j) x[j] = {std::sin(0.7 * j + 0.3 * seed), std::cos(1.3 * j + seed) - 0.2};
  return x;
}

// Line l of a buffer viewed as [outer, n, inner].
std::vector<Complex> LineOf(const std::vector<Complex>& data, const Lines& lines, int64_t l) {
  std::vector<Complex> line(lines.n);
  for (int64_t j = 0; j < lines.n; ++j) line[j] = data[lines.Base(l, lines.n) + j * lines.inner];
  return line;
}

// Lines of every length class: each radix and their mixes (Stockham), and
// prime factors above 31 (Bluestein); one line (one lane) and a full block
// of lanes plus a partial one.
struct Case {
  int64_t n, count;
};
class FftLengths : public ::testing::TestWithParam<Case> {};

TEST_P(FftLengths, ComplexLinesMatchTheDefinitionBothWays) {
  const auto [n, count] = GetParam();
  for (int64_t inner : {1, 3}) {
    const Lines lines{count, n, inner};
    std::vector<Complex> data(count * n * inner);
    for (size_t i = 0; i < data.size(); ++i) data[i] = Signal(1, static_cast<int>(i))[0] * (1.0 + 0.01 * i);
    for (bool forward : {true, false}) {
      std::vector<Complex> got = data;
      FftLinesCpu(got.data(), lines, forward);
      for (int64_t l = 0; l < lines.count(); ++l) {
        const std::vector<Complex> expected = NaiveDft(LineOf(data, lines, l), forward);
        const std::vector<Complex> line = LineOf(got, lines, l);
        for (int64_t k = 0; k < n; ++k)
          ASSERT_LT(std::abs(line[k] - expected[k]), 1e-11 * n) << "n=" << n << " line=" << l << " k=" << k;
      }
    }
  }
}

TEST_P(FftLengths, RealLinesMatchTheDefinitionBothWays) {
  const auto [n, count] = GetParam();
  const int64_t h = n / 2 + 1;
  for (int64_t inner : {1, 2}) {
    const Lines lines{count, n, inner}, half_lines{count, h, inner};
    std::vector<double> x(count * n * inner);
    for (size_t i = 0; i < x.size(); ++i) x[i] = std::sin(0.37 * i * i + 0.1);
    for (bool forward : {true, false}) {
      std::vector<Complex> half(count * h * inner);
      FftRealForwardCpu(x.data(), lines, 0.5, forward, half.data());
      std::vector<Complex> spectrum(half.size());
      for (int64_t l = 0; l < lines.count(); ++l) {
        std::vector<Complex> line(n);
        for (int64_t j = 0; j < n; ++j) line[j] = x[lines.Base(l, n) + j * inner];
        const std::vector<Complex> expected = NaiveDft(line, forward);
        for (int64_t k = 0; k < h; ++k) {
          const Complex got = half[half_lines.Base(l, h) + k * inner];
          ASSERT_LT(std::abs(got - 0.5 * expected[k]), 1e-11 * n) << "n=" << n << " line=" << l << " k=" << k;
          // The imaginary parts of points 0 and n / 2 must not matter to the inverse.
          const bool must_be_real = k == 0 || 2 * k == n;
          spectrum[half_lines.Base(l, h) + k * inner] = expected[k] + Complex(0, must_be_real ? 5.0 : 0.0);
        }
      }
      // The inverse of the opposite direction brings n x back.
      std::vector<double> back(x.size());
      FftRealInverseCpu(spectrum.data(), lines, 2.0, !forward, back.data());
      for (size_t i = 0; i < x.size(); ++i) ASSERT_NEAR(back[i], 2.0 * n * x[i], 1e-10 * n) << "n=" << n << " i=" << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(
    Lengths, FftLengths,
    ::testing::Values(Case{1, 1}, Case{2, 1}, Case{3, 9}, Case{4, 1}, Case{5, 9}, Case{6, 1}, Case{7, 9}, Case{8, 9},
                      Case{9, 1}, Case{12, 9}, Case{16, 1}, Case{25, 9}, Case{27, 1}, Case{31, 9}, Case{32, 1},
                      Case{49, 9}, Case{60, 1}, Case{64, 9}, Case{77, 1}, Case{128, 9}, Case{210, 1}, Case{37, 9},
                      Case{97, 1}, Case{2 * 37, 9}, Case{4 * 41, 1}, Case{512, 9}, Case{1009, 1}, Case{1000, 9}));

TEST(FftLinesCpu, SinglePrecisionIsAccurateToItsEpsilon) {
  for (int64_t n : {64, 1000, 101}) {
    for (int64_t count : {1, 20}) {
      std::vector<std::complex<float>> data(count * n);
      std::vector<Complex> signal = Signal(n, 0);
      for (int64_t l = 0; l < count; ++l)
        for (int64_t j = 0; j < n; ++j) data[l * n + j] = std::complex<float>(signal[j]);
      const std::vector<Complex> expected = NaiveDft(signal, true);
      FftLinesCpu(data.data(), Lines{count, n, 1}, true);
      for (int64_t l = 0; l < count; ++l)
        for (int64_t k = 0; k < n; ++k)
          EXPECT_LT(std::abs(Complex(data[l * n + k]) - expected[k]), 2e-5 * n) << "n=" << n << " k=" << k;
    }
  }
}

// A long line among few runs as columns and then rows of a matrix; checked at
// a few points against the definition (the whole DFT would take minutes).
TEST(FftLinesCpu, LongLinesMatchTheDefinition) {
  for (int64_t n : {16384, 3 * 16384, 2 * 16411}) {
    for (int64_t inner : {1, 2}) {
      for (bool forward : {true, false}) {
        const Lines lines{1, n, inner};
        std::vector<Complex> data(n * inner);
        for (size_t i = 0; i < data.size(); ++i) data[i] = {std::cos(0.01 * i * i), std::sin(1.7 * i)};
        std::vector<Complex> got = data;
        FftLinesCpu(got.data(), lines, forward);
        for (int64_t l = 0; l < inner; ++l) {
          const std::vector<Complex> line = LineOf(data, lines, l);
          for (int64_t k : {int64_t(0), int64_t(1), int64_t(777), n / 3, n - 1}) {
            EXPECT_LT(std::abs(got[l + k * inner] - NaiveDftPoint(line, k, forward)), 1e-12 * n)
                << "n=" << n << " k=" << k;
          }
        }
      }
    }
  }
}

}  // namespace
}  // namespace phi::funcs
