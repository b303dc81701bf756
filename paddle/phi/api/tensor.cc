#include "paddle/phi/api/tensor.h"

#include <atomic>

namespace paddle {

const std::string& Tensor::name() const {
  static std::atomic<int64_t> counter{0};
  if (name_.empty()) name_ = "generated_tensor_" + std::to_string(counter++);
  return name_;
}

}  // namespace paddle
