#include "paddle/pir/transforms/split_program.h"

#include <unordered_map>
#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/core/type.h"
#include "paddle/pir/dialect/pd_op_dialect.h"

namespace pir {
namespace {

// The values op (with its regions) reads that are defined outside it.
void ReadsFromOutside(const Operation& op, const std::unordered_set<const Operation*>& inside,
                      std::vector<Value>& reads) {
  for (Value v : op.operands()) {
    if (v && !(v.defining_op() && inside.count(v.defining_op()))) reads.push_back(v);
  }
  for (uint32_t r = 0; r < op.num_regions(); ++r) {
    for (const auto& block : op.region(r)) {
      for (const Operation* nested : *block) ReadsFromOutside(*nested, inside, reads);
    }
  }
}

void CollectOps(const Operation& op, std::unordered_set<const Operation*>& ops) {
  ops.insert(&op);
  for (uint32_t r = 0; r < op.num_regions(); ++r) {
    for (const auto& block : op.region(r)) {
      for (const Operation* nested : *block) CollectOps(*nested, ops);
    }
  }
}

}  // namespace

SplitPrograms SplitProgram(const Program& program, size_t cut) {
  const Block& top = *program.block();
  PD_CHECK(cut <= top.size(), InvalidArgument, "[SplitProgram] the cut (", cut, ") is past the program's ",
           top.size(), " ops");
  SplitPrograms split;
  split.forward = program.Clone(split.forward_mapping);
  Block* forward_block = split.forward->block();
  while (forward_block->size() > cut) forward_block->erase(forward_block->back());

  std::vector<const Operation*> before, after;
  for (const Operation* op : top) (before.size() < cut ? before : after).push_back(op);
  std::unordered_set<const Operation*> earlier(before.begin(), before.end());
  std::unordered_set<const Operation*> later;
  for (const Operation* op : after) CollectOps(*op, later);

  split.backward = std::make_unique<Program>(program.context());
  for (const auto& [name, value] : program.module_op()->attributes()) {
    split.backward->module_op()->set_attribute(name, value);
  }
  Builder builder(program.context(), split.backward->block());
  std::unordered_set<const ValueImpl*> given;
  for (const Operation* op : after) {
    std::vector<Value> reads;
    ReadsFromOutside(*op, later, reads);
    for (Value v : reads) {
      if (given.count(v.impl()) || !v.defining_op() || !earlier.count(v.defining_op())) continue;
      given.insert(v.impl());
      const Operation* def = v.defining_op();
      if (def->name() == "builtin.parameter") {
        builder.Insert(def->Clone(split.backward_mapping));
        continue;
      }
      auto type = v.type().dyn_cast<DenseTensorType>();
      PD_CHECK(type, InvalidArgument, "[SplitProgram] the backward reads a ", v.type().ToString(), " from ",
               def->name(), " before the cut; only tensors can be saved");
      const std::string name = "@saved_" + std::to_string(split.saved.size());
      split.backward_mapping.Map(v, pd_op::data(builder, name, type.dims().ToVector(), type.dtype()));
      split.saved.push_back(v);
      split.saved_names.push_back(name);
    }
    builder.Insert(op->Clone(split.backward_mapping));
  }
  return split;
}

}  // namespace pir
