// Note [In-place updates]: Paddle's public in-place API (x.exp_(), x.add_(y),
// fill_, setitem, reshape_). The result comes from the op's out-of-place
// form, computed from an alias of x that carries x's history, so every op
// gets an in-place variant with its own gradient and nothing per op is
// written twice. Then:
//  - values: the result is written into x's memory, so views of x and the
//    tensor x is a view of see it, and the memory's version is bumped (a
//    gradient that saved the old values refuses to run). When the op changes
//    the dtype (int x.exp_(), x.add_(float64 y), x.cast_()), x takes the
//    result's storage instead, as in Paddle.
//  - view (reshape_, squeeze_, transpose_...): x takes the result's shape and
//    strides over the same memory.
// While gradients are recorded, x's history becomes the result's. The old
// values a gradient formula saved (sin_'s x) are moved to a copy first, so
// in-place ops never cost a gradient; the copy is made only when one was
// saved. Refused, as Paddle and PyTorch refuse them: a leaf that requires
// grad (its .grad would describe values it no longer holds), and a recorded
// value update of memory shared with another tensor (that tensor's history
// would go stale and give silently wrong gradients).
#pragma once

#include <functional>

#include "paddle/phi/api/tensor.h"

namespace paddle::autograd {

enum class InplaceKind { kValues, kView };

// Updates x in place with compute(alias of x) and returns x (see the note).
// `op` names the public op in errors ("exp_").
void UpdateInplace(const char* op, Tensor& x, const std::function<Tensor(const Tensor&)>& compute,
                   InplaceKind kind = InplaceKind::kValues);

// Note [Output arguments]: an op's `out=` tensor (Paddle 3.x's paddle.exp(x,
// out=y)). When out has the result's shape, the result is written into out's
// memory as an in-place update (views of out see it; out takes the result's
// dtype); otherwise out takes the result's storage, as Paddle reallocates it.
// Either way out carries the result's history from then on, and a leaf that
// requires grad is refused as for any in-place op.
void WriteInto(const char* op, Tensor& out, const Tensor& result);

}  // namespace paddle::autograd
