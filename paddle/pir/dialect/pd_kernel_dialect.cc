#include "paddle/pir/dialect/pd_kernel_dialect.h"

#include "paddle/common/errors.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/verifier.h"

namespace pir {
namespace {

constexpr const char* kSuffix = "(phi_kernel)";

// The kernel attributes, and result types its pd_op's infer-meta agrees with.
void VerifyPhiKernel(IrContext* ctx, const Operation& op) {
  for (const char* name : {"op_name", "kernel_name", "kernel_key"}) {
    PD_CHECK(bool(op.attribute(name)), InvalidArgument, "[", PhiKernelOp::kName, "] needs the attribute ", name);
  }
  const OpInfo& of = PhiKernelOp::OpOf(op);
  if (!of.infer_types) return;
  std::vector<Type> expected = of.infer_types(ctx, TypesOf(op.operands()), op.attributes());
  PD_CHECK(expected.size() == op.num_results(), InvalidArgument, "[", PrintedOpName(op), "] has ", op.num_results(),
           " results, but ", of.name, "'s infer-meta gives ", expected.size());
  for (uint32_t i = 0; i < op.num_results(); ++i) {
    PD_CHECK(op.result(i).type() == expected[i], InvalidArgument, "[", PrintedOpName(op), "] result ", i,
             " must be ", expected[i].ToString(), " (", of.name, "'s infer-meta), but got ",
             op.result(i).type().ToString());
  }
}

}  // namespace

const OpInfo& PhiKernelOp::OpOf(const Operation& op) {
  auto name = op.attribute<StrAttribute>("op_name");
  PD_CHECK(bool(name), InvalidArgument, "[", kName, "] needs the attribute op_name");
  const OpInfo* info = IrContext::Instance()->FindOp(name.data());
  PD_CHECK(info != nullptr, InvalidArgument, "[", kName, "] op_name '", name.data(), "' is not a registered op");
  return *info;
}

void PdKernelDialect::Initialize(IrContext* ctx) {
  ctx->RegisterOp({.name = PhiKernelOp::kName,
                   .variadic_operands = true,
                   .variadic_results = true,
                   .attributes = {{"op_name", AttrKind::kStr},
                                  {"kernel_name", AttrKind::kStr},
                                  {"kernel_key", AttrKind::kKernelKey}},
                   .verify = VerifyPhiKernel});
}

const OpInfo& SemanticsOf(const Operation& op) {
  return op.name() == PhiKernelOp::kName ? PhiKernelOp::OpOf(op) : op.info();
}

std::string PrintedOpName(const Operation& op) {
  if (op.name() != PhiKernelOp::kName) return op.name();
  auto kernel = op.attribute<StrAttribute>("kernel_name");
  return (kernel ? kernel.data() : std::string("<<NO KERNEL>>")) + kSuffix;
}

const OpInfo* OpOfPrintedName(IrContext* ctx, const std::string& name, const OpInfo** attributes_of) {
  const size_t n = std::char_traits<char>::length(kSuffix);
  if (name.size() <= n || name.compare(name.size() - n, n, kSuffix) != 0) {
    *attributes_of = ctx->FindOp(name);
    return *attributes_of;
  }
  *attributes_of = ctx->FindOp(std::string("pd_op.") + name.substr(0, name.size() - n));
  return ctx->FindOp(PhiKernelOp::kName);
}

const AttrSpec* FindAttributeSpec(const Operation& op, const std::string& name) {
  if (const AttrSpec* own = op.info().FindAttribute(name)) return own;
  if (op.name() != PhiKernelOp::kName) return nullptr;
  auto of = op.attribute<StrAttribute>("op_name");
  const OpInfo* info = of ? IrContext::Instance()->FindOp(of.data()) : nullptr;
  return info ? info->FindAttribute(name) : nullptr;
}

}  // namespace pir
