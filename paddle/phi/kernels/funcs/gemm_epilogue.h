// fused_gemm_epilogue's activation: what follows the bias in the GEMM's
// epilogue (the kernels and the op's decomposition read it the same way).
#pragma once

#include <string>

#include "paddle/common/errors.h"

namespace phi::funcs {

// Whether the activation is relu; "none" is none; InvalidArgument otherwise.
inline bool EpilogueRelu(const std::string& activation) {
  PD_CHECK(activation == "none" || activation == "relu", InvalidArgument,
           "[fused_gemm_epilogue] activation must be 'none' or 'relu', but got '", activation, "'");
  return activation == "relu";
}

}  // namespace phi::funcs
