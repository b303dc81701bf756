// Rewrite patterns and the one greedy driver every rewrite pass uses.
//
// A pattern matches ops of one name and rewrites them through a
// PatternRewriter (a Builder whose insertion point is the matched op, and
// which tells the driver what changed). ApplyPatternsGreedily keeps a
// worklist of ops: it erases an op that is trivially dead (pure, results
// unused), tries the patterns for an op's name by descending benefit, and
// revisits what a rewrite touched (new ops, users of replaced values,
// producers of erased ops' operands) until nothing changes.
#pragma once

#include <memory>
#include <string>
#include <unordered_map>
#include <vector>

#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/program.h"

namespace pir {

class RewriteListener {
 public:
  virtual ~RewriteListener() = default;
  virtual void OnCreated(Operation* op) = 0;
  virtual void OnReplaced(Value from) = 0;
  virtual void OnErased(Operation* op) = 0;
};

class PatternRewriter : public Builder {
 public:
  PatternRewriter(IrContext* ctx, RewriteListener* listener) : Builder(ctx, nullptr), listener_(listener) {}

  // Makes every use of op's results use `values` instead, then erases op.
  void ReplaceOp(Operation* op, const std::vector<Value>& values);
  // Erases op, whose results must be unused.
  void EraseOp(Operation* op);
  // Makes every use of `from` use `to`.
  void ReplaceAllUsesWith(Value from, Value to);

 protected:
  void Inserted(Operation* op) override { listener_->OnCreated(op); }

 private:
  RewriteListener* listener_;
};

class RewritePattern {
 public:
  // The root of a pattern that looks at every op.
  static constexpr const char* kAnyOp = "*";

  RewritePattern(std::string root, int benefit = 1) : root_(std::move(root)), benefit_(benefit) {}
  virtual ~RewritePattern() = default;

  // The op name it matches ("pd_op.cast"), or kAnyOp.
  const std::string& root() const { return root_; }
  int benefit() const { return benefit_; }

  // Rewrites op when it matches and returns true; returns false, having
  // changed nothing, otherwise.
  virtual bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const = 0;

 private:
  std::string root_;
  int benefit_;
};

class RewritePatternSet {
 public:
  template <typename P, typename... Args>
  RewritePatternSet& Add(Args&&... args) {
    patterns_.push_back(std::make_unique<P>(std::forward<Args>(args)...));
    return *this;
  }
  const std::vector<std::unique_ptr<RewritePattern>>& patterns() const { return patterns_; }

 private:
  std::vector<std::unique_ptr<RewritePattern>> patterns_;
};

struct GreedyRewriteConfig {
  // Passes over the whole program before giving up on a fixpoint.
  int max_iterations = 10;
};

struct GreedyRewriteResult {
  bool converged = false;
  int64_t rewrites = 0;     // patterns applied
  int64_t erased_dead = 0;  // trivially dead ops erased
};

// Whether op can be erased when its results are unused: pure, and without
// nested regions.
bool IsTriviallyDead(const Operation& op);

// Note [Escaping values]: values are immutable in the IR, but an in-place
// op writes the tensor of its operand and builtin.set_parameter keeps it in
// the scope, where later runs update it. A value read by such an op (any
// op that is not pure, builtin.shadow_output aside) must stay a tensor of
// its own: a rewrite that replaces it by another value, or another value by
// it (x * 1 -> x, two equal pd_op.full made one), would let the write
// reach both.
bool Escapes(Value v);
// Whether a result of op escapes.
bool ResultsEscape(const Operation& op);

GreedyRewriteResult ApplyPatternsGreedily(Program& program, const RewritePatternSet& patterns,
                                          const GreedyRewriteConfig& config = {});

}  // namespace pir
