#include "paddle/pir/transforms/pattern_rewrite.h"

#include <algorithm>
#include <deque>
#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/pir/dialect/pd_kernel_dialect.h"

namespace pir {

void PatternRewriter::ReplaceOp(Operation* op, const std::vector<Value>& values) {
  PD_CHECK(values.size() == op->num_results(), InvalidArgument, "[pir rewrite] ", op->name(), " has ",
           op->num_results(), " results, but got ", values.size(), " replacements");
  for (uint32_t i = 0; i < op->num_results(); ++i) ReplaceAllUsesWith(op->result(i), values[i]);
  EraseOp(op);
}

void PatternRewriter::EraseOp(Operation* op) {
  op->CheckUnused();
  listener_->OnErased(op);
  op->parent_block()->erase(op);
}

void PatternRewriter::ReplaceAllUsesWith(Value from, Value to) {
  listener_->OnReplaced(from);
  from.ReplaceAllUsesWith(to);
}

bool IsTriviallyDead(const Operation& op) {
  if (!op.info().HasTrait(kPure) || op.num_regions() > 0) return false;
  for (uint32_t i = 0; i < op.num_results(); ++i) {
    if (!op.result(i).use_empty()) return false;
  }
  return true;
}

bool Escapes(Value v) {
  for (const OpOperand& use : v.uses()) {
    const Operation& user = *use.owner();
    // A kernel op is as pure as the pd_op op it runs.
    if (!SemanticsOf(user).HasTrait(kPure) && user.name() != "builtin.shadow_output") return true;
  }
  return false;
}

bool ResultsEscape(const Operation& op) {
  for (uint32_t i = 0; i < op.num_results(); ++i) {
    if (Escapes(op.result(i))) return true;
  }
  return false;
}

namespace {

class GreedyDriver : public RewriteListener {
 public:
  GreedyDriver(Program& program, const RewritePatternSet& patterns)
      : program_(program), rewriter_(program.context(), this) {
    for (const auto& p : patterns.patterns()) by_root_[p->root()].push_back(p.get());
    for (auto& [root, list] : by_root_) {
      std::stable_sort(list.begin(), list.end(),
                       [](const RewritePattern* a, const RewritePattern* b) { return a->benefit() > b->benefit(); });
    }
  }

  GreedyRewriteResult Run(const GreedyRewriteConfig& config) {
    GreedyRewriteResult result;
    for (int iteration = 0; iteration < config.max_iterations; ++iteration) {
      bool changed = false;
      // Popped in program order; what a rewrite or an erasure touches is
      // pushed again.
      std::vector<Operation*> ops;
      for (Operation* op : *program_.block()) op->Walk([&](Operation* o) { ops.push_back(o); });
      for (auto it = ops.rbegin(); it != ops.rend(); ++it) Push(*it);
      while (!worklist_.empty()) {
        Operation* op = worklist_.back();
        worklist_.pop_back();
        if (!queued_.erase(op)) continue;  // erased meanwhile
        if (IsTriviallyDead(*op)) {
          rewriter_.EraseOp(op);
          ++result.erased_dead;
          changed = true;
          continue;
        }
        if (TryPatterns(op)) {
          ++result.rewrites;
          changed = true;
        }
      }
      if (!changed) {
        result.converged = true;
        break;
      }
    }
    return result;
  }

  // The patterns for op's name, then those for any op, by benefit.
  bool TryPatterns(Operation* op) {
    for (const std::string& root : {op->name(), std::string(RewritePattern::kAnyOp)}) {
      auto found = by_root_.find(root);
      if (found == by_root_.end()) continue;
      for (const RewritePattern* pattern : found->second) {
        rewriter_.SetInsertionPoint(op);
        if (pattern->MatchAndRewrite(op, rewriter_)) return true;
      }
    }
    return false;
  }

  void OnCreated(Operation* op) override { Push(op); }
  void OnReplaced(Value from) override {
    for (const OpOperand& use : from.uses()) Push(use.owner());
  }
  void OnErased(Operation* op) override {
    op->Walk([&](Operation* nested) { queued_.erase(nested); });
    for (Value v : op->operands()) {
      if (v && v.defining_op()) Push(v.defining_op());
    }
  }

 private:
  void Push(Operation* op) {
    if (op != program_.module_op() && queued_.insert(op).second) worklist_.push_back(op);
  }

  Program& program_;
  PatternRewriter rewriter_;
  std::unordered_map<std::string, std::vector<const RewritePattern*>> by_root_;
  std::vector<Operation*> worklist_;
  std::unordered_set<Operation*> queued_;
};

}  // namespace

GreedyRewriteResult ApplyPatternsGreedily(Program& program, const RewritePatternSet& patterns,
                                          const GreedyRewriteConfig& config) {
  GreedyDriver driver(program, patterns);
  return driver.Run(config);
}

}  // namespace pir
