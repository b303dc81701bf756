// Note [Symbolic shapes]: the symbolic dims (Note [Symbolic dims]) of every
// tensor value of a program, derived from each op's infer-meta, so that no
// op needs a second, symbolic shape function. Where an op's operands have
// symbolic dims, its infer-meta runs on probes: each distinct symbolic dim
// of the operands is a variable that takes large values, multiples of 840
// (every divisor up to 8 divides them), at two levels each. A result's
// unknown dim is fitted by the one product-sum of the variables that gives
// it at every corner of that grid (multilinear in each, as shape functions
// are), with its coefficients' common denominator a floor division; a probe
// at other multiples checks the fit, and probes at every residue modulo 8
// fix the division's remainder. The variables are then replaced by their
// dims: a pool over a conv's Div(Add(S1, 1), 2) gives Div(Add(Div(Add(S1,
// 1), 2), 1), 2). A dim no fit explains (an op's values decide it, or the
// fit fails its checks) is a new symbol. Operands whose dims must agree (add
// of [S0] and [S1]) are refused on independent probes; they are then probed
// as one variable, which stands for their Broadcast. Ops with more than
// three distinct symbolic dims among their operands get new symbols.
//
// pd_op.data's unknown dims are new symbols; pd_op.if's results keep the
// dims both branches agree on; a pd_op.while's loop values keep the dims
// the body yields back unchanged, the others are new symbols. Kernel ops
// (pd_kernel.phi_kernel) are probed through their pd_op op's infer-meta.
#pragma once

#include <string>
#include <unordered_map>
#include <vector>

#include "paddle/pir/core/program.h"
#include "paddle/pir/core/type_id.h"
#include "paddle/pir/shape/dim_expr.h"

namespace pir {

using SymbolicShape = std::vector<DimExpr>;

class ShapeAnalysis {
 public:
  explicit ShapeAnalysis(const Program& program);

  bool Has(Value v) const { return shapes_.count(v.impl()) > 0; }
  // The dims of a tensor value; NotFound when v is not one of the program's
  // tensor values.
  const SymbolicShape& ShapeOf(Value v) const;
  // The dims of each tensor of a list value (one entry for a tensor value).
  const std::vector<SymbolicShape>& ShapesOf(Value v) const;
  // The number of elements times their size in bytes.
  DimExpr BytesOf(Value v) const;
  // PaddlePaddle 3.x's text of a value's symbolic shape: "shape[S0, 4],
  // data[NULL]" (the values of shape tensors are not tracked).
  std::string SymShapeStr(Value v) const;

 private:
  void AnalyzeBlock(const Block& block);
  void AnalyzeOp(const Operation& op);
  void AnalyzeWhile(const Operation& op);
  void AnalyzeIf(const Operation& op);
  // The shapes of a type's tensors: its known dims as constants, Unknown()
  // for each -1.
  std::vector<SymbolicShape> FromType(Type type);
  static DimExpr Unknown() { return DimExpr::Symbol("?"); }
  // Keeps v's shapes, each Unknown() a new symbol.
  void Store(Value v, std::vector<SymbolicShape> shapes);
  DimExpr NewSymbol();

  std::unordered_map<const ValueImpl*, std::vector<SymbolicShape>> shapes_;
  int next_symbol_ = 0;
};

}  // namespace pir

PIR_DECLARE_TYPE_ID(pir::ShapeAnalysis)
