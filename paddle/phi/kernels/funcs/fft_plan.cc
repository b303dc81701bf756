#include "paddle/phi/kernels/funcs/fft_plan.h"

#include <algorithm>
#include <cmath>
#include <cstring>
#include <map>
#include <mutex>
#include <type_traits>
#include <utility>

#ifdef __AVX512F__
#include <immintrin.h>
#endif

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

// n's radices (the largest first: fewer passes over the block), or an
// empty list when n has a prime factor above kMaxDirectRadix. A radix-16
// butterfly's 32 vectors fit only AVX-512's 32 registers.
std::vector<int> Radices(int64_t n) {
  std::vector<int> radices;
#ifdef __AVX512F__
  constexpr int kLargestRadix = 16;
#else
  constexpr int kLargestRadix = 8;
#endif
  for (int r : {16, 8, 4, 2, 3, 5}) {
    if (r > kLargestRadix) continue;
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

// The W lanes of a block as one value: a GCC vector of W values of R (R
// itself for one lane), so that each butterfly is written once, for both.
template <typename R, int W>
struct LaneVectorOf {
  typedef R type __attribute__((vector_size(sizeof(R) * W)));
};
template <typename R>
struct LaneVectorOf<R, 1> {
  using type = R;
};
template <typename R, int W>
using LaneVector = typename LaneVectorOf<R, W>::type;

// One point of every lane of a block.
template <typename V>
struct Point {
  V re, im;
};

template <typename V>
inline Point<V> operator+(Point<V> a, Point<V> b) {
  return {a.re + b.re, a.im + b.im};
}
template <typename V>
inline Point<V> operator-(Point<V> a, Point<V> b) {
  return {a.re - b.re, a.im - b.im};
}
template <typename V, typename R>
inline Point<V> operator*(Point<V> a, R s) {
  return {a.re * s, a.im * s};
}
template <typename V, typename R>
inline Point<V> operator*(Point<V> a, std::complex<R> w) {
  return {a.re * w.real() - a.im * w.imag(), a.re * w.imag() + a.im * w.real()};
}
template <typename V>
inline Point<V> MinusI(Point<V> a) {
  return {a.im, -a.re};
}
template <typename V>
inline Point<V> Conj(Point<V> a) {
  return {a.re, -a.im};
}

// Point j of a block of W lanes (see FftPlan).
template <int W, typename R>
inline Point<LaneVector<R, W>> Load(const R* re, const R* im, int64_t j) {
  Point<LaneVector<R, W>> p;
  std::memcpy(&p.re, re + j * W, sizeof(p.re));
  std::memcpy(&p.im, im + j * W, sizeof(p.im));
  return p;
}

template <int W, typename R>
inline void Store(R* re, R* im, int64_t j, Point<LaneVector<R, W>> p) {
  std::memcpy(re + j * W, &p.re, sizeof(p.re));
  std::memcpy(im + j * W, &p.im, sizeof(p.im));
}

// b[t] = sum_k a[k] w_r^(t k) for radix kRadix (0: the run-time radix r).
// Radices without a butterfly of their own go through the table of their
// roots of unity.
template <int kRadix, typename V, typename R>
inline void Butterfly(int r, const Point<V>* a, Point<V>* b, const std::complex<R>* roots) {
  if constexpr (kRadix == 2) {
    b[0] = a[0] + a[1];
    b[1] = a[0] - a[1];
  } else if constexpr (kRadix == 3) {
    const R half_sqrt3 = R(0.86602540378443864676);
    const Point<V> sum = a[1] + a[2];
    const Point<V> mid = a[0] - sum * R(0.5);
    const Point<V> rot = MinusI(a[1] - a[2]) * half_sqrt3;
    b[0] = a[0] + sum;
    b[1] = mid + rot;
    b[2] = mid - rot;
  } else if constexpr (kRadix == 4) {
    const Point<V> t0 = a[0] + a[2], t1 = a[0] - a[2], t2 = a[1] + a[3], t3 = MinusI(a[1] - a[3]);
    b[0] = t0 + t2;
    b[1] = t1 + t3;
    b[2] = t0 - t2;
    b[3] = t1 - t3;
  } else if constexpr (kRadix == 8) {
    // Two radix-4 butterflies of the even and the odd points, joined by w_8^t.
    const R half_sqrt2 = R(0.70710678118654752440);
    const Point<V> even[4] = {a[0], a[2], a[4], a[6]}, odd[4] = {a[1], a[3], a[5], a[7]};
    Point<V> e[4], o[4];
    Butterfly<4>(4, even, e, roots);
    Butterfly<4>(4, odd, o, roots);
    const Point<V> o1 = Point<V>{o[1].re + o[1].im, o[1].im - o[1].re} * half_sqrt2;    // w_8 o1
    const Point<V> o3 = Point<V>{o[3].im - o[3].re, -o[3].re - o[3].im} * half_sqrt2;  // w_8^3 o3
    const Point<V> o2 = MinusI(o[2]);                                                    // w_8^2 o2
    b[0] = e[0] + o[0];
    b[4] = e[0] - o[0];
    b[1] = e[1] + o1;
    b[5] = e[1] - o1;
    b[2] = e[2] + o2;
    b[6] = e[2] - o2;
    b[3] = e[3] + o3;
    b[7] = e[3] - o3;
  } else if constexpr (kRadix == 16) {
    // Four radix-4 butterflies of the points k2, k2 + 4, k2 + 8, k2 + 12,
    // their outputs t1 turned by w_16^(t1 k2), then four radix-4 butterflies
    // across k2 give the outputs t1 + 4 t2.
    Point<V> c[4][4];
    for (int k2 = 0; k2 < 4; ++k2) {
      const Point<V> column[4] = {a[k2], a[k2 + 4], a[k2 + 8], a[k2 + 12]};
      Butterfly<4>(4, column, c[k2], roots);
    }
    const R c1 = R(0.92387953251128675613), s1 = R(0.38268343236508977173);  // cos, sin of pi / 8
    const R half_sqrt2 = R(0.70710678118654752440);
    const std::complex<R> w1(c1, -s1), w3(s1, -c1), w9(-c1, s1);
    c[1][1] = c[1][1] * w1;
    c[1][2] = Point<V>{c[1][2].re + c[1][2].im, c[1][2].im - c[1][2].re} * half_sqrt2;  // w_16^2
    c[1][3] = c[1][3] * w3;
    c[2][1] = Point<V>{c[2][1].re + c[2][1].im, c[2][1].im - c[2][1].re} * half_sqrt2;  // w_16^2
    c[2][2] = MinusI(c[2][2]);                                                              // w_16^4
    c[2][3] = Point<V>{c[2][3].im - c[2][3].re, -c[2][3].re - c[2][3].im} * half_sqrt2;  // w_16^6
    c[3][1] = c[3][1] * w3;
    c[3][2] = Point<V>{c[3][2].im - c[3][2].re, -c[3][2].re - c[3][2].im} * half_sqrt2;  // w_16^6
    c[3][3] = c[3][3] * w9;
    for (int t1 = 0; t1 < 4; ++t1) {
      const Point<V> row[4] = {c[0][t1], c[1][t1], c[2][t1], c[3][t1]};
      Point<V> out[4];
      Butterfly<4>(4, row, out, roots);
      for (int t2 = 0; t2 < 4; ++t2) b[t1 + 4 * t2] = out[t2];
    }
  } else {
    for (int t = 0; t < r; ++t) {
      Point<V> acc = a[0];
      for (int k = 1; k < r; ++k) acc = acc + a[k] * roots[(t * k) % r];
      b[t] = acc;
    }
  }
}

// One Stockham pass over a block of W lanes: for each of m sub-transforms p
// and each of s interleaved sequences q,
// y[q + s (r p + t)] = w^(p t) * butterfly_t(x[q + s (p + k m)]).
template <int kRadix, int W, typename R>
void StockhamPass(int radix, int64_t s, int64_t m, const R* xr, const R* xi, R* yr, R* yi,
                  const std::complex<R>* twiddle, const std::complex<R>* roots) {
  using V = LaneVector<R, W>;
  constexpr int kMax = kRadix == 0 ? kMaxDirectRadix : kRadix;
  const int r = kRadix == 0 ? radix : kRadix;  // a constant for the unrolled radices
  const int64_t in_step = s * m, out_step = s;
  for (int64_t p = 0; p < m; ++p) {
    const std::complex<R>* tw = twiddle + p * r;
    for (int64_t q = 0; q < s; ++q) {
      const int64_t in = q + s * p, out = q + s * r * p;
      Point<V> a[kMax], b[kMax];
      for (int k = 0; k < r; ++k) a[k] = Load<W>(xr, xi, in + k * in_step);
      Butterfly<kRadix>(r, a, b, roots);
      Store<W>(yr, yi, out, b[0]);
      for (int t = 1; t < r; ++t) Store<W>(yr, yi, out + t * out_step, b[t] * tw[t]);
    }
  }
}

int64_t NextPowerOfTwo(int64_t v) {
  int64_t p = 1;
  while (p < v) p <<= 1;
  return p;
}

// One instance of T(n) per length, built on first use and shared.
template <typename T>
const T& CachedPerLength(int64_t n) {
  static std::mutex mutex;
  static std::map<int64_t, std::unique_ptr<T>> cache;
  std::lock_guard<std::mutex> lock(mutex);
  auto& entry = cache[n];
  if (!entry) entry = std::make_unique<T>(n);
  return *entry;
}

// w_n^k for k in [0, n): the twiddles of a four-step transform, and what
// joins the transforms of a real signal's even and odd samples.
template <typename R>
struct Turns {
  explicit Turns(int64_t n) : w(n) {
    for (int64_t k = 0; k < n; ++k) w[k] = Root<R>(k, n);
  }
  std::vector<std::complex<R>> w;
};

// Sets point j of lane v of a block of W lanes.
template <int W, typename R>
inline void SetLane(R* re, R* im, int64_t j, int v, R real, R imag) {
  re[j * W + v] = real;
  im[j * W + v] = imag;
}

// Runs visit(v, j) for lanes v < count and points j < points, a tile of
// points at a time: the block's rows in the tile stay in L1 while every lane
// passes through them, where lane by lane over whole lines they would not.
// Points from `first` on.
template <typename Visit>
inline void ForEachLanePoint(int count, int64_t points, const Visit& visit, int64_t first = 0) {
  constexpr int64_t kTile = 64;
  for (int64_t j0 = first; j0 < points; j0 += kTile) {
    const int64_t j1 = std::min(points, j0 + kTile);
    for (int v = 0; v < count; ++v)
      for (int64_t j = j0; j < j1; ++j) visit(v, j);
  }
}

// The offsets of lines [first, first + count) of lines (of len points).
struct LineStarts {
  LineStarts(const Lines& lines, int64_t len, int64_t first, int count) {
    for (int v = 0; v < count; ++v) start[v] = lines.Base(first + v, len);
  }
  int64_t operator[](int v) const { return start[v]; }
  int64_t start[kFftLanes<float>];
};

#ifdef __AVX512F__
// Moving a block's points between lines and lanes is a transpose; done a
// value at a time (ForEachLanePoint) it was most of a real transform of
// float lines of a few hundred points. For 16 float lanes of contiguous
// lines these move 16 x 16 tiles through registers instead.

// GCC 12 takes the _mm512_undefined_ps() inside its own shuffle intrinsics
// for uninitialized values.
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#pragma GCC diagnostic ignored "-Wuninitialized"

// The 16 x 16 transpose of the rows r[0..15].
inline void Transpose16(__m512 r[16]) {
  __m512 t[16];
  for (int i = 0; i < 16; i += 2) {
    t[i] = _mm512_unpacklo_ps(r[i], r[i + 1]);
    t[i + 1] = _mm512_unpackhi_ps(r[i], r[i + 1]);
  }
  for (int i = 0; i < 16; i += 4) {
    r[i] = _mm512_shuffle_ps(t[i], t[i + 2], 0x44);
    r[i + 1] = _mm512_shuffle_ps(t[i], t[i + 2], 0xEE);
    r[i + 2] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0x44);
    r[i + 3] = _mm512_shuffle_ps(t[i + 1], t[i + 3], 0xEE);
  }
  for (int i = 0; i < 8; ++i) {
    const int a = (i / 4) * 8 + i % 4;
    t[a] = _mm512_shuffle_f32x4(r[a], r[a + 4], 0x88);
    t[a + 4] = _mm512_shuffle_f32x4(r[a], r[a + 4], 0xDD);
  }
  for (int i = 0; i < 8; ++i) {
    r[i] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0x88);
    r[i + 8] = _mm512_shuffle_f32x4(t[i], t[i + 8], 0xDD);
  }
}

// Points [0, points) rounded down to 16 of 16 contiguous lines of pairs
// (a real line's even and odd samples, or a complex line's parts) at the
// float offsets `start`: the first of each pair times first_factor into re,
// the second times second_factor into im. Returns how many points it did.
inline int64_t PackPairs16(const float* x, const LineStarts& start, int64_t points, float first_factor,
                           float second_factor, float* re, float* im) {
  const __m512i firsts = _mm512_set_epi32(30, 28, 26, 24, 22, 20, 18, 16, 14, 12, 10, 8, 6, 4, 2, 0);
  const __m512i seconds = _mm512_set_epi32(31, 29, 27, 25, 23, 21, 19, 17, 15, 13, 11, 9, 7, 5, 3, 1);
  const __m512 first_scale = _mm512_set1_ps(first_factor), second_scale = _mm512_set1_ps(second_factor);
  const int64_t done = points - points % 16;
  for (int64_t j0 = 0; j0 < done; j0 += 16) {
    __m512 a[16], b[16];
    for (int v = 0; v < 16; ++v) {
      const float* p = x + start[v] + 2 * j0;
      const __m512 lo = _mm512_loadu_ps(p), hi = _mm512_loadu_ps(p + 16);
      a[v] = _mm512_mul_ps(_mm512_permutex2var_ps(lo, firsts, hi), first_scale);
      b[v] = _mm512_mul_ps(_mm512_permutex2var_ps(lo, seconds, hi), second_scale);
    }
    Transpose16(a);
    Transpose16(b);
    for (int k = 0; k < 16; ++k) {
      _mm512_storeu_ps(re + (j0 + k) * 16, a[k]);
      _mm512_storeu_ps(im + (j0 + k) * 16, b[k]);
    }
  }
  return done;
}

// The way back: points [0, points) rounded down to 16 of a block of 16
// lanes into 16 contiguous lines of pairs at the float offsets `start`.
inline int64_t UnpackPairs16(const float* re, const float* im, int64_t points, float first_factor,
                             float second_factor, const LineStarts& start, float* out) {
  const __m512i low = _mm512_set_epi32(23, 7, 22, 6, 21, 5, 20, 4, 19, 3, 18, 2, 17, 1, 16, 0);
  const __m512i high = _mm512_set_epi32(31, 15, 30, 14, 29, 13, 28, 12, 27, 11, 26, 10, 25, 9, 24, 8);
  const __m512 first_scale = _mm512_set1_ps(first_factor), second_scale = _mm512_set1_ps(second_factor);
  const int64_t done = points - points % 16;
  for (int64_t k0 = 0; k0 < done; k0 += 16) {
    __m512 a[16], b[16];
    for (int k = 0; k < 16; ++k) {
      a[k] = _mm512_mul_ps(_mm512_loadu_ps(re + (k0 + k) * 16), first_scale);
      b[k] = _mm512_mul_ps(_mm512_loadu_ps(im + (k0 + k) * 16), second_scale);
    }
    Transpose16(a);
    Transpose16(b);
    for (int v = 0; v < 16; ++v) {
      float* p = out + start[v] + 2 * k0;
      _mm512_storeu_ps(p, _mm512_permutex2var_ps(a[v], low, b[v]));
      _mm512_storeu_ps(p + 16, _mm512_permutex2var_ps(a[v], high, b[v]));
    }
  }
  return done;
}

#pragma GCC diagnostic pop
#endif

// Offsets of complex lines as offsets of their floats.
inline LineStarts FloatOffsets(LineStarts starts) {
  for (int64_t& s : starts.start) s *= 2;
  return starts;
}

// The register tiles where they apply (AVX-512, a full block of 16 float
// lanes, contiguous lines), else nothing: how many leading points they
// moved, the caller moving the rest point by point. x, out and start count
// floats (a complex line is its parts, interleaved).
template <int W, typename R>
int64_t PackTiles(int count, int64_t inner, const R* x, const LineStarts& start, int64_t points, R first_factor,
                  R second_factor, R* re, R* im) {
#ifdef __AVX512F__
  if constexpr (W == 16 && std::is_same_v<R, float>) {
    if (inner == 1 && count == W) return PackPairs16(x, start, points, first_factor, second_factor, re, im);
  }
#endif
  return 0;
}

template <int W, typename R>
int64_t UnpackTiles(int count, int64_t inner, const R* re, const R* im, int64_t points, R first_factor,
                    R second_factor, const LineStarts& start, R* out) {
#ifdef __AVX512F__
  if constexpr (W == 16 && std::is_same_v<R, float>) {
    if (inner == 1 && count == W) return UnpackPairs16(re, im, points, first_factor, second_factor, start, out);
  }
#endif
  return 0;
}

// Z (m points, the transform of z[j] = x[2j] + i x[2j + 1]) in place into
// X[0, m], the first half of the transform of the real signal x of 2m points:
// with E and O the transforms of the even and odd samples,
// E[k] = (Z[k] + conj Z[m - k]) / 2, O[k] = -i (Z[k] - conj Z[m - k]) / 2,
// X[k] = E[k] + w^k O[k] and X[m - k] = conj(E[k] - w^k O[k]).
template <int W, typename R>
void SplitRealSpectrum(R* re, R* im, int64_t m, const std::complex<R>* w) {
  using V = LaneVector<R, W>;
  const Point<V> z = Load<W>(re, im, 0);
  Store<W>(re, im, 0, Point<V>{z.re + z.im, V{}});
  Store<W>(re, im, m, Point<V>{z.re - z.im, V{}});
  for (int64_t k = 1; 2 * k <= m; ++k) {
    const auto zk = Load<W>(re, im, k), zc = Conj(Load<W>(re, im, m - k));
    const auto e = (zk + zc) * R(0.5), wo = MinusI(zk - zc) * R(0.5) * w[k];
    Store<W>(re, im, k, e + wo);
    Store<W>(re, im, m - k, Conj(e - wo));
  }
}

// The inverse of SplitRealSpectrum: X[0, m] into Z[0, m) with
// Z[k] = A[k] + i B[k], A[k] = X[k] + conj X[m - k] and
// B[k] = (X[k] - conj X[m - k]) conj(w^k), so that the inverse transform of
// Z interleaves the even and odd samples. Only the real parts of X[0] and
// X[m] count.
template <int W, typename R>
void JoinRealSpectrum(R* re, R* im, int64_t m, const std::complex<R>* w) {
  const auto x0 = Load<W>(re, im, 0).re, xm = Load<W>(re, im, m).re;
  Store<W>(re, im, 0, {x0 + xm, x0 - xm});
  for (int64_t k = 1; 2 * k <= m; ++k) {
    const auto xk = Load<W>(re, im, k), xc = Conj(Load<W>(re, im, m - k));
    const auto a = xk + xc, b = (xk - xc) * std::conj(w[k]);
    Store<W>(re, im, k, {a.re - b.im, a.im + b.re});
    Store<W>(re, im, m - k, {a.re + b.im, b.re - a.im});
  }
}

// Runs body(lanes_constant, first, lanes, buffer) for every block of up to
// W consecutive lines of `count`, W being kFftLanes when there are enough
// lines to fill most lanes and 1 otherwise (a single long line would
// otherwise cost W times the work and memory). Blocks run on parallel
// threads, each with a zeroed buffer of buffer_per_lane * W values.
template <typename R, typename Body>
void ForEachBlock(int64_t count, int64_t points, int64_t buffer_per_lane, const Body& body) {
  auto run = [&](auto lanes_constant) {
    constexpr int W = decltype(lanes_constant)::value;
    const int64_t blocks = (count + W - 1) / W;
#pragma omp parallel if (count * points >= (1 << 15))
    {
      std::vector<R> buffer(buffer_per_lane * W);
#pragma omp for schedule(static)
      for (int64_t b = 0; b < blocks; ++b) {
        const int lanes = static_cast<int>(std::min<int64_t>(W, count - b * W));
        if (lanes < W) std::fill(buffer.begin(), buffer.end(), R(0));
        body(lanes_constant, b * W, lanes, buffer.data());
      }
    }
  };
  if (4 * count >= kFftLanes<R>) {
    run(std::integral_constant<int, kFftLanes<R>>());
  } else {
    run(std::integral_constant<int, 1>());
  }
}

}  // namespace

template <typename R>
FftPlan<R>::FftPlan(int64_t n) : n_(n) {
  const std::vector<int> radices = Radices(n);
  if (n == 1 || !radices.empty()) {
    int64_t stride = 1;
    for (int r : radices) {
      const int64_t m = n / (stride * r);
      Stage stage{r, m, std::vector<std::complex<R>>(m * r), std::vector<std::complex<R>>(r)};
      for (int64_t p = 0; p < m; ++p)
        for (int t = 0; t < r; ++t) stage.twiddle[p * r + t] = Root<R>(p * t, m * r);
      for (int k = 0; k < r; ++k) stage.roots[k] = Root<R>(k, r);
      stages_.push_back(std::move(stage));
      stride *= r;
    }
    return;
  }
  const int64_t padded = NextPowerOfTwo(2 * n - 1);
  chirp_.resize(n);
  for (int64_t k = 0; k < n; ++k) chirp_[k] = Root<R>((k * k) % (2 * n), 2 * n);  // exp(-i pi k^2 / n)
  convolution_ = std::make_unique<FftPlan>(padded);
  // The kernel conj(chirp) wrapped around, transformed once (one lane).
  std::vector<R> re(padded, R(0)), im(padded, R(0)), work(convolution_->work_per_lane());
  re[0] = chirp_[0].real();
  im[0] = -chirp_[0].imag();
  for (int64_t k = 1; k < n; ++k) {
    re[k] = re[padded - k] = chirp_[k].real();
    im[k] = im[padded - k] = -chirp_[k].imag();
  }
  convolution_->template Forward<1>(re.data(), im.data(), work.data());
  kernel_fft_.resize(padded);
  for (int64_t k = 0; k < padded; ++k) kernel_fft_[k] = {re[k], im[k]};
}

template <typename R>
FftPlan<R>::~FftPlan() = default;

template <typename R>
int64_t FftPlan<R>::work_per_lane() const {
  return convolution_ ? 2 * convolution_->size() + convolution_->work_per_lane() : 2 * n_;
}

template <typename R>
template <int W>
void FftPlan<R>::Forward(R* re, R* im, R* work) const {
  if (convolution_) {
    Bluestein<W>(re, im, work);
  } else {
    Stockham<W>(re, im, work);
  }
}

template <typename R>
template <int W>
void FftPlan<R>::Stockham(R* re, R* im, R* work) const {
  R *xr = re, *xi = im, *yr = work, *yi = work + n_ * W;
  int64_t s = 1;
  for (const Stage& stage : stages_) {
    const std::complex<R>* tw = stage.twiddle.data();
    const std::complex<R>* roots = stage.roots.data();
    auto pass = [&](auto unrolled_radix) {
      StockhamPass<decltype(unrolled_radix)::value, W>(stage.radix, s, stage.m, xr, xi, yr, yi, tw, roots);
    };
    switch (stage.radix) {
      case 2: pass(std::integral_constant<int, 2>()); break;
      case 3: pass(std::integral_constant<int, 3>()); break;
      case 4: pass(std::integral_constant<int, 4>()); break;
      case 5: pass(std::integral_constant<int, 5>()); break;
      case 8: pass(std::integral_constant<int, 8>()); break;
      case 16: pass(std::integral_constant<int, 16>()); break;
      default: pass(std::integral_constant<int, 0>());  // any other radix, from its roots table
    }
    std::swap(xr, yr);
    std::swap(xi, yi);
    s *= stage.radix;
  }
  if (xr != re) {
    std::copy(xr, xr + n_ * W, re);
    std::copy(xi, xi + n_ * W, im);
  }
}

template <typename R>
template <int W>
void FftPlan<R>::Bluestein(R* re, R* im, R* work) const {
  const int64_t padded = convolution_->size();
  R *ar = work, *ai = work + padded * W, *rest = work + 2 * padded * W;
  for (int64_t k = 0; k < n_; ++k) Store<W>(ar, ai, k, Load<W>(re, im, k) * chirp_[k]);
  std::fill(ar + n_ * W, ar + padded * W, R(0));
  std::fill(ai + n_ * W, ai + padded * W, R(0));
  convolution_->template Forward<W>(ar, ai, rest);
  for (int64_t k = 0; k < padded; ++k) Store<W>(ar, ai, k, Load<W>(ar, ai, k) * kernel_fft_[k]);
  convolution_->template Forward<W>(ai, ar, rest);  // the inverse
  const R inverse_size = R(1) / static_cast<R>(padded);
  for (int64_t k = 0; k < n_; ++k) Store<W>(re, im, k, Load<W>(ar, ai, k) * chirp_[k] * inverse_size);
}

template <typename R>
const FftPlan<R>& CachedFftPlan(int64_t n) {
  return CachedPerLength<FftPlan<R>>(n);
}

namespace {

// Lines shorter than this run in one lane each when there are too few of
// them to fill the lanes; longer ones run the four-step transform.
constexpr int64_t kFourStepMinLength = 1 << 14;

// The factor n1 of n = n1 n2 closest to sqrt(n) from below, if both factors
// fill the lanes; 0 otherwise.
template <typename R>
int64_t FourStepSplit(int64_t n) {
  if (n < kFourStepMinLength) return 0;
  for (int64_t n1 = static_cast<int64_t>(std::sqrt(static_cast<double>(n))); n1 >= kFftLanes<R>; --n1) {
    if (n % n1 == 0) return n1;
  }
  return 0;
}

// One long line x of n = n1 n2 points, seen as an [n1, n2] matrix, whose
// columns and then rows are many short lines that fill the lanes:
// X[k1 + n1 k2] = sum_j2 w_n2^(j2 k2) w_n^(j2 k1) sum_j1 w_n1^(j1 k1) x[j1 n2 + j2].
template <typename R>
void FourStepFft(std::complex<R>* x, int64_t n1, int64_t n2, bool forward, std::complex<R>* scratch) {
  FftLinesCpu(x, Lines{1, n1, n2}, forward);
  const std::complex<R>* w = CachedPerLength<Turns<R>>(n1 * n2).w.data();
#pragma omp parallel for schedule(static)
  for (int64_t k1 = 0; k1 < n1; ++k1) {
    for (int64_t j2 = 0; j2 < n2; ++j2) {
      const std::complex<R> turn = forward ? w[j2 * k1] : std::conj(w[j2 * k1]);
      std::complex<R>& v = x[k1 * n2 + j2];
      const Point<R> turned = Point<R>{v.real(), v.imag()} * turn;
      v = {turned.re, turned.im};
    }
  }
  FftLinesCpu(x, Lines{n1, n2, 1}, forward);
  constexpr int64_t kTile = 32;
#pragma omp parallel for schedule(static)
  for (int64_t k1 = 0; k1 < n1; k1 += kTile) {
    for (int64_t k2 = 0; k2 < n2; k2 += kTile) {
      for (int64_t a = k1; a < std::min(k1 + kTile, n1); ++a)
        for (int64_t b = k2; b < std::min(k2 + kTile, n2); ++b) scratch[b * n1 + a] = x[a * n2 + b];
    }
  }
  std::copy(scratch, scratch + n1 * n2, x);
}

}  // namespace

template <typename R>
void FftLinesCpu(std::complex<R>* data, const Lines& lines, bool forward) {
  if (lines.count() == 0 || lines.n == 0) return;
  const int64_t n = lines.n, inner = lines.inner;
  const int64_t n1 = 4 * lines.count() < kFftLanes<R> ? FourStepSplit<R>(n) : 0;
  if (n1 > 0) {
    std::vector<std::complex<R>> line(inner == 1 ? 0 : n), scratch(n);
    for (int64_t l = 0; l < lines.count(); ++l) {
      std::complex<R>* base = data + lines.Base(l, n);
      if (inner == 1) {
        FourStepFft(base, n1, n / n1, forward, scratch.data());
        continue;
      }
      for (int64_t j = 0; j < n; ++j) line[j] = base[j * inner];
      FourStepFft(line.data(), n1, n / n1, forward, scratch.data());
      for (int64_t j = 0; j < n; ++j) base[j * inner] = line[j];
    }
    return;
  }
  const FftPlan<R>& plan = CachedFftPlan<R>(n);
  ForEachBlock<R>(lines.count(), n, 2 * n + plan.work_per_lane(), [&](auto lanes, int64_t first, int count, R* buf) {
    constexpr int W = decltype(lanes)::value;
    R *re = buf, *im = buf + n * W, *work = buf + 2 * n * W;
    const LineStarts start(lines, n, first, count);
    // Lines of a non-last axis within one outer index lie side by side: a
    // point of all the block's lanes is one contiguous run (no transpose).
    const bool side_by_side = inner != 1 && start[count - 1] == start[0] + count - 1;
    if (side_by_side) {
      for (int64_t j = 0; j < n; ++j) {
        const std::complex<R>* run = data + start[0] + j * inner;
        for (int v = 0; v < count; ++v) SetLane<W>(re, im, j, v, run[v].real(), run[v].imag());
      }
    } else {
      const int64_t packed = PackTiles<W>(count, inner, reinterpret_cast<const R*>(data), FloatOffsets(start), n,
                                          R(1), R(1), re, im);
      ForEachLanePoint(count, n, [&](int v, int64_t j) {
        const std::complex<R> p = data[start[v] + j * inner];
        SetLane<W>(re, im, j, v, p.real(), p.imag());
      }, packed);
    }
    if (forward) {
      plan.template Forward<W>(re, im, work);
    } else {
      plan.template Forward<W>(im, re, work);
    }
    if (side_by_side) {
      for (int64_t j = 0; j < n; ++j) {
        std::complex<R>* run = data + start[0] + j * inner;
        for (int v = 0; v < count; ++v) run[v] = {re[j * W + v], im[j * W + v]};
      }
      return;
    }
    const int64_t unpacked =
        UnpackTiles<W>(count, inner, re, im, n, R(1), R(1), FloatOffsets(start), reinterpret_cast<R*>(data));
    ForEachLanePoint(count, n, [&](int v, int64_t j) { data[start[v] + j * inner] = {re[j * W + v], im[j * W + v]}; },
                     unpacked);
  });
}

namespace {

// What the real transforms of lines of n points run: for even n, a complex
// transform of m = n / 2 points whose spectrum the turns split into (or
// join from) the h = m + 1 points of the half spectrum; for odd n, the
// complex transform of all m = n points.
template <typename R>
struct RealTransform {
  explicit RealTransform(const Lines& lines)
      : n(lines.n),
        h(n / 2 + 1),
        m(n % 2 == 0 ? n / 2 : n),
        even(n % 2 == 0),
        plan(CachedFftPlan<R>(m)),
        turn(even ? CachedPerLength<Turns<R>>(n).w.data() : nullptr),
        half_lines{lines.outer, h, lines.inner} {}

  // A block's rows: m + 1 points of each part (the split writes point m), then the plan's scratch.
  int64_t BufferPerLane() const { return 2 * (m + 1) + plan.work_per_lane(); }

  const int64_t n, h, m;
  const bool even;
  const FftPlan<R>& plan;
  const std::complex<R>* turn;
  const Lines half_lines;  // the half spectra, [outer, h, inner]
};

}  // namespace

template <typename R>
void FftRealForwardCpu(const R* x, const Lines& lines, R scale, bool forward, std::complex<R>* half) {
  if (lines.count() == 0 || lines.n == 0) return;
  const RealTransform<R> t(lines);
  // Plain names, not a structured binding: Clang cannot capture those in OpenMP regions.
  const int64_t n = t.n, h = t.h, m = t.m;
  const bool even = t.even;
  const FftPlan<R>& plan = t.plan;
  const std::complex<R>* turn = t.turn;
  const Lines& half_lines = t.half_lines;
  const int64_t inner = lines.inner;
  const R sign = forward ? R(1) : R(-1);
  ForEachBlock<R>(lines.count(), n, t.BufferPerLane(), [&](auto lanes, int64_t first, int count, R* buf) {
    constexpr int W = decltype(lanes)::value;
    R *re = buf, *im = buf + (m + 1) * W, *work = buf + 2 * (m + 1) * W;
    const LineStarts start(lines, n, first, count);
    if (even) {
      const int64_t packed = PackTiles<W>(count, inner, x, start, m, scale, scale, re, im);
      ForEachLanePoint(count, m, [&](int v, int64_t j) {
        const R* line = x + start[v];
        SetLane<W>(re, im, j, v, line[2 * j * inner] * scale, line[(2 * j + 1) * inner] * scale);
      }, packed);
    } else {
      ForEachLanePoint(count, m, [&](int v, int64_t j) { SetLane<W>(re, im, j, v, x[start[v] + j * inner] * scale, R(0)); });
    }
    plan.template Forward<W>(re, im, work);
    if (even) SplitRealSpectrum<W>(re, im, m, turn);
    const LineStarts half_start(half_lines, h, first, count);
    const int64_t unpacked =
        UnpackTiles<W>(count, inner, re, im, h, R(1), sign, FloatOffsets(half_start), reinterpret_cast<R*>(half));
    ForEachLanePoint(count, h, [&](int v, int64_t k) {
      half[half_start[v] + k * inner] = {re[k * W + v], sign * im[k * W + v]};
    }, unpacked);
  });
}

template <typename R>
void FftRealInverseCpu(const std::complex<R>* half, const Lines& lines, R scale, bool forward, R* out) {
  if (lines.count() == 0 || lines.n == 0) return;
  const RealTransform<R> t(lines);
  // Plain names, not a structured binding: Clang cannot capture those in OpenMP regions.
  const int64_t n = t.n, h = t.h, m = t.m;
  const bool even = t.even;
  const FftPlan<R>& plan = t.plan;
  const std::complex<R>* turn = t.turn;
  const Lines& half_lines = t.half_lines;
  const int64_t inner = lines.inner;
  // A forward transform of a Hermitian spectrum is the inverse one of its conjugate.
  const R sign = forward ? R(-1) : R(1);
  ForEachBlock<R>(lines.count(), n, t.BufferPerLane(), [&](auto lanes, int64_t first, int count, R* buf) {
    constexpr int W = decltype(lanes)::value;
    R *re = buf, *im = buf + (m + 1) * W, *work = buf + 2 * (m + 1) * W;
    const LineStarts half_start(half_lines, h, first, count);
    const int64_t packed =
        PackTiles<W>(count, inner, reinterpret_cast<const R*>(half), FloatOffsets(half_start), h, R(1), sign, re, im);
    ForEachLanePoint(count, h, [&](int v, int64_t k) {
      const std::complex<R> p = half[half_start[v] + k * inner];
      SetLane<W>(re, im, k, v, p.real(), sign * p.imag());
    }, packed);
    if (even) {
      JoinRealSpectrum<W>(re, im, m, turn);
    } else {
      for (int64_t k = h; k < n; ++k) Store<W>(re, im, k, Conj(Load<W>(re, im, n - k)));  // the Hermitian rest
    }
    plan.template Forward<W>(im, re, work);  // the inverse
    const LineStarts start(lines, n, first, count);
    if (even) {
      const int64_t unpacked = UnpackTiles<W>(count, inner, re, im, m, scale, scale, start, out);
      ForEachLanePoint(count, m, [&](int v, int64_t j) {
        R* line = out + start[v];
        line[2 * j * inner] = re[j * W + v] * scale;
        line[(2 * j + 1) * inner] = im[j * W + v] * scale;
      }, unpacked);
    } else {
      ForEachLanePoint(count, n, [&](int v, int64_t j) { out[start[v] + j * inner] = re[j * W + v] * scale; });
    }
  });
}

template class FftPlan<float>;
template class FftPlan<double>;
template void FftPlan<float>::Forward<1>(float*, float*, float*) const;
template void FftPlan<double>::Forward<1>(double*, double*, double*) const;
template void FftPlan<float>::Forward<kFftLanes<float>>(float*, float*, float*) const;
template void FftPlan<double>::Forward<kFftLanes<double>>(double*, double*, double*) const;
template const FftPlan<float>& CachedFftPlan(int64_t);
template const FftPlan<double>& CachedFftPlan(int64_t);
template void FftLinesCpu(std::complex<float>*, const Lines&, bool);
template void FftLinesCpu(std::complex<double>*, const Lines&, bool);
template void FftRealForwardCpu(const float*, const Lines&, float, bool, std::complex<float>*);
template void FftRealForwardCpu(const double*, const Lines&, double, bool, std::complex<double>*);
template void FftRealInverseCpu(const std::complex<float>*, const Lines&, float, bool, float*);
template void FftRealInverseCpu(const std::complex<double>*, const Lines&, double, bool, double*);

}  // namespace phi::funcs
