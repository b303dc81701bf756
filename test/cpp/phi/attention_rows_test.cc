// The GPU flash attention's per-thread arithmetic (funcs/attention_rows.h),
// run here over sequences cut into tiles the way the kernels stage them,
// against attention computed directly in double.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <random>
#include <vector>

#include "paddle/phi/kernels/funcs/attention_rows.h"

namespace phi::funcs {
namespace {

constexpr int kD = 16;
constexpr int64_t kTileRows = 4;

struct Problem {
  int64_t sq, sk, d, dv;
  bool causal;
  // One head, rows of q/k [s, d], v/out [s, dv].
  std::vector<float> q, k, v, out_grad;

  AttentionShape Shape() const {
    return {d, dv, static_cast<float>(1.0 / std::sqrt(double(d))), causal, sk - sq};
  }
};

Problem MakeProblem(int64_t sq, int64_t sk, int64_t d, int64_t dv, bool causal) {
  std::mt19937 gen(static_cast<unsigned>(sq * 131 + sk * 17 + causal));
  std::normal_distribution<float> normal(0.0f, 1.5f);
  auto fill = [&](int64_t n) {
    std::vector<float> r(n);
    for (float& x : r) x = normal(gen);
    return r;
  };
  return {sq, sk, d, dv, causal, fill(sq * d), fill(sk * d), fill(sk * dv), fill(sq * dv)};
}

// Rows first .. first + kTileRows - 1 of a [rows, width] matrix as the
// kernels stage them: kD floats a row, zeros past `rows` and `width`.
std::vector<float> Tile(const std::vector<float>& m, int64_t rows, int64_t width, int64_t first) {
  std::vector<float> tile(kTileRows * kD, 0.0f);
  for (int64_t r = 0; r < kTileRows && first + r < rows; ++r)
    for (int64_t c = 0; c < width; ++c) tile[r * kD + c] = m[(first + r) * width + c];
  return tile;
}

struct Reference {
  std::vector<double> out, lse, dq, dk, dv;
};

Reference Direct(const Problem& p) {
  const AttentionShape a = p.Shape();
  Reference r{std::vector<double>(p.sq * p.dv, 0.0), std::vector<double>(p.sq, -INFINITY),
              std::vector<double>(p.sq * p.d, 0.0), std::vector<double>(p.sk * p.d, 0.0),
              std::vector<double>(p.sk * p.dv, 0.0)};
  for (int64_t i = 0; i < p.sq; ++i) {
    const int64_t end = a.VisibleEnd(i, p.sk);
    if (end == 0) continue;
    std::vector<double> s(end);
    for (int64_t j = 0; j < end; ++j) {
      double dot = 0;
      for (int64_t c = 0; c < p.d; ++c) dot += double(p.q[i * p.d + c]) * p.k[j * p.d + c];
      s[j] = dot * a.scale;
    }
    const double m = *std::max_element(s.begin(), s.end());
    double sum = 0;
    for (double x : s) sum += std::exp(x - m);
    r.lse[i] = m + std::log(sum);
    std::vector<double> prob(end);
    for (int64_t j = 0; j < end; ++j) prob[j] = std::exp(s[j] - r.lse[i]);
    for (int64_t j = 0; j < end; ++j)
      for (int64_t c = 0; c < p.dv; ++c) r.out[i * p.dv + c] += prob[j] * p.v[j * p.dv + c];
    double delta = 0;
    for (int64_t c = 0; c < p.dv; ++c) delta += double(p.out_grad[i * p.dv + c]) * r.out[i * p.dv + c];
    for (int64_t j = 0; j < end; ++j) {
      double dp = 0;
      for (int64_t c = 0; c < p.dv; ++c) dp += double(p.out_grad[i * p.dv + c]) * p.v[j * p.dv + c];
      const double ds = prob[j] * (dp - delta) * a.scale;
      for (int64_t c = 0; c < p.d; ++c) {
        r.dq[i * p.d + c] += ds * p.k[j * p.d + c];
        r.dk[j * p.d + c] += ds * p.q[i * p.d + c];
      }
      for (int64_t c = 0; c < p.dv; ++c) r.dv[j * p.dv + c] += prob[j] * p.out_grad[i * p.dv + c];
    }
  }
  return r;
}

void ExpectNear(const std::vector<float>& got, const std::vector<double>& want, const char* what) {
  ASSERT_EQ(got.size(), want.size()) << what;
  for (size_t e = 0; e < got.size(); ++e) {
    if (std::isinf(want[e])) {
      EXPECT_EQ(got[e], float(want[e])) << what << " at " << e;
    } else {
      EXPECT_NEAR(got[e], want[e], 2e-5 * std::max(1.0, std::fabs(want[e]))) << what << " at " << e;
    }
  }
}

class AttentionRows : public testing::TestWithParam<std::tuple<int64_t, int64_t, bool>> {};

TEST_P(AttentionRows, TiledRowsMatchDirectAttention) {
  const auto [sq, sk, causal] = GetParam();
  const Problem p = MakeProblem(sq, sk, 5, 3, causal);
  const AttentionShape a = p.Shape();
  const Reference want = Direct(p);

  // Forward and dq: one query at a time, keys in tiles (FlashForwardKernel,
  // FlashQueryGradKernel).
  std::vector<float> out(sq * p.dv), lse(sq), dq(sq * p.d), delta(sq);
  for (int64_t i = 0; i < sq; ++i) {
    QueryForward<kD> fwd;
    fwd.Begin(p.q.data() + i * p.d, a);
    const int64_t end = a.VisibleEnd(i, sk);
    for (int64_t k0 = 0; k0 < end; k0 += kTileRows)
      fwd.Visit(Tile(p.k, sk, p.d, k0).data(), Tile(p.v, sk, p.dv, k0).data(), kTileRows, k0, end);
    fwd.Finish(out.data() + i * p.dv, &lse[i], a);
  }
  ExpectNear(out, want.out, "out");
  ExpectNear(lse, want.lse, "lse");
  for (int64_t i = 0; i < sq; ++i) {
    QueryGrad<kD> grad;
    grad.Begin(p.q.data() + i * p.d, out.data() + i * p.dv, p.out_grad.data() + i * p.dv, lse[i], a);
    delta[i] = grad.delta;
    const int64_t end = a.VisibleEnd(i, sk);
    for (int64_t k0 = 0; k0 < end; k0 += kTileRows)
      grad.Visit(Tile(p.k, sk, p.d, k0).data(), Tile(p.v, sk, p.dv, k0).data(), kTileRows, k0, end);
    grad.Finish(dq.data() + i * p.d, a);
  }
  ExpectNear(dq, want.dq, "dq");

  // dk and dv: one key at a time, queries in tiles from the first that sees
  // it, padded with lse = +inf (FlashKeyGradKernel).
  std::vector<float> dk(sk * p.d), dv(sk * p.dv);
  for (int64_t j = 0; j < sk; ++j) {
    KeyGrad<kD> grad;
    grad.Begin(p.k.data() + j * p.d, p.v.data() + j * p.dv, a);
    const int64_t first = causal ? j - a.shift : 0;
    for (int64_t i0 = std::max<int64_t>(first, 0) / kTileRows * kTileRows; i0 < sq; i0 += kTileRows) {
      std::vector<float> tile_lse(kTileRows, INFINITY), tile_delta(kTileRows, 0.0f);
      for (int64_t r = 0; r < kTileRows && i0 + r < sq; ++r) {
        tile_lse[r] = lse[i0 + r];
        tile_delta[r] = delta[i0 + r];
      }
      grad.Visit(Tile(p.q, sq, p.d, i0).data(), Tile(p.out_grad, sq, p.dv, i0).data(), tile_lse.data(),
                 tile_delta.data(), kTileRows, i0, first);
    }
    grad.Finish(dk.data() + j * p.d, dv.data() + j * p.dv, a);
  }
  ExpectNear(dk, want.dk, "dk");
  ExpectNear(dv, want.dv, "dv");
}

// Square, more keys than queries, and more queries than keys (with causal
// masking, the first queries then see no key at all).
INSTANTIATE_TEST_SUITE_P(Shapes, AttentionRows,
                         testing::Values(std::make_tuple(7, 7, false), std::make_tuple(7, 7, true),
                                         std::make_tuple(5, 11, false), std::make_tuple(5, 11, true),
                                         std::make_tuple(10, 6, true), std::make_tuple(1, 9, true)));

}  // namespace
}  // namespace phi::funcs
