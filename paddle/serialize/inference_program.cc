#include "paddle/serialize/inference_program.h"

#include <algorithm>
#include <fstream>
#include <sstream>
#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/ir_mapping.h"
#include "paddle/pir/core/operation.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/dialect/control_flow_dialect.h"
#include "paddle/pir/dialect/generated/pd_ops.h"
#include "paddle/pir/dialect/pd_op_dialect.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/test_mode.h"
#include "paddle/serialize/paddle_ops.h"
#include "paddle/serialize/program_json.h"
#include "paddle/serialize/tensor_stream.h"

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

// Note [Paddle's forms]: our ops PaddlePaddle has not (the YAML's paddle:
// {decompose}) are saved as ops it has: by their decompositions where every
// dim is known, and flash_attention without a causal mask (whose dims may be
// -1) as its attention ops, softmax(q k^T * scale) v over [batch, heads, seq,
// dim]. Others stay ours: such a file reads here only.
void PaddleForms(pir::Program& program) {
  pir::PassManager pm;
  pm.AddPass(pir::CreateDecompositionPass(PaddleDecomposedOps()));
  pm.Run(program);
  std::vector<pir::Operation*> attention;
  for (pir::Operation* op : *program.block()) {
    auto causal = op->attribute<pir::BoolAttribute>("causal");
    if (op->name() == "pd_op.flash_attention" && causal && !causal.data() && op->result(1).use_empty()) {
      attention.push_back(op);
    }
  }
  for (pir::Operation* op : attention) {
    pir::Builder b(program.context(), op->parent_block());
    b.SetInsertionPoint(op);
    const std::vector<int64_t> heads_first = {0, 2, 1, 3};
    pir::Value q = pir::pd_op::transpose(b, op->operand(0), heads_first);
    pir::Value k = pir::pd_op::transpose(b, op->operand(1), heads_first);
    pir::Value v = pir::pd_op::transpose(b, op->operand(2), heads_first);
    pir::Value scores = pir::pd_op::scale(b, pir::pd_op::matmul(b, q, k, false, true),
                                          phi::Scalar(op->attribute<pir::DoubleAttribute>("scale").data()), 0.0, true);
    pir::Value out = pir::pd_op::transpose(b, pir::pd_op::matmul(b, pir::pd_op::softmax(b, scores, -1), v, false, false),
                                           heads_first);
    op->result(0).ReplaceAllUsesWith(out);
    op->parent_block()->erase(op);
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
  PaddleForms(*copy);  // after the fetches, which then read the replacements
  return copy;
}

InferenceSignature SignatureOf(const pir::Program& program) {
  InferenceSignature signature;
  for (const pir::Operation* op : *program.block()) {
    if (op->name() == "builtin.parameter") {
      signature.parameter_names.push_back(op->attribute<pir::StrAttribute>("parameter_name").data());
    } else if (op->name() == "pd_op.data") {
      signature.input_names.push_back(op->attribute<pir::StrAttribute>("name").data());
      signature.inputs.push_back(op->result(0));
    } else if (op->name() == pir::pd_op::kFetch) {
      signature.output_names.push_back(op->attribute<pir::StrAttribute>("name").data());
      signature.outputs.push_back(op->operand(0));
    }
  }
  std::sort(signature.parameter_names.begin(), signature.parameter_names.end());
  return signature;
}

namespace {

std::string ReadFile(const std::string& path, const std::string& what, const std::string& op) {
  std::ifstream in(path, std::ios::binary);
  PD_CHECK(!path.empty() && in.good(), NotFound, "[", op, "] no ", what, " ", path);
  std::ostringstream bytes;
  bytes << in.rdbuf();
  return bytes.str();
}

}  // namespace

InferenceModel ReadInferenceModel(const std::string& prog_file, const std::string& params_file,
                                  const std::string& op) {
  InferenceModel model;
  model.program = ProgramFromJson(ReadFile(prog_file, "model file", op), prog_file);
  model.signature = SignatureOf(*model.program);
  const size_t count = model.signature.parameter_names.size();
  if (count > 0) {
    PD_CHECK(!params_file.empty() && std::ifstream(params_file, std::ios::binary).good(), NotFound, "[", op, "] ",
             prog_file, " has ", count, " parameters but there is no parameter file ", params_file);
    model.parameters = ReadTensorRecords(ReadFile(params_file, "parameter file", op), count, params_file);
  }
  return model;
}

}  // namespace paddle::serialize
