// Note [Buffer reuse]: after kernel selection, the pass gives intermediate
// values buffers such that values whose lifetimes do not overlap share one.
// A value lives from the op that makes it to the last op that reads it (an
// op whose region reads it counts as the reader); an op's results take
// buffers before the buffers of the values it last reads are free again, so
// no kernel writes memory it reads. Planned are the results of pure kernel
// ops of the top block with a static shape that no op keeps or writes (Note
// [Escaping values]), no output or list reads (a fetch goes to the user, a
// list keeps its tensors), and no view makes or reads (a view shares its
// input's memory). Buffers are given in program order, the smallest free
// one that fits, else a new one.
//
// Each kernel op gets `buffers:[...]`, one per result (-1: not planned); the
// module records what the plan saves (reuse_values, reuse_buffers,
// reuse_bytes_planned, reuse_bytes_saved). The executor keeps each buffer
// across its values and across runs, and gives it to the next value only
// when no tensor holds it any more, so a plan saves memory and allocations
// but cannot make two live values share memory.
#include <map>
#include <unordered_map>

#include "paddle/pir/dialect/pd_kernel_dialect.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"

namespace pir {
namespace {

bool IsView(const Operation& op) { return SemanticsOf(op).kernel.view; }

bool PlannableOp(const Operation& op) {
  return op.name() == PhiKernelOp::kName && op.num_regions() == 0 && SemanticsOf(op).HasTrait(kPure) && !IsView(op);
}

// The bytes of v when it can be planned; 0 otherwise.
int64_t PlannableBytes(Value v) {
  auto type = v.type().dyn_cast<DenseTensorType>();
  if (!type || !HasStaticShape(type) || Escapes(v)) return 0;
  for (const OpOperand& use : v.uses()) {
    const Operation& user = *use.owner();
    if (user.name() == "builtin.shadow_output" || user.name() == "builtin.combine" || IsView(user)) return 0;
  }
  return type.dims().numel() * static_cast<int64_t>(paddle::SizeOf(type.dtype()));
}

class BufferReusePass : public Pass {
 public:
  BufferReusePass() : Pass("buffer_reuse") {}

  void Run(Program& program, AnalysisManager&) override {
    std::vector<Operation*> ops(program.block()->begin(), program.block()->end());
    std::unordered_map<const ValueImpl*, size_t> last_use;
    for (size_t i = 0; i < ops.size(); ++i) {
      ops[i]->Walk([&](Operation* inner) {
        for (Value v : inner->operands()) {
          if (v) last_use[v.impl()] = i;
        }
      });
    }
    std::vector<int64_t> sizes;             // of each buffer
    std::multimap<int64_t, int64_t> free;   // size -> buffer
    std::vector<std::vector<int64_t>> released(ops.size());  // buffers free after op i
    int64_t values = 0, planned = 0;
    IrContext* ctx = program.context();
    for (size_t i = 0; i < ops.size(); ++i) {
      Operation* op = ops[i];
      if (PlannableOp(*op)) {
        std::vector<Attribute> buffers;
        for (Value v : op->results()) {
          const int64_t bytes = PlannableBytes(v);
          if (bytes == 0) {
            buffers.push_back(Int64Attribute::Get(ctx, -1));
            continue;
          }
          auto fit = free.lower_bound(bytes);
          int64_t buffer = 0;
          if (fit != free.end()) {
            buffer = fit->second;
            free.erase(fit);
          } else {
            buffer = static_cast<int64_t>(sizes.size());
            sizes.push_back(bytes);
          }
          buffers.push_back(Int64Attribute::Get(ctx, buffer));
          auto it = last_use.find(v.impl());
          released[it == last_use.end() ? i : std::max(i, it->second)].push_back(buffer);
          ++values;
          planned += bytes;
        }
        op->set_attribute("buffers", ArrayAttribute::Get(ctx, buffers));
      }
      for (int64_t buffer : released[i]) free.emplace(sizes[buffer], buffer);
    }
    int64_t held = 0;
    for (int64_t size : sizes) held += size;
    Operation* module = program.module_op();
    module->set_attribute("reuse_values", Int64Attribute::Get(ctx, values));
    module->set_attribute("reuse_buffers", Int64Attribute::Get(ctx, static_cast<int64_t>(sizes.size())));
    module->set_attribute("reuse_bytes_planned", Int64Attribute::Get(ctx, planned));
    module->set_attribute("reuse_bytes_saved", Int64Attribute::Get(ctx, planned - held));
  }
};

}  // namespace

std::unique_ptr<Pass> CreateBufferReusePass() { return std::make_unique<BufferReusePass>(); }

}  // namespace pir
