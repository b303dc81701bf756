#include "paddle/serialize/inference_program.h"

#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/ir_mapping.h"
#include "paddle/pir/core/operation.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/dialect/control_flow_dialect.h"
#include "paddle/pir/dialect/pd_op_dialect.h"
#include "paddle/pir/transforms/test_mode.h"

namespace paddle::serialize {
namespace {

// The values op reads: its operands and those its regions read from outside.
void MarkInputs(pir::Operation& op, std::unordered_set<const pir::ValueImpl*>* needed) {
  std::unordered_set<const pir::ValueImpl*> inside;
  op.Walk([&](pir::Operation* inner) {
    for (pir::Value r : inner->results()) inside.insert(r.impl());
    for (uint32_t i = 0; i < inner->num_regions(); ++i) {
      for (const auto& block : inner->region(i)) {
        for (size_t a = 0; a < block->num_arguments(); ++a) inside.insert(block->argument(a).impl());
      }
    }
  });
  op.Walk([&](pir::Operation* inner) {
    for (pir::Value v : inner->operands()) {
      if (v && !inside.count(v.impl())) needed->insert(v.impl());
    }
  });
}

std::string NameOf(pir::Value v) {
  const pir::Operation* op = v.defining_op();
  if (!op) return "";
  for (const char* attr : {"name", "parameter_name"}) {
    if (auto s = op->attribute<pir::StrAttribute>(attr)) return s.data();
  }
  return "";
}

// Note [Gradients of pd_op.while]: a loop whose gradient was built pushes
// its iterations onto a stack for the backward, which an inference program
// does not have: the pushes and stacks go (as Paddle drops them when saving).
void DropLoopHistory(pir::Program& program) {
  std::vector<pir::Operation*> pushes, stacks;
  program.module_op()->Walk([&](pir::Operation* op) {
    if (op->name() == pir::TuplePushOp::kName) pushes.push_back(op);
    if (op->name() == pir::StackCreateOp::kName) stacks.push_back(op);
  });
  for (pir::Operation* op : pushes) op->parent_block()->erase(op);
  for (pir::Operation* op : stacks) {
    if (op->result(0).use_empty()) op->parent_block()->erase(op);
  }
}

}  // namespace

std::unique_ptr<pir::Program> InferenceProgram(const pir::Program& program, const std::vector<pir::Value>& feeds,
                                               const std::vector<pir::Value>& fetches) {
  pir::IrMapping mapping;
  std::unique_ptr<pir::Program> copy = program.Clone(mapping);
  std::unordered_set<const pir::ValueImpl*> needed;
  for (pir::Value v : fetches) needed.insert(mapping.Lookup(v).impl());
  std::vector<pir::Operation*> ops(copy->block()->begin(), copy->block()->end());
  std::vector<pir::Operation*> unneeded;  // last first, so each goes after the ops that read it
  for (auto it = ops.rbegin(); it != ops.rend(); ++it) {
    bool keep = false;
    for (pir::Value r : (*it)->results()) keep = keep || needed.count(r.impl());
    if (keep) {
      MarkInputs(**it, &needed);
    } else {
      unneeded.push_back(*it);
    }
  }
  for (size_t i = 0; i < feeds.size(); ++i) {
    pir::Value feed = mapping.Lookup(feeds[i]);
    const pir::Operation* op = feed.defining_op();
    PD_CHECK(op != nullptr && op->name() == "pd_op.data", InvalidArgument, "[save_inference_model] feed_vars[", i,
             "] must be an input of the program (paddle.static.data)");
    PD_CHECK(needed.count(feed.impl()), InvalidArgument, "[save_inference_model] the feed '", NameOf(feed),
             "' is not used to compute the fetch_vars");
  }
  for (pir::Operation* op : unneeded) copy->block()->erase(op);
  DropLoopHistory(*copy);
  pir::ToTestMode(*copy);
  pir::Builder builder(copy->context(), copy->block());
  for (size_t i = 0; i < fetches.size(); ++i) {
    pir::Value v = mapping.Lookup(fetches[i]);
    const std::string own = NameOf(v);
    pir::pd_op::fetch(builder, v, own.empty() ? "fetch_name_" + std::to_string(i) : own, static_cast<int32_t>(i));
  }
  return copy;
}

}  // namespace paddle::serialize
