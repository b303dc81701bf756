// The verifier: every op well-formed against its OpInfo and every value
// defined before its use. A broken rule is InvalidArgument naming the op,
// the rule, and the op's line with the program's value names.
#pragma once

#include "paddle/pir/core/program.h"

namespace pir {

void Verify(const Program& program);

// The verify interface of ops whose result types are what their
// infer_types gives (builtin.combine, every pd_op): InvalidArgument naming
// the first result that differs.
void VerifyInferredTypes(IrContext* ctx, const Operation& op);

}  // namespace pir
