#include "paddle/pir/core/verifier.h"

#include <unordered_set>

#include "paddle/common/errors.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/ir_printer.h"
#include "paddle/pir/core/region.h"
#include "paddle/pir/dialect/pd_kernel_dialect.h"

namespace pir {
namespace {

std::string Names(const std::vector<std::string>& names) {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) out += (i ? ", " : "") + names[i];
  return out;
}

class Verifier {
 public:
  explicit Verifier(IrContext* ctx) : ctx_(ctx) {}

  void VerifyBlock(const Block& block) {
    size_t scope = defined_.size();
    for (size_t i = 0; i < block.num_arguments(); ++i) Define(block.argument(i));
    for (const Operation* op : block) {
      VerifyOp(*op);
      if (op->info().HasTrait(kTerminator) && op != block.back()) {
        Fail(*op, "a terminator must be the last op of its block");
      }
    }
    while (defined_.size() > scope) {  // a block's values are not visible after it
      visible_.erase(defined_.back());
      defined_.pop_back();
    }
  }

 private:
  void VerifyOp(const Operation& op) {
    const OpInfo& info = op.info();
    if (!info.variadic_operands && op.num_operands() != info.operands.size()) {
      Fail(op, "expects " + std::to_string(info.operands.size()) + " operands (" + Names(info.operands) +
                   "), but has " + std::to_string(op.num_operands()));
    }
    if (!info.variadic_results && op.num_results() != info.results.size()) {
      Fail(op, "expects " + std::to_string(info.results.size()) + " results (" + Names(info.results) +
                   "), but has " + std::to_string(op.num_results()));
    }
    if (op.num_regions() != info.num_regions) {
      Fail(op, "expects " + std::to_string(info.num_regions) + " regions, but has " +
                   std::to_string(op.num_regions()));
    }
    for (uint32_t i = 0; i < op.num_operands(); ++i) {
      Value v = op.operand(i);
      if (v && !visible_.count(v.impl())) {
        Fail(op, "operand " + std::to_string(i) + " is used where it is not defined (before its definition, " +
                     "or outside the region that defines it)");
      }
    }
    for (uint32_t i = 0; i < op.num_results(); ++i) {
      if (!op.result(i).type()) Fail(op, "result " + std::to_string(i) + " has no type");
    }
    for (const AttrSpec& spec : info.attributes) {
      Attribute value = op.attribute(spec.name);
      if (!value) Fail(op, "needs the attribute '" + spec.name + "'");
      if (spec.kind != AttrKind::kAny && value.kind() != spec.kind) {
        Fail(op, "attribute '" + spec.name + "' must be " + AttrKindName(spec.kind) + ", but is " +
                     AttrKindName(value.kind()));
      }
      if (spec.kind == AttrKind::kArray && spec.element != AttrKind::kAny) {
        for (Attribute element : value.dyn_cast<ArrayAttribute>().data()) {
          if (element.kind() != spec.element) {
            Fail(op, "attribute '" + spec.name + "' must hold " + AttrKindName(spec.element) + " values, but holds " +
                         AttrKindName(element.kind()));
          }
        }
      }
    }
    if (info.verify) {
      try {
        info.verify(ctx_, op);
      } catch (const paddle::common::Error& e) {
        // An op's own check names the op already.
        std::string prefix = "[" + PrintedOpName(op) + "] ";
        const std::string& message = e.message();
        Fail(op, message.rfind(prefix, 0) == 0 ? message.substr(prefix.size()) : message);
      }
    }
    for (uint32_t r = 0; r < op.num_regions(); ++r) {
      const Region& region = op.region(r);
      if (info.HasTrait(kIsolatedFromAbove)) {
        std::unordered_set<const ValueImpl*> outer;
        outer.swap(visible_);
        for (const auto& block : region) VerifyBlock(*block);
        visible_.swap(outer);
      } else {
        for (const auto& block : region) VerifyBlock(*block);
      }
    }
    for (uint32_t i = 0; i < op.num_results(); ++i) Define(op.result(i));
  }

  void Define(Value v) {
    visible_.insert(v.impl());
    defined_.push_back(v.impl());
  }

  [[noreturn]] void Fail(const Operation& op, const std::string& rule) {
    PD_THROW(InvalidArgument, "[", PrintedOpName(op), "] ", rule, "; in: ", DescribeOperation(op));
  }

  IrContext* ctx_;
  std::unordered_set<const ValueImpl*> visible_;
  std::vector<const ValueImpl*> defined_;
};

}  // namespace

void Verify(const Program& program) {
  Verifier verifier(program.context());
  verifier.VerifyBlock(*program.block());
}

void VerifyInferredTypes(IrContext* ctx, const Operation& op) {
  for (uint32_t i = 0; i < op.num_operands(); ++i) {  // infer-meta reads every operand's type
    PD_CHECK(bool(op.operand(i)), InvalidArgument, "[", op.name(), "] operand ",
             i < op.info().operands.size() ? op.info().operands[i] : std::to_string(i), " is a null value");
  }
  std::vector<Type> expected = op.info().infer_types(ctx, TypesOf(op.operands()), op.attributes());
  PD_CHECK(expected.size() == op.num_results(), InvalidArgument, "[", op.name(), "] has ", op.num_results(),
           " results, but its infer-meta gives ", expected.size());
  for (uint32_t i = 0; i < op.num_results(); ++i) {
    Type got = op.result(i).type();
    if (got == expected[i]) continue;
    std::string result = i < op.info().results.size() ? op.info().results[i] : std::to_string(i);
    PD_THROW(InvalidArgument, "[", op.name(), "] result ", result, " must be ",
             expected[i] ? expected[i].ToString() : "<<NULL TYPE>>", " (its infer-meta), but got ",
             got ? got.ToString() : "<<NULL TYPE>>");
  }
}

}  // namespace pir
