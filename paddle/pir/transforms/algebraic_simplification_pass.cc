// Rewrites that keep every value bit for bit (Note [Exact simplifications]).
#include <vector>

#include "paddle/pir/dialect/generated/pd_ops.h"
#include "paddle/pir/dialect/pd_op_support.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"

namespace pir {
namespace {

// Note [Exact simplifications]: each rewrite gives the same values as the
// ops it removes, for every input, NaN, infinity and signed zero included:
// x * 1, x / 1 and x - 0 are x; x + 0 is x for integers only (-0.0 + 0.0 is
// +0.0); an op that undoes itself (neg, conj, logical_not, bitwise_not)
// applied twice is the identity. Where broadcasting would change the shape
// (x [4] * ones [2, 4]), nothing is rewritten.

// Whether op's result may become `value`, an existing value (Note
// [Escaping values]).
bool MayReplace(const Operation& op, Value value) { return !ResultsEscape(op) && !Escapes(value); }

Operation* ProducerNamed(Value v, const char* name) {
  Operation* op = v ? v.defining_op() : nullptr;
  return op && op->name() == name ? op : nullptr;
}

// op(op(x)) -> x.
class Involution : public RewritePattern {
 public:
  explicit Involution(const char* op) : RewritePattern(op) {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    Operation* inner = ProducerNamed(op->operand(0), root().c_str());
    if (!inner || inner->operand(0).type() != op->result(0).type() || !MayReplace(*op, inner->operand(0))) {
      return false;
    }
    rewriter.ReplaceOp(op, {inner->operand(0)});
    return true;
  }
};

// cast(x, dtype) -> x when x has that dtype.
class CastToOwnDtype : public RewritePattern {
 public:
  CastToOwnDtype() : RewritePattern("pd_op.cast") {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    if (op->operand(0).type() != op->result(0).type() || !MayReplace(*op, op->operand(0))) return false;
    rewriter.ReplaceOp(op, {op->operand(0)});
    return true;
  }
};

std::vector<int64_t> Perm(const Operation& transpose) {
  std::vector<int64_t> perm = pd_op::AttrOf<std::vector<int64_t>>(transpose.attributes(), "pd_op.transpose", "perm");
  const int64_t rank = static_cast<int64_t>(perm.size());
  for (int64_t& p : perm) p = p < 0 ? p + rank : p;
  return perm;
}

// transpose(transpose(x, p), q) -> transpose(x, p[q]), or x when that is
// the identity.
class TransposeOfTranspose : public RewritePattern {
 public:
  TransposeOfTranspose() : RewritePattern("pd_op.transpose") {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    Operation* inner = ProducerNamed(op->operand(0), "pd_op.transpose");
    if (!inner) return false;
    std::vector<int64_t> p = Perm(*inner), q = Perm(*op), composed;
    bool identity = true;
    for (size_t j = 0; j < q.size(); ++j) {
      composed.push_back(p[q[j]]);
      identity = identity && composed[j] == static_cast<int64_t>(j);
    }
    Value x = inner->operand(0);
    if (identity && !MayReplace(*op, x)) return false;
    rewriter.ReplaceOp(op, {identity ? x : pd_op::transpose(rewriter, x, composed)});
    return true;
  }
};

// reshape(reshape(x, s1), s2) -> reshape(x, s2), unless s2 has a 0 (which
// copies a dim of the inner result).
class ReshapeOfReshape : public RewritePattern {
 public:
  ReshapeOfReshape() : RewritePattern("pd_op.reshape") {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    Operation* inner = ProducerNamed(op->operand(0), "pd_op.reshape");
    if (!inner) return false;
    auto shape = pd_op::AttrOf<phi::IntArray>(op->attributes(), "pd_op.reshape", "shape");
    for (int64_t d : shape.GetData()) {
      if (d == 0) return false;
    }
    Value x = inner->operand(0);
    const bool same = x.type() == op->result(0).type();
    if (same && !MayReplace(*op, x)) return false;
    rewriter.ReplaceOp(op, {same ? x : pd_op::reshape(rewriter, x, shape)});
    return true;
  }
};

// reshape(reduce(x, keepdim=true)) -> reduce(x, keepdim=false) when the
// reshape only drops the kept dims of 1 (a sum's gradient of a bias): the
// same reduction, written without the extra dims.
class ReshapeOfKeptReduction : public RewritePattern {
 public:
  ReshapeOfKeptReduction() : RewritePattern("pd_op.reshape") {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    Operation* reduce = op->operand(0).defining_op();
    if (!reduce || reduce->num_results() != 1 || op->operand(0).use_count() != 1) return false;
    auto keepdim = reduce->attribute<BoolAttribute>("keepdim");
    if (!keepdim || !keepdim.data()) return false;
    AttributeMap attributes = reduce->attributes();
    attributes["keepdim"] = rewriter.bool_attr(false);
    rewriter.SetInsertionPoint(reduce);
    Operation* dropped = rewriter.Build(reduce->name(), reduce->operands(), std::move(attributes));
    if (dropped->result(0).type() != op->result(0).type()) {
      rewriter.EraseOp(dropped);
      return false;
    }
    rewriter.ReplaceOp(op, {dropped->result(0)});
    return true;
  }
};

// expand(x, shape) and expand_as(x, y) -> x when x has the result's shape
// already (the seed of a gradient: a 0-D one expanded to a 0-D loss).
class ExpandToOwnShape : public RewritePattern {
 public:
  explicit ExpandToOwnShape(const char* op) : RewritePattern(op) {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    if (op->operand(0).type() != op->result(0).type() || !HasStaticShape(op->result(0).type()) ||
        !MayReplace(*op, op->operand(0))) {
      return false;
    }
    rewriter.ReplaceOp(op, {op->operand(0)});
    return true;
  }
};

// The value of a pd_op.full producing v, when v is one.
bool FullValue(Value v, double* value) {
  Operation* full = ProducerNamed(v, "pd_op.full");
  if (!full) return false;
  auto fill = full->attribute<ScalarAttribute>("fill_value");
  if (!fill || fill.data().dtype() == paddle::DataType::COMPLEX128) return false;
  *value = fill.data().to<double>();
  return true;
}

bool IsInteger(Type t) {
  auto tensor = t.dyn_cast<DenseTensorType>();
  return tensor && paddle::IsInteger(tensor.dtype());
}

// x op c -> x for the identity constant c of op (and c op x -> x where op
// commutes), when the result has x's type.
class IdentityOperand : public RewritePattern {
 public:
  IdentityOperand(const char* op, double identity, bool commutes, bool integers_only)
      : RewritePattern(op), identity_(identity), commutes_(commutes), integers_only_(integers_only) {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    if (integers_only_ && !IsInteger(op->result(0).type())) return false;
    for (uint32_t keep : {0u, 1u}) {
      if (keep == 1 && !commutes_) break;
      Value x = op->operand(keep);
      double c = 0;
      if (x.type() == op->result(0).type() && FullValue(op->operand(1 - keep), &c) && c == identity_ &&
          MayReplace(*op, x)) {
        rewriter.ReplaceOp(op, {x});
        return true;
      }
    }
    return false;
  }

 private:
  double identity_;
  bool commutes_;
  bool integers_only_;
};

class AlgebraicSimplificationPass : public Pass {
 public:
  AlgebraicSimplificationPass() : Pass("algebraic_simplification") {
    for (const char* op : {"pd_op.neg", "pd_op.conj", "pd_op.logical_not", "pd_op.bitwise_not"}) {
      patterns_.Add<Involution>(op);
    }
    patterns_.Add<CastToOwnDtype>().Add<TransposeOfTranspose>().Add<ReshapeOfReshape>().Add<ReshapeOfKeptReduction>();
    patterns_.Add<ExpandToOwnShape>("pd_op.expand").Add<ExpandToOwnShape>("pd_op.expand_as");
    patterns_.Add<IdentityOperand>("pd_op.multiply", 1.0, true, false);
    patterns_.Add<IdentityOperand>("pd_op.divide", 1.0, false, false);
    patterns_.Add<IdentityOperand>("pd_op.subtract", 0.0, false, false);
    patterns_.Add<IdentityOperand>("pd_op.add", 0.0, true, true);
  }
  void Run(Program& program, AnalysisManager&) override { ApplyPatternsGreedily(program, patterns_); }

 private:
  RewritePatternSet patterns_;
};

}  // namespace

std::unique_ptr<Pass> CreateAlgebraicSimplificationPass() { return std::make_unique<AlgebraicSimplificationPass>(); }

}  // namespace pir
