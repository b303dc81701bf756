// A small dialect for the IR's tests: ops with each kind of declared
// attribute, one with a region, and type inference.
#pragma once

#include "paddle/pir/core/dialect.h"
#include "paddle/pir/core/ir_context.h"
#include "paddle/pir/core/op_info.h"

namespace pir::test {

inline std::vector<Type> SameAsFirst(IrContext*, const std::vector<Type>& operands, const AttributeMap&) {
  return {operands.at(0)};
}

class TestDialect : public Dialect {
 public:
  static constexpr const char* kName = "test";
  void Initialize(IrContext* ctx) override {
    ctx->RegisterOp({.name = "test.data", .results = {"out"},
                     .attributes = {{"name", AttrKind::kStr},
                                    {"shape", AttrKind::kIntArray},
                                    {"dtype", AttrKind::kDataType},
                                    {"place", AttrKind::kPlace}}});
    ctx->RegisterOp({.name = "test.full", .results = {"out"},
                     .attributes = {{"value", AttrKind::kScalar}, {"shape", AttrKind::kIntArray}},
                     .traits = kPure});
    ctx->RegisterOp({.name = "test.add", .operands = {"x", "y"}, .results = {"out"}, .traits = kPure,
                     .infer_types = SameAsFirst});
    ctx->RegisterOp({.name = "test.scale", .operands = {"x"}, .results = {"out"},
                     .attributes = {{"scale", AttrKind::kFloat}, {"bias", AttrKind::kDouble},
                                    {"axis", AttrKind::kInt32}, {"axes", AttrKind::kArray, AttrKind::kInt64}},
                     .traits = kPure, .infer_types = SameAsFirst});
    ctx->RegisterOp({.name = "test.print", .operands = {"x"}});
    ctx->RegisterOp({.name = "test.if", .operands = {"cond"}, .results = {"out"}, .num_regions = 2});
    ctx->RegisterOp({.name = "test.loop", .operands = {"init"}, .results = {"out"}, .num_regions = 1});
  }
};

inline IrContext* TestContext() {
  IrContext* ctx = IrContext::Instance();
  ctx->GetOrRegisterDialect<TestDialect>();
  return ctx;
}

}  // namespace pir::test
