#include "paddle/phi/kernels/funcs/fft_plan.h"

#include <gtest/gtest.h>

#include <cmath>
#include <complex>
#include <vector>

namespace phi::funcs {
namespace {

// The DFT by its definition, in long double: the independent reference.
std::vector<std::complex<double>> NaiveDft(const std::vector<std::complex<double>>& x, bool forward) {
  const int64_t n = static_cast<int64_t>(x.size());
  std::vector<std::complex<double>> out(n);
  for (int64_t k = 0; k < n; ++k) {
    std::complex<long double> acc = 0;
    for (int64_t j = 0; j < n; ++j) {
      const long double angle = (forward ? -2.0L : 2.0L) * M_PIl * static_cast<long double>((j * k) % n) / n;
      acc += std::complex<long double>(x[j].real(), x[j].imag()) * std::polar(1.0L, angle);
    }
    out[k] = {static_cast<double>(acc.real()), static_cast<double>(acc.imag())};
  }
  return out;
}

std::vector<std::complex<double>> Signal(int64_t n) {
  std::vector<std::complex<double>> x(n);
  for (int64_t j = 0; j < n; ++j) x[j] = {std::sin(0.7 * j + 0.3), std::cos(1.3 * j) - 0.2};
  return x;
}

// Small-prime lengths (Stockham, each radix and their mixes) and lengths with
// a prime factor above 31 (Bluestein).
class FftPlanLength : public ::testing::TestWithParam<int64_t> {};

TEST_P(FftPlanLength, MatchesTheDefinitionBothWays) {
  const int64_t n = GetParam();
  const FftPlan<double> plan(n);
  std::vector<std::complex<double>> work(plan.work_size());
  for (bool forward : {true, false}) {
    std::vector<std::complex<double>> x = Signal(n);
    const std::vector<std::complex<double>> expected = NaiveDft(x, forward);
    plan.Execute(x.data(), work.data(), forward);
    for (int64_t k = 0; k < n; ++k) {
      EXPECT_NEAR(x[k].real(), expected[k].real(), 1e-9 * n) << "n=" << n << " k=" << k;
      EXPECT_NEAR(x[k].imag(), expected[k].imag(), 1e-9 * n) << "n=" << n << " k=" << k;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Lengths, FftPlanLength,
                         ::testing::Values(1, 2, 3, 4, 5, 6, 7, 8, 9, 12, 16, 25, 27, 31, 49, 60, 64, 77, 128, 210, 37,
                                           97, 2 * 37, 4 * 41, 1009));

TEST(FftPlan, SinglePrecisionIsAccurateToItsEpsilon) {
  for (int64_t n : {64, 1000, 101}) {
    const FftPlan<float> plan(n);
    std::vector<std::complex<float>> work(plan.work_size()), x(n);
    const std::vector<std::complex<double>> signal = Signal(n);
    for (int64_t j = 0; j < n; ++j) x[j] = std::complex<float>(signal[j]);
    const std::vector<std::complex<double>> expected = NaiveDft(signal, true);
    plan.Execute(x.data(), work.data(), true);
    for (int64_t k = 0; k < n; ++k) EXPECT_LT(std::abs(std::complex<double>(x[k]) - expected[k]), 2e-5 * n);
  }
}

TEST(FftLinesCpu, TransformsStridedLinesInPlace) {
  // x [outer=2, n=5, inner=3]: every line along the middle axis.
  const Lines lines{2, 5, 3};
  std::vector<std::complex<double>> data(30);
  for (size_t i = 0; i < data.size(); ++i) data[i] = {std::cos(0.4 * i), 0.1 * i};
  std::vector<std::complex<double>> expected = data;
  for (int64_t l = 0; l < lines.count(); ++l) {
    std::vector<std::complex<double>> line(5);
    const int64_t base = lines.Base(l, 5);
    for (int j = 0; j < 5; ++j) line[j] = data[base + j * 3];
    line = NaiveDft(line, true);
    for (int j = 0; j < 5; ++j) expected[base + j * 3] = line[j];
  }
  FftLinesCpu(data.data(), lines, true);
  for (size_t i = 0; i < data.size(); ++i) EXPECT_NEAR(std::abs(data[i] - expected[i]), 0.0, 1e-12) << i;
}

}  // namespace
}  // namespace phi::funcs
