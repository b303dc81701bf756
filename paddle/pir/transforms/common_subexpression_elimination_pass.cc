#include <unordered_map>
#include <vector>

#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"

namespace pir {
namespace {

// What makes two ops compute the same: their kind, operands, attributes and
// result types (types and attributes are uniqued, so pointers compare).
struct OpKey {
  const OpInfo* info;
  std::vector<Value> operands;
  const AttributeMap* attributes;
  std::vector<Type> results;

  bool operator==(const OpKey& o) const {
    return info == o.info && operands == o.operands && *attributes == *o.attributes && results == o.results;
  }
};

struct OpKeyHash {
  size_t operator()(const OpKey& k) const {
    size_t h = std::hash<const void*>()(k.info);
    auto mix = [&h](size_t v) { h ^= v + 0x9e3779b97f4a7c15ULL + (h << 6) + (h >> 2); };
    for (Value v : k.operands) mix(std::hash<Value>()(v));
    for (const auto& [name, attr] : *k.attributes) {
      mix(std::hash<std::string>()(name));
      mix(std::hash<Attribute>()(attr));
    }
    for (Type t : k.results) mix(std::hash<Type>()(t));
    return h;
  }
};

OpKey KeyOf(Operation* op) {
  std::vector<Type> results;
  for (Value v : op->results()) results.push_back(v.type());
  return {&op->info(), op->operands(), &op->attributes(), std::move(results)};
}

class CommonSubexpressionEliminationPass : public Pass {
 public:
  CommonSubexpressionEliminationPass() : Pass("common_subexpression_elimination") {}

  void Run(Program& program, AnalysisManager&) override { Visit(*program.block()); }

 private:
  // Ops seen in this block and the blocks enclosing it; a nested block's
  // entries go when it is done (they do not dominate its siblings).
  void Visit(Block& block) {
    std::vector<OpKey> added;
    for (Operation* op = block.front(); op;) {
      Operation* next = op->next();
      for (uint32_t r = 0; r < op->num_regions(); ++r) {
        for (auto& nested : op->region(r)) Visit(*nested);
      }
      // Note [Escaping values]: a value an in-place op or the scope takes stays its own.
      if (op->info().HasTrait(kPure) && op->num_regions() == 0 && op->num_results() > 0 && !ResultsEscape(*op)) {
        OpKey key = KeyOf(op);
        auto [it, inserted] = seen_.emplace(key, op);
        if (inserted) {
          added.push_back(key);
        } else {
          for (uint32_t i = 0; i < op->num_results(); ++i) op->result(i).ReplaceAllUsesWith(it->second->result(i));
          block.erase(op);
        }
      }
      op = next;
    }
    for (const OpKey& key : added) seen_.erase(key);
  }

  std::unordered_map<OpKey, Operation*, OpKeyHash> seen_;
};

}  // namespace

std::unique_ptr<Pass> CreateCommonSubexpressionEliminationPass() {
  return std::make_unique<CommonSubexpressionEliminationPass>();
}

}  // namespace pir
