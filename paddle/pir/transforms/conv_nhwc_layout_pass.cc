// Note [NHWC predictor]
// oneDNN's convolutions on NCHW tensors reorder their input into a layout
// of their own and their output back on every call; in ResNet-18 those
// reorders took an eighth of a batch's time. Its fastest float32 kernels on
// AVX-512 (brgconv) read and write NHWC, so the predictor's fused
// convolutions (conv_add_act_fusion) and the max pools between them pass
// each other NHWC tensors:
//
// - Each fused convolution runs in NHWC: its input and its residual come as
//   NHWC (a transpose of an NCHW value, placed after its producer and shared
//   by every reader), and its result's NHWC form is what the next fused
//   convolution or max pool reads.
// - A max_pool reading such a result becomes max_pool2d_nhwc (oneDNN's
//   pooling, no indices), when nothing reads its indices.
// - Any other reader gets the NCHW form back from one transpose.
//
// Layouts stay explicit: an NHWC tensor has NHWC dims, so no op reads one
// as NCHW by mistake. Only ops of the program's own block are rewritten.
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "paddle/pir/core/builder.h"
#include "paddle/pir/dialect/generated/pd_ops.h"
#include "paddle/pir/dialect/pd_op_support.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"

namespace pir {
namespace {

const std::vector<int64_t> kToNhwc = {0, 2, 3, 1}, kToNchw = {0, 3, 1, 2};

class ConvNhwcLayoutPass : public Pass {
 public:
  ConvNhwcLayoutPass() : Pass("conv_nhwc_layout") {}

  void Run(Program& program, AnalysisManager&) override {
    Block* block = program.block();
    Builder builder(program.context(), block);
    std::unordered_map<Value, Value> nhwc;  // NCHW value -> its NHWC form
    std::vector<Operation*> replaced;       // ops given an NHWC twin, in program order
    for (Operation* op = block->front(); op; op = op->next()) {
      Operation* twin = nullptr;
      if (IsNchwFusedConv(*op)) {
        std::vector<Value> operands = op->operands();
        operands[0] = Nhwc(builder, operands[0], nhwc);
        if (operands.size() == 4) operands[3] = Nhwc(builder, operands[3], nhwc);
        AttributeMap attrs = op->attributes();
        attrs["data_format"] = builder.str_attr("NHWC");
        builder.SetInsertionPoint(op);
        twin = builder.Build(op->name(), operands, std::move(attrs));
      } else if (IsPlainMaxPool(*op) && nhwc.count(op->operand(0))) {
        AttributeMap attrs = op->attributes();
        attrs.erase("adaptive");
        builder.SetInsertionPoint(op);
        twin = builder.Build("pd_op.max_pool2d_nhwc", {nhwc.at(op->operand(0))}, std::move(attrs));
      }
      if (!twin) continue;
      nhwc[op->result(0)] = twin->result(0);
      replaced.push_back(op);
    }
    const std::unordered_set<Operation*> erased(replaced.begin(), replaced.end());
    for (Operation* op : replaced) {
      Value nchw = op->result(0);
      Operation* back = nullptr;
      for (const OpOperand& use : nchw.uses()) {
        if (erased.count(use.owner())) continue;
        if (!back) {
          builder.SetInsertionPointAfter(nhwc.at(nchw).defining_op());
          back = pd_op::transpose(builder, nhwc.at(nchw), kToNchw).defining_op();
        }
        use.set_source(back->result(0));
      }
    }
    for (auto it = replaced.rbegin(); it != replaced.rend(); ++it) block->erase(*it);
  }

 private:
  static bool IsNchwFusedConv(const Operation& op) {
    return (op.name() == "pd_op.fused_conv2d" || op.name() == "pd_op.fused_conv2d_add") &&
           op.attribute<StrAttribute>("data_format").data() == "NCHW";
  }

  // A 2-D max_pool (not adaptive) of float32 whose indices nothing reads.
  static bool IsPlainMaxPool(const Operation& op) {
    if (op.name() != "pd_op.max_pool" || op.attribute<BoolAttribute>("adaptive").data()) return false;
    auto x = op.operand(0).type().dyn_cast<DenseTensorType>();
    return x && x.dims().size() == 4 && x.dtype() == paddle::DataType::FLOAT32 && op.result(1).use_empty();
  }

  // v's NHWC form: its twin, or a transpose placed after its producer.
  static Value Nhwc(Builder& builder, Value v, std::unordered_map<Value, Value>& nhwc) {
    if (auto it = nhwc.find(v); it != nhwc.end()) return it->second;
    Operation* producer = v.defining_op();
    if (producer && producer->parent_block() == builder.block()) {
      builder.SetInsertionPointAfter(producer);
    } else {
      builder.SetInsertionPoint(builder.block()->front());
    }
    return nhwc[v] = pd_op::transpose(builder, v, kToNhwc);
  }
};

}  // namespace

std::unique_ptr<Pass> CreateConvNhwcLayoutPass() { return std::make_unique<ConvNhwcLayoutPass>(); }

}  // namespace pir
