// conv2d and its two gradients on the GPU by cuDNN (NCHW), the GPU side of
// cpu/conv_onednn.cc. The algorithm of each shape is chosen once by cuDNN's
// search (it times every algorithm on the call's own buffers, with a
// workspace from the caching allocator) and cached. cuDNN pads symmetrically;
// asymmetric paddings ([top, left, bottom, right] differing) are applied by
// an explicit zero-padded copy of the input, whose gradient is cropped back.
#include "paddle/phi/backends/gpu/dynload/cudnn.h"

#include <limits>
#include <map>
#include <mutex>
#include <type_traits>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/common/flags.h"
#include "paddle/phi/backends/gpu/library_handle.h"
#include "paddle/phi/kernels/gpu/copy.cuh"
#include "paddle/phi/kernels/generated/kernel_dtypes_nn.h"

PD_DECLARE_bool(allow_tf32_cudnn);

#define PD_CUDNN_CHECK(expr)                                                                 \
  do {                                                                                       \
    cudnnStatus_t pd_cudnn_status_ = (expr);                                                 \
    if (pd_cudnn_status_ != CUDNN_STATUS_SUCCESS) [[unlikely]] {                             \
      ::phi::gpu::ThrowLibraryError("cuDNN", dynload::cudnnGetErrorString(pd_cudnn_status_), \
                                    pd_cudnn_status_ == CUDNN_STATUS_ALLOC_FAILED, #expr);   \
    }                                                                                        \
  } while (0)

namespace phi {
namespace {

template <typename T>
struct CudnnTypes;
template <>
struct CudnnTypes<float> {
  static constexpr cudnnDataType_t kData = CUDNN_DATA_FLOAT, kCompute = CUDNN_DATA_FLOAT;
  using Scale = float;
};
template <>
struct CudnnTypes<double> {
  static constexpr cudnnDataType_t kData = CUDNN_DATA_DOUBLE, kCompute = CUDNN_DATA_DOUBLE;
  using Scale = double;
};
template <>
struct CudnnTypes<paddle::float16> {
  static constexpr cudnnDataType_t kData = CUDNN_DATA_HALF, kCompute = CUDNN_DATA_FLOAT;
  using Scale = float;
};
template <>
struct CudnnTypes<paddle::bfloat16> {
  static constexpr cudnnDataType_t kData = CUDNN_DATA_BFLOAT16, kCompute = CUDNN_DATA_FLOAT;
  using Scale = float;
};

cudnnHandle_t Handle(const GPUContext& ctx) {
  return gpu::LibraryHandle<cudnnHandle_t>(
      ctx, [](cudnnHandle_t* h) { PD_CUDNN_CHECK(dynload::cudnnCreate(h)); },
      [](cudnnHandle_t h, cudaStream_t s) { PD_CUDNN_CHECK(dynload::cudnnSetStream(h, s)); });
}

struct Padding {
  int64_t top, left, bottom, right;
  bool symmetric() const { return top == bottom && left == right; }
};

// The descriptors of one convolution: input [n, c, h, w] (already padded
// when the padding is asymmetric), filter, output, and the convolution.
template <typename T>
class ConvDescriptors {
 public:
  ConvDescriptors(const DDim& x, const DDim& w, const DDim& y, int pad_h, int pad_w,
                  const std::vector<int64_t>& strides, const std::vector<int64_t>& dilations, int64_t groups) {
    using Types = CudnnTypes<T>;
    PD_CUDNN_CHECK(dynload::cudnnCreateTensorDescriptor(&x_));
    PD_CUDNN_CHECK(dynload::cudnnCreateTensorDescriptor(&y_));
    PD_CUDNN_CHECK(dynload::cudnnCreateFilterDescriptor(&w_));
    PD_CUDNN_CHECK(dynload::cudnnCreateConvolutionDescriptor(&conv_));
    PD_CUDNN_CHECK(dynload::cudnnSetTensor4dDescriptor(x_, CUDNN_TENSOR_NCHW, Types::kData, Int(x[0]), Int(x[1]), Int(x[2]),
                                              Int(x[3])));
    PD_CUDNN_CHECK(dynload::cudnnSetTensor4dDescriptor(y_, CUDNN_TENSOR_NCHW, Types::kData, Int(y[0]), Int(y[1]), Int(y[2]),
                                              Int(y[3])));
    PD_CUDNN_CHECK(dynload::cudnnSetFilter4dDescriptor(w_, Types::kData, CUDNN_TENSOR_NCHW, Int(w[0]), Int(w[1]), Int(w[2]),
                                              Int(w[3])));
    PD_CUDNN_CHECK(dynload::cudnnSetConvolution2dDescriptor(conv_, pad_h, pad_w, Int(strides[0]), Int(strides[1]),
                                                   Int(dilations[0]), Int(dilations[1]), CUDNN_CROSS_CORRELATION,
                                                   Types::kCompute));
    PD_CUDNN_CHECK(dynload::cudnnSetConvolutionGroupCount(conv_, Int(groups)));
    // float32 stays exact float32 (as on the CPU) unless TF32 is allowed;
    // half types use tensor cores.
    const cudnnMathType_t math = std::is_same_v<T, float> || std::is_same_v<T, double>
                                     ? (FLAGS_allow_tf32_cudnn ? CUDNN_DEFAULT_MATH : CUDNN_FMA_MATH)
                                     : CUDNN_TENSOR_OP_MATH;
    PD_CUDNN_CHECK(dynload::cudnnSetConvolutionMathType(conv_, math));
  }
  ~ConvDescriptors() {
    dynload::cudnnDestroyConvolutionDescriptor(conv_);
    dynload::cudnnDestroyFilterDescriptor(w_);
    dynload::cudnnDestroyTensorDescriptor(y_);
    dynload::cudnnDestroyTensorDescriptor(x_);
  }
  ConvDescriptors(const ConvDescriptors&) = delete;
  ConvDescriptors& operator=(const ConvDescriptors&) = delete;

  cudnnTensorDescriptor_t x_ = nullptr, y_ = nullptr;
  cudnnFilterDescriptor_t w_ = nullptr;
  cudnnConvolutionDescriptor_t conv_ = nullptr;

 private:
  static int Int(int64_t v) {
    PD_CHECK(v <= std::numeric_limits<int>::max(), InvalidArgument, "conv2d size ", v, " exceeds what cuDNN takes");
    return static_cast<int>(v);
  }
};

enum class Pass : int64_t { kForward, kBackwardData, kBackwardFilter };

// The searched algorithm of a (pass, device, dtype, shapes, attributes)
// key; `search` runs cuDNN's search the first time.
template <typename Search>
int CachedAlgorithm(const std::vector<int64_t>& key, Search search) {
  static std::mutex mu;
  static auto* cache = new std::map<std::vector<int64_t>, int>();
  {
    std::lock_guard<std::mutex> lock(mu);
    auto it = cache->find(key);
    if (it != cache->end()) return it->second;
  }
  const int algo = search();
  std::lock_guard<std::mutex> lock(mu);
  cache->emplace(key, algo);
  return algo;
}

// The fastest algorithm among a search's results that ran.
template <typename Perf>
int Fastest(const Perf* results, int count, const char* pass) {
  for (int i = 0; i < count; ++i) {
    if (results[i].status == CUDNN_STATUS_SUCCESS) return static_cast<int>(results[i].algo);
  }
  PD_THROW(Unavailable, "cuDNN found no algorithm for this conv2d ", pass);
}

template <typename T>
std::vector<int64_t> Key(Pass pass, const GPUContext& ctx, const DDim& x, const DDim& w, int pad_h, int pad_w,
                         const std::vector<int64_t>& strides, const std::vector<int64_t>& dilations, int64_t groups) {
  return {static_cast<int64_t>(pass), ctx.device(), static_cast<int64_t>(CudnnTypes<T>::kData),
          x[0], x[1], x[2], x[3], w[0], w[1], w[2], w[3], pad_h, pad_w, strides[0], strides[1],
          dilations[0], dilations[1], groups, FLAGS_allow_tf32_cudnn};
}

void* Workspace(const GPUContext& ctx, DenseTensor* holder, size_t bytes) {
  holder->set_meta(DenseTensorMeta(DataType::UINT8, DDim({static_cast<int64_t>(std::max<size_t>(bytes, 1))})));
  return ctx.Alloc(holder);
}

// The workspace the algorithm search may use: kSearchWorkspace bytes, or
// none when the device cannot spare them (only algorithms without one are
// then tried, and the choice is cached all the same).
constexpr size_t kSearchWorkspace = size_t{256} << 20;

size_t SearchWorkspace(const GPUContext& ctx, DenseTensor* holder, void** ptr) {
  try {
    *ptr = Workspace(ctx, holder, kSearchWorkspace);
    return kSearchWorkspace;
  } catch (const paddle::common::Error& e) {
    if (e.code() != paddle::common::ErrorCode::kResourceExhausted) throw;
    *ptr = nullptr;
    return 0;
  }
}

// The dims of x padded by `pad`.
DDim PaddedDims(const DDim& x, const Padding& pad) {
  return DDim({x[0], x[1], x[2] + pad.top + pad.bottom, x[3] + pad.left + pad.right});
}

// The part of `padded` that holds the unpadded tensor of dims `inner`.
DenseTensor Interior(const DenseTensor& padded, const DDim& inner, const Padding& pad) {
  DenseTensorMeta meta(padded.dtype(), inner);
  meta.strides = padded.strides();
  meta.offset = (pad.top * padded.strides()[2] + pad.left * padded.strides()[3]) *
                static_cast<int64_t>(paddle::SizeOf(padded.dtype()));
  DenseTensor view(meta);
  view.ShareBufferWith(padded);
  return view;
}

// x copied into the middle of a zero tensor padded by `pad`.
DenseTensor PadExplicitly(const GPUContext& ctx, const DenseTensor& x, const Padding& pad) {
  DenseTensor padded(DenseTensorMeta(x.dtype(), PaddedDims(x.dims(), pad)));
  void* p = ctx.Alloc(&padded);
  gpu::DeviceGuard guard(ctx.device());
  PD_CUDA_CHECK(cudaMemsetAsync(p, 0, padded.numel() * paddle::SizeOf(x.dtype()), ctx.stream()));
  DenseTensor inner = Interior(padded, x.dims(), pad);
  StridedCopy(ctx, x, &inner);
  return padded;
}

Padding PaddingOf(const std::vector<int64_t>& paddings) {
  return {paddings[0], paddings[1], paddings[2], paddings[3]};
}

}  // namespace

template <typename T, typename Context>
void Conv2dKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& weight,
                        const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                        const std::vector<int64_t>& dilations, int64_t groups, DenseTensor* out) {
  T* o = ctx.template Alloc<T>(out);
  if (out->numel() == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  const Padding pad = PaddingOf(paddings);
  const DenseTensor input = pad.symmetric() ? x : PadExplicitly(ctx, x, pad);
  const int pad_h = pad.symmetric() ? pad.top : 0, pad_w = pad.symmetric() ? pad.left : 0;
  ConvDescriptors<T> d(input.dims(), weight.dims(), out->dims(), pad_h, pad_w, strides, dilations, groups);
  cudnnHandle_t h = Handle(ctx);
  const auto algo = static_cast<cudnnConvolutionFwdAlgo_t>(CachedAlgorithm(
      Key<T>(Pass::kForward, ctx, input.dims(), weight.dims(), pad_h, pad_w, strides, dilations, groups), [&] {
        cudnnConvolutionFwdAlgoPerf_t results[CUDNN_CONVOLUTION_FWD_ALGO_COUNT];
        int count = 0;
        DenseTensor search;
        void* space = nullptr;
        const size_t space_bytes = SearchWorkspace(ctx, &search, &space);
        PD_CUDNN_CHECK(dynload::cudnnFindConvolutionForwardAlgorithmEx(
            h, d.x_, input.data<T>(), d.w_, weight.data<T>(), d.conv_, d.y_, o, CUDNN_CONVOLUTION_FWD_ALGO_COUNT,
            &count, results, space, space_bytes));
        return Fastest(results, count, "forward");
      }));
  size_t bytes = 0;
  PD_CUDNN_CHECK(dynload::cudnnGetConvolutionForwardWorkspaceSize(h, d.x_, d.w_, d.conv_, d.y_, algo, &bytes));
  DenseTensor workspace;
  void* ws = Workspace(ctx, &workspace, bytes);
  const typename CudnnTypes<T>::Scale one(1), zero(0);
  PD_CUDNN_CHECK(dynload::cudnnConvolutionForward(h, &one, d.x_, input.data<T>(), d.w_, weight.data<T>(), d.conv_, algo, ws,
                                         bytes, &zero, d.y_, o));
}

template <typename T, typename Context>
void Conv2dInputGradKernel(const Context& ctx, const DenseTensor& out_grad, const DenseTensor& weight,
                           const IntArray& input_shape, const std::vector<int64_t>& strides,
                           const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations,
                           int64_t groups, DenseTensor* x_grad) {
  ctx.template Alloc<T>(x_grad);
  if (x_grad->numel() == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  const Padding pad = PaddingOf(paddings);
  // With asymmetric padding: the gradient of the padded input, cropped.
  DenseTensor padded_grad;
  if (!pad.symmetric()) {
    padded_grad.set_meta(DenseTensorMeta(x_grad->dtype(), PaddedDims(x_grad->dims(), pad)));
    ctx.Alloc(&padded_grad);
  }
  DenseTensor* dx = pad.symmetric() ? x_grad : &padded_grad;
  const int pad_h = pad.symmetric() ? pad.top : 0, pad_w = pad.symmetric() ? pad.left : 0;
  ConvDescriptors<T> d(dx->dims(), weight.dims(), out_grad.dims(), pad_h, pad_w, strides, dilations, groups);
  cudnnHandle_t h = Handle(ctx);
  const auto algo = static_cast<cudnnConvolutionBwdDataAlgo_t>(CachedAlgorithm(
      Key<T>(Pass::kBackwardData, ctx, dx->dims(), weight.dims(), pad_h, pad_w, strides, dilations, groups), [&] {
        cudnnConvolutionBwdDataAlgoPerf_t results[CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT];
        int count = 0;
        DenseTensor search;
        void* space = nullptr;
        const size_t space_bytes = SearchWorkspace(ctx, &search, &space);
        PD_CUDNN_CHECK(dynload::cudnnFindConvolutionBackwardDataAlgorithmEx(
            h, d.w_, weight.data<T>(), d.y_, out_grad.data<T>(), d.conv_, d.x_, dx->data<T>(),
            CUDNN_CONVOLUTION_BWD_DATA_ALGO_COUNT, &count, results, space, space_bytes));
        return Fastest(results, count, "input gradient");
      }));
  size_t bytes = 0;
  PD_CUDNN_CHECK(dynload::cudnnGetConvolutionBackwardDataWorkspaceSize(h, d.w_, d.y_, d.conv_, d.x_, algo, &bytes));
  DenseTensor workspace;
  void* ws = Workspace(ctx, &workspace, bytes);
  const typename CudnnTypes<T>::Scale one(1), zero(0);
  PD_CUDNN_CHECK(dynload::cudnnConvolutionBackwardData(h, &one, d.w_, weight.data<T>(), d.y_, out_grad.data<T>(), d.conv_,
                                              algo, ws, bytes, &zero, d.x_, dx->data<T>()));
  if (!pad.symmetric()) StridedCopy(ctx, Interior(padded_grad, x_grad->dims(), pad), x_grad);
}

template <typename T, typename Context>
void Conv2dFilterGradKernel(const Context& ctx, const DenseTensor& x, const DenseTensor& out_grad,
                            const IntArray& filter_shape, const std::vector<int64_t>& strides,
                            const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations,
                            int64_t groups, DenseTensor* w_grad) {
  T* o = ctx.template Alloc<T>(w_grad);
  if (w_grad->numel() == 0) return;
  gpu::DeviceGuard guard(ctx.device());
  const Padding pad = PaddingOf(paddings);
  const DenseTensor input = pad.symmetric() ? x : PadExplicitly(ctx, x, pad);
  const int pad_h = pad.symmetric() ? pad.top : 0, pad_w = pad.symmetric() ? pad.left : 0;
  ConvDescriptors<T> d(input.dims(), w_grad->dims(), out_grad.dims(), pad_h, pad_w, strides, dilations, groups);
  cudnnHandle_t h = Handle(ctx);
  const auto algo = static_cast<cudnnConvolutionBwdFilterAlgo_t>(CachedAlgorithm(
      Key<T>(Pass::kBackwardFilter, ctx, input.dims(), w_grad->dims(), pad_h, pad_w, strides, dilations, groups),
      [&] {
        cudnnConvolutionBwdFilterAlgoPerf_t results[CUDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT];
        int count = 0;
        DenseTensor search;
        void* space = nullptr;
        const size_t space_bytes = SearchWorkspace(ctx, &search, &space);
        PD_CUDNN_CHECK(dynload::cudnnFindConvolutionBackwardFilterAlgorithmEx(
            h, d.x_, input.data<T>(), d.y_, out_grad.data<T>(), d.conv_, d.w_, o,
            CUDNN_CONVOLUTION_BWD_FILTER_ALGO_COUNT, &count, results, space, space_bytes));
        return Fastest(results, count, "filter gradient");
      }));
  size_t bytes = 0;
  PD_CUDNN_CHECK(dynload::cudnnGetConvolutionBackwardFilterWorkspaceSize(h, d.x_, d.y_, d.conv_, d.w_, algo, &bytes));
  DenseTensor workspace;
  void* ws = Workspace(ctx, &workspace, bytes);
  const typename CudnnTypes<T>::Scale one(1), zero(0);
  PD_CUDNN_CHECK(dynload::cudnnConvolutionBackwardFilter(h, &one, d.x_, input.data<T>(), d.y_, out_grad.data<T>(), d.conv_,
                                                algo, ws, bytes, &zero, d.w_, o));
}

}  // namespace phi

PD_REGISTER_OP_KERNEL(conv2d, GPU, phi::Conv2dKernel);
PD_REGISTER_OP_KERNEL(conv2d_input_grad, GPU, phi::Conv2dInputGradKernel);
PD_REGISTER_OP_KERNEL(conv2d_filter_grad, GPU, phi::Conv2dFilterGradKernel);
