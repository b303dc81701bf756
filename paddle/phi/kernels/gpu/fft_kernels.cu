// The FFT kernels on CUDA: cuFFT does the complex transform of the lines,
// and real transforms go through it: a real signal is transformed as a
// complex one and the first half of its spectrum kept; a half spectrum is
// extended to the whole Hermitian one, transformed, and its real part kept.
// impl/fft_kernel_impl.h does the rest.
#include "paddle/phi/backends/gpu/dynload/cufft.h"

#include <climits>
#include <map>
#include <mutex>
#include <tuple>

#include "paddle/phi/backends/gpu/gpu_context.h"
#include "paddle/phi/kernels/funcs/elementwise_gpu.cuh"
#include "paddle/phi/kernels/funcs/lines.h"

#define PD_CUFFT_CHECK(expr)                                                                             \
  do {                                                                                                   \
    cufftResult pd_cufft_status_ = (expr);                                                               \
    if (pd_cufft_status_ != CUFFT_SUCCESS) [[unlikely]] {                                                \
      ::phi::gpu::ThrowLibraryError("cuFFT", std::to_string(int(pd_cufft_status_)),                      \
                                    pd_cufft_status_ == CUFFT_ALLOC_FAILED, #expr);                      \
    }                                                                                                    \
  } while (0)

namespace phi::funcs {

namespace {

template <typename R>
struct CufftTraits;
template <>
struct CufftTraits<float> {
  static constexpr cufftType kType = CUFFT_C2C;
  static cufftResult Exec(cufftHandle plan, void* data, int direction) {
    auto* p = static_cast<cufftComplex*>(data);
    return dynload::cufftExecC2C(plan, p, p, direction);
  }
};
template <>
struct CufftTraits<double> {
  static constexpr cufftType kType = CUFFT_Z2Z;
  static cufftResult Exec(cufftHandle plan, void* data, int direction) {
    auto* p = static_cast<cufftDoubleComplex*>(data);
    return dynload::cufftExecZ2Z(plan, p, p, direction);
  }
};

int CheckedInt(int64_t v, const char* what) {
  PD_CHECK(v <= INT_MAX, InvalidArgument, what, " (", v, ") exceeds what cuFFT plans index");
  return static_cast<int>(v);
}

// A plan for `batch` transforms of n points `stride` apart, successive
// transforms `distance` apart; made once per device, stream and layout and
// kept for the process. A plan holds its twiddles and its work area on the
// device: one per stream keeps two streams from sharing a work area.
cufftHandle CachedPlan(int device, cudaStream_t stream, cufftType type, int n, int stride, int distance, int batch) {
  static std::mutex mutex;
  static std::map<std::tuple<int, cudaStream_t, int, int, int, int, int>, cufftHandle> plans;
  std::lock_guard<std::mutex> lock(mutex);
  auto key = std::make_tuple(device, stream, static_cast<int>(type), n, stride, distance, batch);
  auto it = plans.find(key);
  if (it != plans.end()) return it->second;
  gpu::DeviceGuard guard(device);
  cufftHandle plan;
  int embed = n;
  PD_CUFFT_CHECK(dynload::cufftPlanMany(&plan, 1, &n, &embed, stride, distance, &embed, stride, distance, type, batch));
  PD_CUFFT_CHECK(dynload::cufftSetStream(plan, stream));
  plans.emplace(key, plan);
  return plan;
}

}  // namespace

// Lines with inner == 1 are one batch of contiguous transforms; otherwise one
// batch of `inner` interleaved transforms per outer index.
template <typename R>
void FftLines(const GPUContext& ctx, paddle::complex<R>* data, const Lines& lines, bool forward) {
  if (lines.count() == 0 || lines.n == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  const int n = CheckedInt(lines.n, "the transform length");
  const bool contiguous = lines.inner == 1;
  const int batch = CheckedInt(contiguous ? lines.outer : lines.inner, "the number of transforms");
  const int stride = contiguous ? 1 : CheckedInt(lines.inner, "the stride");
  const cufftHandle plan =
      CachedPlan(ctx.device(), ctx.stream(), CufftTraits<R>::kType, n, stride, contiguous ? n : 1, batch);
  const int direction = forward ? CUFFT_FORWARD : CUFFT_INVERSE;
  const int64_t blocks = contiguous ? 1 : lines.outer;
  for (int64_t o = 0; o < blocks; ++o) {
    PD_CUFFT_CHECK(CufftTraits<R>::Exec(plan, data + o * lines.n * lines.inner, direction));
  }
}

template <typename R>
void FftRealForward(const GPUContext& ctx, const R* x, const Lines& lines, double scale, bool forward,
                    paddle::complex<R>* half);
template <typename R>
void FftRealInverse(const GPUContext& ctx, const paddle::complex<R>* half, const Lines& lines, double scale,
                    bool forward, R* out);

}  // namespace phi::funcs

#include "paddle/phi/kernels/impl/fft_kernel_impl.h"

namespace phi::funcs {

namespace {

// The first h = n / 2 + 1 points of every line of a whole spectrum.
template <typename R>
struct OnesidedFunctor {
  const paddle::complex<R>* full;
  paddle::complex<R>* half;
  int64_t n, h, inner;
  __device__ void operator()(int64_t i) const {
    const int64_t k = (i / inner) % h, outer = i / (h * inner);
    half[i] = full[(outer * n + k) * inner + i % inner];
  }
};

// A whole line of n points from its first h, times scale: point k >= h is
// the conjugate of point n - k, as in the spectrum of a real signal.
template <typename R>
struct HermitianFunctor {
  const paddle::complex<R>* half;
  paddle::complex<R>* full;
  int64_t n, h, inner;
  R scale;
  __device__ void operator()(int64_t i) const {
    const int64_t k = (i / inner) % n, outer = i / (n * inner);
    const bool mirrored = k >= h;
    const paddle::complex<R> v = half[(outer * h + (mirrored ? n - k : k)) * inner + i % inner];
    full[i] = paddle::complex<R>(v.real * scale, (mirrored ? -v.imag : v.imag) * scale);
  }
};

template <typename R>
struct RealPartFunctor {
  const paddle::complex<R>* in;
  R* out;
  __device__ void operator()(int64_t i) const { out[i] = in[i].real; }
};

}  // namespace

template <typename R>
void FftRealForward(const GPUContext& ctx, const R* x, const Lines& lines, double scale, bool forward,
                    paddle::complex<R>* half) {
  const int64_t count = lines.count() * lines.n, h = lines.n / 2 + 1;
  DenseTensor full(DenseTensorMeta(paddle::DataTypeOf<paddle::complex<R>>, {count}));
  paddle::complex<R>* f = ctx.Alloc<paddle::complex<R>>(&full);
  LaunchForEach(ctx, count, FftScaledCopyFunctor<R, R>{x, f, static_cast<R>(scale)});
  FftLines(ctx, f, lines, forward);
  LaunchForEach(ctx, lines.count() * h, OnesidedFunctor<R>{f, half, lines.n, h, lines.inner});
}

template <typename R>
void FftRealInverse(const GPUContext& ctx, const paddle::complex<R>* half, const Lines& lines, double scale,
                    bool forward, R* out) {
  const int64_t count = lines.count() * lines.n;
  DenseTensor full(DenseTensorMeta(paddle::DataTypeOf<paddle::complex<R>>, {count}));
  paddle::complex<R>* f = ctx.Alloc<paddle::complex<R>>(&full);
  LaunchForEach(ctx, count,
                HermitianFunctor<R>{half, f, lines.n, lines.n / 2 + 1, lines.inner, static_cast<R>(scale)});
  FftLines(ctx, f, lines, forward);
  LaunchForEach(ctx, count, RealPartFunctor<R>{f, out});
}

}  // namespace phi::funcs

PD_REGISTER_FFT_KERNELS(GPU);
