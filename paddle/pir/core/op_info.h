// OpInfo: what the IR knows of an op kind, registered once per context by
// its dialect: the signature (operand and result names, declared
// attributes), traits, and interfaces as function pointers (null where the
// op has none). The pd_op infos are generated from the op YAML.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "paddle/pir/core/attribute.h"
#include "paddle/pir/core/type.h"
#include "paddle/pir/core/value.h"

namespace pir {

class Builder;
class IrContext;
class Operation;

struct AttrSpec {
  std::string name;
  AttrKind kind = AttrKind::kAny;
  AttrKind element = AttrKind::kAny;  // of an Array
};

// Traits: facts passes may rely on.
enum OpTrait : uint32_t {
  kNoTraits = 0,
  kPure = 1u << 0,        // no side effect: dead when unused, equal when inputs and attributes are
  kTerminator = 1u << 1,  // ends its block (cf.yield)
  kIsolatedFromAbove = 1u << 2,  // its regions read no value from outside (builtin.module)
};

// The result types for these operand types and attributes.
using InferTypesFn = std::vector<Type> (*)(IrContext* ctx, const std::vector<Type>& operands,
                                           const AttributeMap& attributes);
// Checks what the generic verifier cannot; throws InvalidArgument naming
// the broken rule.
using VerifyFn = void (*)(IrContext* ctx, const Operation& op);
// Gradients per result or operand: one value for a tensor, one per element
// for a vec; a null value where no gradient flows.
using Grads = std::vector<std::vector<Value>>;
// The Vjp interface: the gradients of op's operands from those of its
// results, built at the builder's insertion point (paddle/pir/autodiff).
using VjpFn = Grads (*)(Builder& builder, const Operation& op, const Grads& out_grads);
// The Decompose interface: op's results computed by other ops (the YAML's
// `decomposition:`), built at the builder's insertion point, as one list per
// result (one value for a tensor, the elements of a vec).
using DecomposeFn = std::vector<std::vector<Value>> (*)(Builder& builder, const Operation& op);

// How the kernel of an op is chosen (the YAML's kernel entry; Note [Kernel
// selection] in transforms/kernel_selection_pass.cc). An op without a kernel
// (builtin ops, composites) has an empty `kernel`.
struct KernelSpec {
  std::string kernel;           // the phi kernel's name
  int dtype_operand = -1;       // the operand whose dtype selects the kernel, or
  std::string dtype_attribute;  // the attribute naming it (full's dtype)
  std::string place_attribute;  // the attribute naming where it runs (full's place), if any
  bool view = false;            // its output shares its input's memory (reshape)
  // Element i of its result reads only element i of each operand of the
  // result's shape (exp, add): it may write over such an operand (Note
  // [In-place] in transforms/buffer_reuse_pass.cc).
  bool pointwise = false;
};

struct OpInfo {
  std::string name;  // "<dialect>.<op>"
  // Names of the operands and results; a variadic op (builtin.combine) has
  // none and any count.
  std::vector<std::string> operands;
  std::vector<std::string> results;
  bool variadic_operands = false;
  bool variadic_results = false;
  uint32_t num_regions = 0;
  std::vector<AttrSpec> attributes;  // the declared ones; others may be added (stop_gradient)
  uint32_t traits = kNoTraits;
  KernelSpec kernel;

  InferTypesFn infer_types = nullptr;
  VerifyFn verify = nullptr;
  VjpFn vjp = nullptr;
  DecomposeFn decompose = nullptr;

  bool HasTrait(OpTrait t) const { return (traits & t) != 0; }
  const AttrSpec* FindAttribute(const std::string& attr) const;
};

}  // namespace pir
