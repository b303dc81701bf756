// What the Python bindings reach behind the C++ inference API: the
// paddle::Tensor of a handle (Python passes tensors without a host copy:
// share_external_data, Predictor.run(list)), and for tests the program a
// predictor runs and the model it shares. Not part of the installed API.
#pragma once

#include "paddle/inference/paddle_inference_api.h"
#include "paddle/phi/api/tensor.h"

namespace paddle_infer {

// Makes `value` the input's (InvalidArgument naming the input when its dtype
// or shape does not fit the model's).
void ShareValue(Tensor& input, const paddle::Tensor& value);
// The handle's value (undefined before one is given or computed).
paddle::Tensor ValueOf(const Tensor& handle);
// The text of the program the predictor runs (optimized and lowered to kernels).
std::string KernelProgramOf(const Predictor& predictor);
// The loaded model a predictor and its clones share.
const void* ModelOf(const Predictor& predictor);

}  // namespace paddle_infer
