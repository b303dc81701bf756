// The pass manager, the greedy rewrite driver, and the passes, on small
// programs whose results are counted by hand.
#include <gtest/gtest.h>

#include <sstream>

#include "paddle/common/errors.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/program.h"
#include "paddle/pir/core/verifier.h"
#include "paddle/pir/dialect/pd_op_support.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/pattern_rewrite.h"
#include "paddle/pir/dialect/pd_op_dialect.h"
#include "test/cpp/pir/test_dialect.h"

namespace pir {

// An analysis for the cache tests: counts how often it is computed.
struct CountingAnalysis {
  static int computed;
  explicit CountingAnalysis(const Program& p) : ops(p.block()->size()) { ++computed; }
  size_t ops;
};
int CountingAnalysis::computed = 0;

}  // namespace pir

PIR_DECLARE_TYPE_ID(pir::CountingAnalysis)
PIR_DEFINE_TYPE_ID(pir::CountingAnalysis)

namespace pir {
namespace {

using paddle::DataType;
using paddle::DDim;

class PassTest : public ::testing::Test {
 protected:
  IrContext* ctx_ = IrContext::Instance();
  Program program_{ctx_};
  Builder b_{ctx_, program_.block()};

  Value Data(const std::string& name, std::vector<int64_t> shape) {
    return pd_op::data(b_, name, shape, DataType::FLOAT32);
  }
  Value Exp(Value x) { return b_.Build("pd_op.exp", {x})->result(0); }
  Value Add(Value x, Value y) { return b_.Build("pd_op.add", {x, y})->result(0); }
  void Output(Value v, const std::string& name) {
    b_.Create("builtin.shadow_output", {v}, {{"output_name", b_.str_attr(name)}}, {});
  }
  size_t Count(const std::string& name) {
    size_t n = 0;
    program_.module_op()->Walk([&](Operation* op) { n += op->name() == name; });
    return n;
  }
};

TEST_F(PassTest, DeadCodeEliminationErasesUnusedPureChains) {
  Value x = Data("x", {4});
  Value used = Exp(x);
  Value dead = Exp(Exp(Add(x, x)));  // a chain of four dead ops
  (void)dead;
  b_.Build("pd_op.dropout", {x}, {{"p", ScalarAttribute::Get(ctx_, phi::Scalar(0.5))},
                                  {"upscale", b_.bool_attr(true)}, {"seed", b_.int64_attr(0)},
                                  {"is_test", b_.bool_attr(false)}});
  Output(used, "y");
  PassManager pm;
  pm.AddPass(CreateDeadCodeEliminationPass());
  pm.Run(program_);
  EXPECT_EQ(Count("pd_op.exp"), 1u);
  EXPECT_EQ(Count("pd_op.add"), 0u);
  // dropout draws random numbers: not pure, so it stays though unused;
  // so do the data op and the output.
  EXPECT_EQ(Count("pd_op.dropout"), 1u);
  EXPECT_EQ(Count("pd_op.data"), 1u);
  EXPECT_EQ(Count("builtin.shadow_output"), 1u);
}

TEST_F(PassTest, CommonSubexpressionEliminationMergesEqualOps) {
  Value x = Data("x", {4});
  Value y = Data("y", {4});
  Value a1 = Add(x, y);
  Value a2 = Add(x, y);      // same as a1
  Value a3 = Add(y, x);      // other operand order: kept
  Value e1 = Exp(a1);
  Value e2 = Exp(a2);        // same as e1 once a2 is a1
  Output(Add(Add(e1, e2), a3), "out");
  PassManager pm;
  pm.AddPass(CreateCommonSubexpressionEliminationPass());
  pm.Run(program_);
  EXPECT_EQ(Count("pd_op.exp"), 1u);
  // a1, a3, e1 + e1, and the final add
  EXPECT_EQ(Count("pd_op.add"), 4u);
  EXPECT_EQ(Count("pd_op.data"), 2u);  // data ops are not pure: two inputs stay two
}

TEST_F(PassTest, CommonSubexpressionEliminationRespectsRegions) {
  // An op before an if replaces its equal in a branch; ops in one branch
  // replace none in the other branch or after the if.
  test::TestContext();
  Value x = Data("x", {4});
  Value before = Exp(x);
  Value cond = b_.Build("pd_op.less_than", {x, x})->result(0);
  Operation* if_op = b_.Create("test.if", {cond}, {}, {x.type()}, 2);
  for (uint32_t r = 0; r < 2; ++r) {
    Builder inner(ctx_, if_op->region(r).AddBlock());
    Value e = inner.Build("pd_op.exp", {x})->result(0);
    Value s = inner.Build("pd_op.sin", {x})->result(0);
    inner.Create("cf.yield", {inner.Build("pd_op.add", {e, s})->result(0)}, {}, {});
  }
  Value after = b_.Build("pd_op.sin", {x})->result(0);
  Output(Add(Add(before, after), if_op->result(0)), "out");
  PassManager pm;
  pm.AddPass(CreateCommonSubexpressionEliminationPass());
  pm.Run(program_);
  EXPECT_EQ(Count("pd_op.exp"), 1u);
  EXPECT_EQ(Count("pd_op.sin"), 3u);
  EXPECT_EQ(if_op->region(1).front().front()->name(), "pd_op.sin");  // its exp went
}

// Rewrites exp(log(x)) to x, to exercise the driver.
class ExpOfLog : public RewritePattern {
 public:
  ExpOfLog() : RewritePattern("pd_op.exp") {}
  bool MatchAndRewrite(Operation* op, PatternRewriter& rewriter) const override {
    Operation* producer = op->operand(0).defining_op();
    if (!producer || producer->name() != "pd_op.log") return false;
    rewriter.ReplaceOp(op, {producer->operand(0)});
    return true;
  }
};

// A pattern of lower benefit on the same op, which counts its tries.
class NeverMatches : public RewritePattern {
 public:
  NeverMatches() : RewritePattern("pd_op.exp", /*benefit=*/0) {}
  bool MatchAndRewrite(Operation*, PatternRewriter&) const override {
    ++tries;
    return false;
  }
  static int tries;
};
int NeverMatches::tries = 0;

TEST_F(PassTest, GreedyDriverRewritesToAFixpoint) {
  Value x = Data("x", {4});
  Value v = x;
  for (int i = 0; i < 3; ++i) v = b_.Build("pd_op.exp", {b_.Build("pd_op.log", {v})->result(0)})->result(0);
  Output(v, "y");
  RewritePatternSet patterns;
  patterns.Add<NeverMatches>().Add<ExpOfLog>();
  NeverMatches::tries = 0;
  GreedyRewriteResult r = ApplyPatternsGreedily(program_, patterns);
  EXPECT_TRUE(r.converged);
  EXPECT_EQ(r.rewrites, 3);
  EXPECT_EQ(r.erased_dead, 3);  // the logs, dead once their exps are gone
  EXPECT_EQ(Count("pd_op.exp"), 0u);
  EXPECT_EQ(Count("pd_op.log"), 0u);
  // The higher-benefit pattern is tried first: ExpOfLog matched each exp
  // the first time, so NeverMatches was never asked.
  EXPECT_EQ(NeverMatches::tries, 0);
  Operation* out = program_.block()->back();
  EXPECT_EQ(out->operand(0), x);
  Verify(program_);
}

TEST_F(PassTest, PassManagerTimesPrintsAndVerifies) {
  Value x = Data("x", {4});
  Exp(x);
  Output(x, "y");
  std::ostringstream printed;
  PassManager pm;
  pm.AddPass(CreateCommonSubexpressionEliminationPass());
  pm.AddPass(CreateDeadCodeEliminationPass());
  pm.EnableIrPrinting(&printed);
  pm.Run(program_);
  ASSERT_EQ(pm.timings().size(), 2u);
  EXPECT_EQ(pm.timings()[0].pass, "common_subexpression_elimination");
  EXPECT_EQ(pm.timings()[1].pass, "dead_code_elimination");
  EXPECT_NE(pm.TimingReport().find("dead_code_elimination"), std::string::npos);
  std::string text = printed.str();
  size_t before = text.find("// ----- IR before dead_code_elimination -----");
  size_t after = text.find("// ----- IR after dead_code_elimination -----");
  ASSERT_NE(before, std::string::npos);
  ASSERT_NE(after, std::string::npos);
  EXPECT_NE(text.substr(before, after - before).find("pd_op.exp"), std::string::npos);
  EXPECT_EQ(text.substr(after).find("pd_op.exp"), std::string::npos);
}

class BreaksTheProgram : public Pass {
 public:
  BreaksTheProgram() : Pass("breaks_the_program") {}
  void Run(Program& program, AnalysisManager&) override {
    Operation* relu = program.block()->back();
    relu->set_attribute("extra", BoolAttribute::Get(program.context(), true));
    relu->set_operand(0, relu->result(0));  // uses itself
  }
};

TEST_F(PassTest, AnInvalidProgramNamesThePass) {
  Value x = Data("x", {4});
  b_.Build("pd_op.relu", {x});
  PassManager pm;
  pm.AddPass(std::make_unique<BreaksTheProgram>());
  try {
    pm.Run(program_);
    ADD_FAILURE() << "no error";
  } catch (const paddle::common::Error& e) {
    EXPECT_NE(std::string(e.what()).find("[pass breaks_the_program] left an invalid program: [pd_op.relu] operand 0"),
              std::string::npos)
        << e.what();
  }
}

class UsesTheAnalysis : public Pass {
 public:
  explicit UsesTheAnalysis(bool preserve) : Pass("uses_the_analysis") {
    if (preserve) Preserve<CountingAnalysis>();
  }
  void Run(Program&, AnalysisManager& analyses) override { seen = analyses.Get<CountingAnalysis>().ops; }
  size_t seen = 0;
};

TEST_F(PassTest, AnalysesAreCachedUntilAPassDropsThem) {
  Data("x", {4});
  CountingAnalysis::computed = 0;
  PassManager keeps;
  keeps.AddPass(std::make_unique<UsesTheAnalysis>(true));
  keeps.AddPass(std::make_unique<UsesTheAnalysis>(true));
  keeps.Run(program_);
  EXPECT_EQ(CountingAnalysis::computed, 1);
  CountingAnalysis::computed = 0;
  PassManager drops;
  drops.AddPass(std::make_unique<UsesTheAnalysis>(false));
  drops.AddPass(std::make_unique<UsesTheAnalysis>(false));
  drops.Run(program_);
  EXPECT_EQ(CountingAnalysis::computed, 2);
}

}  // namespace
}  // namespace pir

namespace pir {
namespace {

class AlgebraicSimplificationTest : public PassTest {
 protected:
  Value Full(std::vector<int64_t> shape, phi::Scalar value, DataType dtype = DataType::FLOAT32) {
    return b_.Build("pd_op.full", {}, {{"shape", IntArrayAttribute::Get(ctx_, shape)},
                                       {"fill_value", ScalarAttribute::Get(ctx_, value)},
                                       {"dtype", DataTypeAttribute::Get(ctx_, dtype)},
                                       {"place", PlaceAttribute::Get(ctx_, paddle::Place())}})
        ->result(0);
  }
  Value Binary(const char* op, Value x, Value y) { return b_.Build(op, {x, y})->result(0); }
  Value Unary(const char* op, Value x) { return b_.Build(op, {x})->result(0); }
  // Runs the pass; the value the output named `name` reads.
  void Simplify() {
    PassManager pm;
    pm.AddPass(CreateAlgebraicSimplificationPass());
    pm.Run(program_);
  }
  Value OutputSource(size_t k) {
    size_t seen = 0;
    for (Operation* op : *program_.block()) {
      if (op->name() == "builtin.shadow_output" && seen++ == k) return op->operand(0);
    }
    return Value();
  }
};

TEST_F(AlgebraicSimplificationTest, IdentitiesFold) {
  Value x = Data("x", {2, 4});
  Output(Binary("pd_op.multiply", x, Full({1}, 1.0)), "a");      // x * 1
  Output(Binary("pd_op.multiply", Full({4}, 1.0), x), "b");      // 1 * x
  Output(Binary("pd_op.divide", x, Full({}, 1.0)), "c");         // x / 1
  Output(Binary("pd_op.subtract", x, Full({1}, 0.0)), "d");      // x - 0
  Output(Unary("pd_op.neg", Unary("pd_op.neg", x)), "e");        // --x
  Output(b_.Build("pd_op.cast", {x}, {{"dtype", DataTypeAttribute::Get(ctx_, DataType::FLOAT32)}})->result(0), "f");
  Simplify();
  for (size_t k = 0; k < 6; ++k) EXPECT_EQ(OutputSource(k), x) << "output " << k;
  // The constants and the inner neg are dead now, and gone.
  EXPECT_EQ(Count("pd_op.full"), 0u);
  EXPECT_EQ(Count("pd_op.neg"), 0u);
  EXPECT_EQ(Count("pd_op.cast"), 0u);
}

TEST_F(AlgebraicSimplificationTest, WhatWouldChangeAValueStays) {
  Value x = Data("x", {4});
  Output(Binary("pd_op.multiply", x, Full({2, 4}, 1.0)), "broadcast");  // the shape grows
  Output(Binary("pd_op.multiply", x, Full({1}, 2.0)), "two");
  Output(Binary("pd_op.add", x, Full({1}, 0.0)), "float_plus_zero");    // -0.0 + 0.0 is +0.0
  Output(Binary("pd_op.divide", Full({1}, 1.0), x), "one_over_x");
  Output(Binary("pd_op.subtract", Full({1}, 0.0), x), "zero_minus_x");
  Simplify();
  for (size_t k = 0; k < 5; ++k) EXPECT_NE(OutputSource(k), x) << "output " << k;
  EXPECT_EQ(Count("pd_op.full"), 5u);
}

TEST_F(AlgebraicSimplificationTest, IntegerPlusZeroFolds) {
  Value i = pd_op::data(b_, "i", {3}, DataType::INT32);
  Output(Binary("pd_op.add", Full({1}, int64_t{0}, DataType::INT32), i), "a");
  Simplify();
  EXPECT_EQ(OutputSource(0), i);
}

TEST_F(AlgebraicSimplificationTest, TransposesAndReshapesCompose) {
  Value x = Data("x", {2, 3, 4});
  auto transpose = [&](Value v, std::vector<int64_t> perm) {
    return b_.Build("pd_op.transpose", {v}, {{"perm", pd_op::AttrFrom(ctx_, perm)}})->result(0);
  };
  auto reshape = [&](Value v, std::vector<int64_t> shape) {
    return b_.Build("pd_op.reshape", {v}, {{"shape", IntArrayAttribute::Get(ctx_, shape)}})->result(0);
  };
  Output(transpose(transpose(x, {1, 2, 0}), {2, 0, 1}), "identity");
  Output(transpose(transpose(x, {1, 0, 2}), {0, 2, 1}), "composed");
  Output(reshape(reshape(x, {6, 4}), {-1}), "flat");
  Output(reshape(reshape(x, {6, 4}), {0, 2, 2}), "keeps_a_dim");  // 0 copies the inner 6
  Simplify();
  EXPECT_EQ(OutputSource(0), x);
  Operation* composed = OutputSource(1).defining_op();
  ASSERT_EQ(composed->name(), "pd_op.transpose");
  EXPECT_EQ(composed->operand(0), x);
  // y[i,j,k] = x[j,i,k], then z[i,j,k] = y[i,k,j] = x[k,i,j]: z's axes are
  // x's axes 1, 2, 0.
  EXPECT_EQ(composed->attribute("perm"), pd_op::AttrFrom(ctx_, std::vector<int64_t>{1, 2, 0}));
  EXPECT_EQ(OutputSource(1).type(), b_.tensor_type(DataType::FLOAT32, DDim({3, 4, 2})));
  Operation* flat = OutputSource(2).defining_op();
  EXPECT_EQ(flat->operand(0), x);
  Operation* kept = OutputSource(3).defining_op();
  EXPECT_EQ(kept->operand(0).defining_op()->name(), "pd_op.reshape");
  Verify(program_);
}

}  // namespace
}  // namespace pir
