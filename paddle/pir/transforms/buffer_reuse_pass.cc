// Note [Buffer reuse]: after kernel selection, the pass gives intermediate
// values buffers such that values whose lifetimes do not overlap share one.
// A value lives from the op that makes it to the last op that reads it (an
// op whose region reads it counts as the reader); an op's results take
// buffers before the buffers of the values it last reads are free again, so
// no kernel writes memory it reads. Planned are the results of pure kernel
// ops of the top block that no op keeps or writes (Note [Escaping values]),
// no output or list reads (a fetch goes to the user, a list keeps its
// tensors), and no view makes or reads (a view shares its input's memory).
// Buffers are given in program order: for a value of static shape the
// smallest free one that fits, for one whose size the run decides a free one
// of the same symbolic size (Note [Symbolic shapes]: [S0, 4] floats share
// with [Mul(S0, 2), 2] ones, not with [S1, 4] ones), else a new one.
//
// Note [In-place]: a pointwise op (exp, add: element i of its result reads
// only element i of each operand of the result's shape) may write its result
// over such an operand whose last reader it is, when the two have the same
// dims (symbolic ones too) and element size: the result takes the operand's buffer, and the op
// records which operand it writes over in `inplace_operands:[...]` (one per
// result, -1 for none). The executor writes over it only when no other
// tensor shares the operand's memory.
//
// Each kernel op gets `buffers:[...]`, one per result (-1: not planned); the
// module records what the plan saves (reuse_values, reuse_buffers,
// reuse_bytes_planned, reuse_bytes_saved: of the static shapes) and how many
// values of symbolic size it planned (reuse_symbolic_values). The executor keeps each buffer
// across its values and across runs, and gives it to the next value only
// when no tensor holds it any more, so a plan saves memory and allocations
// but cannot make two live values share memory.
#include <algorithm>
#include <map>
#include <optional>
#include <unordered_map>

#include "paddle/pir/dialect/pd_kernel_dialect.h"
#include "paddle/pir/shape/shape_analysis.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"

namespace pir {
namespace {

bool IsView(const Operation& op) { return SemanticsOf(op).kernel.view; }

bool PlannableOp(const Operation& op) {
  return op.name() == PhiKernelOp::kName && op.num_regions() == 0 && SemanticsOf(op).HasTrait(kPure) && !IsView(op);
}

// The bytes of v, a constant or symbolic, when it can be planned.
std::optional<DimExpr> PlannableBytes(Value v, const ShapeAnalysis& shapes) {
  if (!v.type().isa<DenseTensorType>() || !shapes.Has(v) || Escapes(v)) return std::nullopt;
  for (const OpOperand& use : v.uses()) {
    const Operation& user = *use.owner();
    if (user.name() == "builtin.shadow_output" || user.name() == "builtin.combine" || IsView(user)) return std::nullopt;
  }
  return shapes.BytesOf(v);
}

// The buffers free for new values: by size, and by symbolic size.
class FreeBuffers {
 public:
  void Release(int64_t buffer, const DimExpr& bytes) {
    if (bytes.IsConstant()) {
      by_size_.emplace(bytes.constant(), buffer);
    } else {
      by_symbolic_size_[bytes].push_back(buffer);
    }
  }
  // A free buffer that fits `bytes`, taken; nullopt when none does.
  std::optional<int64_t> Take(const DimExpr& bytes) {
    if (bytes.IsConstant()) {
      auto fit = by_size_.lower_bound(bytes.constant());
      if (fit == by_size_.end()) return std::nullopt;
      const int64_t buffer = fit->second;
      by_size_.erase(fit);
      return buffer;
    }
    auto same = by_symbolic_size_.find(bytes);
    if (same == by_symbolic_size_.end() || same->second.empty()) return std::nullopt;
    const int64_t buffer = same->second.back();
    same->second.pop_back();
    return buffer;
  }

 private:
  std::multimap<int64_t, int64_t> by_size_;
  std::map<DimExpr, std::vector<int64_t>> by_symbolic_size_;
};

// The operand a pointwise op may write its result v over (Note [In-place]):
// planned, read last by this op (the i-th) and only once by it, of v's dims
// and element size; its buffer then stays taken (it leaves `released`).
// -1 when there is none.
int DyingOperand(const Operation& op, Value v, size_t i, const ShapeAnalysis& shapes,
                 const std::unordered_map<const ValueImpl*, size_t>& last_use,
                 const std::unordered_map<const ValueImpl*, int64_t>& buffer_of, std::vector<int64_t>& released) {
  if (!SemanticsOf(op).kernel.pointwise) return -1;
  auto result = v.type().dyn_cast<DenseTensorType>();
  for (uint32_t k = 0; k < op.num_operands(); ++k) {
    Value operand = op.operand(k);
    auto planned = buffer_of.find(operand.impl());
    auto type = operand.type().dyn_cast<DenseTensorType>();
    if (planned == buffer_of.end() || last_use.at(operand.impl()) != i || !type ||
        shapes.ShapeOf(operand) != shapes.ShapeOf(v) || paddle::SizeOf(type.dtype()) != paddle::SizeOf(result.dtype())) {
      continue;
    }
    uint32_t reads = 0;
    for (Value other : op.operands()) reads += other == operand;
    auto pending = std::find(released.begin(), released.end(), planned->second);
    if (reads != 1 || pending == released.end()) continue;  // read twice, or already written over
    released.erase(pending);
    return static_cast<int>(k);
  }
  return -1;
}

class BufferReusePass : public Pass {
 public:
  BufferReusePass() : Pass("buffer_reuse") {}

  void Run(Program& program, AnalysisManager& analyses) override {
    const ShapeAnalysis& shapes = analyses.Get<ShapeAnalysis>();
    std::vector<Operation*> ops(program.block()->begin(), program.block()->end());
    std::unordered_map<const ValueImpl*, size_t> last_use;
    for (size_t i = 0; i < ops.size(); ++i) {
      ops[i]->Walk([&](Operation* inner) {
        for (Value v : inner->operands()) {
          if (v) last_use[v.impl()] = i;
        }
      });
    }
    std::vector<DimExpr> sizes;  // of each buffer
    FreeBuffers free;
    std::vector<std::vector<int64_t>> released(ops.size());  // buffers free after op i
    std::unordered_map<const ValueImpl*, int64_t> buffer_of;  // of each planned value
    int64_t values = 0, planned = 0, inplace = 0, symbolic = 0;
    IrContext* ctx = program.context();
    for (size_t i = 0; i < ops.size(); ++i) {
      Operation* op = ops[i];
      if (PlannableOp(*op)) {
        std::vector<Attribute> buffers, written_over;
        bool writes_over = false;
        for (Value v : op->results()) {
          const std::optional<DimExpr> bytes = PlannableBytes(v, shapes);
          if (!bytes) {
            buffers.push_back(Int64Attribute::Get(ctx, -1));
            written_over.push_back(Int64Attribute::Get(ctx, -1));
            continue;
          }
          const int operand = DyingOperand(*op, v, i, shapes, last_use, buffer_of, released[i]);
          written_over.push_back(Int64Attribute::Get(ctx, operand));
          int64_t buffer = 0;
          if (operand >= 0) {
            buffer = buffer_of.at(op->operand(operand).impl());
            writes_over = true;
            ++inplace;
          } else if (auto fit = free.Take(*bytes)) {
            buffer = *fit;
          } else {
            buffer = static_cast<int64_t>(sizes.size());
            sizes.push_back(*bytes);
          }
          buffers.push_back(Int64Attribute::Get(ctx, buffer));
          buffer_of[v.impl()] = buffer;
          auto it = last_use.find(v.impl());
          released[it == last_use.end() ? i : std::max(i, it->second)].push_back(buffer);
          ++values;
          if (bytes->IsConstant()) {
            planned += bytes->constant();
          } else {
            ++symbolic;
          }
        }
        op->set_attribute("buffers", ArrayAttribute::Get(ctx, buffers));
        if (writes_over) op->set_attribute("inplace_operands", ArrayAttribute::Get(ctx, written_over));
      }
      for (int64_t buffer : released[i]) free.Release(buffer, sizes[buffer]);
    }
    int64_t held = 0;
    for (const DimExpr& size : sizes) held += size.IsConstant() ? size.constant() : 0;
    Operation* module = program.module_op();
    module->set_attribute("reuse_values", Int64Attribute::Get(ctx, values));
    module->set_attribute("reuse_buffers", Int64Attribute::Get(ctx, static_cast<int64_t>(sizes.size())));
    module->set_attribute("reuse_bytes_planned", Int64Attribute::Get(ctx, planned));
    module->set_attribute("reuse_bytes_saved", Int64Attribute::Get(ctx, planned - held));
    module->set_attribute("reuse_inplace_values", Int64Attribute::Get(ctx, inplace));
    module->set_attribute("reuse_symbolic_values", Int64Attribute::Get(ctx, symbolic));
  }
};

}  // namespace

std::unique_ptr<Pass> CreateBufferReusePass() { return std::make_unique<BufferReusePass>(); }

}  // namespace pir
