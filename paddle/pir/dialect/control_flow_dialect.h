// The control-flow dialect's terminator: cf.yield passes a region's results
// to the op that holds it (pd_op.if's branches, pd_op.while's body).
#pragma once

#include "paddle/pir/core/dialect.h"

namespace pir {

struct YieldOp {
  static constexpr const char* kName = "cf.yield";
};

class ControlFlowDialect : public Dialect {
 public:
  static constexpr const char* kName = "cf";
  void Initialize(IrContext* ctx) override;
};

}  // namespace pir
