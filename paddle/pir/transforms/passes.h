// The passes of paddle/pir/transforms, by name (docs/guide/pir.md, "Passes").
#pragma once

#include <memory>
#include <set>
#include <string>
#include <vector>

#include "paddle/common/place.h"
#include "paddle/pir/transforms/pass.h"

namespace pir {

// Erases pure ops whose results nothing reads, to a fixpoint (through the
// greedy driver, with no patterns).
std::unique_ptr<Pass> CreateDeadCodeEliminationPass();

// Replaces a pure op by an earlier equal one (same name, operands,
// attributes and result types) that dominates it: in the same block before
// it, or in an enclosing block; never one whose results escape (Note
// [Escaping values] in pattern_rewrite.h).
std::unique_ptr<Pass> CreateCommonSubexpressionEliminationPass();

// Rewrites that keep every value bit for bit: x * 1 -> x, neg(neg(x)) -> x,
// transpose of transpose, reshape of reshape, casts to the own dtype (Note
// [Exact simplifications]).
std::unique_ptr<Pass> CreateAlgebraicSimplificationPass();

// Replaces every op that has a decomposition (the YAML's `decomposition:`,
// its Decompose interface) by it, to primitives; ops with a dim of -1 stay
// whole (the decompositions read dims as numbers).
std::unique_ptr<Pass> CreateDecompositionPass();
// The same for the ops named in `only` alone.
std::unique_ptr<Pass> CreateDecompositionPass(std::set<std::string> only);

// add(matmul(x, w), b) -> linear(x, w, b) (the bias added by the GEMM)
// where that means the same: untransposed matrix w, b the vector of its
// columns, the product read by nothing else; then relu(linear(...)) ->
// fused_gemm_epilogue(..., "relu") (the activation in the GEMM's epilogue).
std::unique_ptr<Pass> CreateMatmulAddFusionPass();

// conv2d followed by an inference batch_norm (running statistics) becomes
// one conv2d with the normalization in its weight and an added shift, built
// from the parameters (constant folding with fold_parameters computes them
// once). Not exact: the products are reassociated.
std::unique_ptr<Pass> CreateConvBnFoldPass();

// The predictor's oneDNN convolutions (CPU, float32): conv2d with its bias
// add, a residual add and relu -> fused_conv2d / fused_conv2d_add.
std::unique_ptr<Pass> CreateConvAddActFusionPass();

// Fused convolutions and the max pools between them hand each other NHWC
// tensors instead of reordering in and out of NCHW around every call (Note
// [NHWC predictor] in conv_nhwc_layout_pass.cc).
std::unique_ptr<Pass> CreateConvNhwcLayoutPass();

// Lowers pd_op ops to pd_kernel.phi_kernel with the kernel chosen for
// `target` (Note [Kernel selection] in kernel_selection_pass.cc); by name,
// for the CPU.
std::unique_ptr<Pass> CreateKernelSelectionPass(const paddle::Place& target);

// Plans the memory of a kernel program: intermediate values whose lifetimes
// do not overlap share a buffer (Note [Buffer reuse] in
// buffer_reuse_pass.cc); the module records the bytes it saves.
std::unique_ptr<Pass> CreateBufferReusePass();

// Writes each op's symbolic result shape (Note [Symbolic shapes] in
// shape/shape_analysis.h) into its `sym_shape_str` attribute.
std::unique_ptr<Pass> CreateInferSymbolicShapePass();

// The pass of this name (a pass's name() is its key); NotFound listing the
// names otherwise.
std::unique_ptr<Pass> CreatePass(const std::string& name);
std::vector<std::string> PassNames();
// Adds a pass to the names CreatePass knows: passes of the layers above
// (the executor's constant folding runs ops).
using PassFactory = std::unique_ptr<Pass> (*)();
void RegisterPass(const std::string& name, PassFactory factory);

}  // namespace pir
