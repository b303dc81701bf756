// Moving tensors between places and between host buffers and tensors.
#pragma once

#include "paddle/phi/api/tensor.h"

namespace paddle::api {

// A contiguous copy of t on `place` (t itself when already there and
// contiguous, unless `force_copy`). With blocking=false a copy from pinned
// host memory to a GPU is queued on the GPU's current stream and not waited
// for; every other copy completes before the call returns.
Tensor CopyTo(const Tensor& t, const Place& place, bool force_copy = false, bool blocking = true);

// A new tensor on `place` holding `bytes` copied from host memory `data`,
// laid out row-major with the given dims and dtype.
Tensor FromHostBuffer(const void* data, DataType dtype, const DDim& dims, const Place& place);

// Copies the contiguous contents of t into host memory `dst` (numel * size
// bytes), from whichever device t lives on.
void ToHostBuffer(const Tensor& t, void* dst);

}  // namespace paddle::api

namespace paddle::api {

// Writes src (same dtype and place, broadcastable to dst's dims) into dst's
// memory in place; dst may be a strided view (setitem).
void CopyInto(const Tensor& src, const Tensor& dst);

}  // namespace paddle::api
