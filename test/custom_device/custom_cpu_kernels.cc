// Kernels of the sample "custom_cpu" plugin: relu and its gradient and the
// SGD update, written here (not borrowed from the core) so that a training
// step runs some ops through plugin kernels and the rest through the CPU
// fallback. Each kernel counts its calls ("kernel:<op>").
#include <string>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/custom/custom_kernel.h"
#include "test/custom_device/custom_cpu_counters.h"

namespace custom_cpu {

// The element offset of `t` read at linear index `i` of a (broadcast) output
// of dims `out`: t's dims align to out's trailing ones; size-1 dims repeat.
int64_t BroadcastOffset(const phi::DenseTensor& t, const phi::DDim& out, int64_t i) {
  int64_t offset = 0;
  const int lead = out.size() - t.dims().size();
  for (int d = out.size() - 1; d >= 0; --d) {
    const int64_t index = i % out[d];
    i /= out[d];
    if (d >= lead && t.dims()[d - lead] != 1) offset += index * t.strides()[d - lead];
  }
  return offset;
}

template <typename T, typename Context>
void ReluKernel(const Context& ctx, const phi::DenseTensor& x, phi::DenseTensor* out) {
  Count("kernel:relu");
  T* y = ctx.template Alloc<T>(out);
  const T* in = x.data<T>();
  for (int64_t i = 0; i < out->numel(); ++i) {
    const T v = in[BroadcastOffset(x, out->dims(), i)];
    y[i] = v > T(0) ? v : T(0);
  }
}

template <typename T, typename Context>
void ReluGradKernel(const Context& ctx, const phi::DenseTensor& relu_out, const phi::DenseTensor& out_grad,
                    phi::DenseTensor* x_grad) {
  Count("kernel:relu_grad");
  T* g = ctx.template Alloc<T>(x_grad);
  for (int64_t i = 0; i < x_grad->numel(); ++i) {
    const T y = relu_out.data<T>()[BroadcastOffset(relu_out, x_grad->dims(), i)];
    g[i] = y > T(0) ? out_grad.data<T>()[BroadcastOffset(out_grad, x_grad->dims(), i)] : T(0);
  }
}

template <typename T, typename Context>
void SgdKernel(const Context&, const phi::DenseTensor&, const phi::DenseTensor& grad, double learning_rate,
               const std::string& regularization, double regularization_coeff, phi::DenseTensor* param_out) {
  Count("kernel:sgd_");
  T* p = param_out->data<T>();
  const T* g = grad.data<T>();
  const T lr = static_cast<T>(learning_rate), coeff = static_cast<T>(regularization_coeff);
  for (int64_t i = 0; i < param_out->numel(); ++i) {
    T step = g[i];
    if (regularization == "l2_decay") step += coeff * p[i];
    if (regularization == "l1_decay") step += coeff * static_cast<T>((p[i] > T(0)) - (p[i] < T(0)));
    p[i] -= lr * step;
  }
}

}  // namespace custom_cpu

PD_REGISTER_PLUGIN_KERNEL(relu, "custom_cpu", custom_cpu::ReluKernel, float, double);
PD_REGISTER_PLUGIN_KERNEL(relu_grad, "custom_cpu", custom_cpu::ReluGradKernel, float, double);
PD_REGISTER_PLUGIN_KERNEL(sgd_, "custom_cpu", custom_cpu::SgdKernel, float, double);
