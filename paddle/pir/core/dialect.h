// A dialect: a namespace of ops ("builtin", "cf", "pd_op"), registered in
// an IrContext once (IrContext::GetOrRegisterDialect).
#pragma once

#include <string>

namespace pir {

class IrContext;

class Dialect {
 public:
  virtual ~Dialect() = default;
  // Registers the dialect's ops in ctx.
  virtual void Initialize(IrContext* ctx) = 0;
};

}  // namespace pir
