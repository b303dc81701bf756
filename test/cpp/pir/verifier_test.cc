#include <gtest/gtest.h>

#include "paddle/common/errors.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/program.h"
#include "paddle/pir/core/verifier.h"
#include "test/cpp/pir/test_dialect.h"

namespace pir {
namespace {

class PirVerifierTest : public ::testing::Test {
 protected:
  Value Tensor(paddle::DDim dims = paddle::DDim({2})) {
    return b_.Create("test.full", {},
                     {{"value", ScalarAttribute::Get(ctx_, phi::Scalar(1.0))},
                      {"shape", IntArrayAttribute::Get(ctx_, dims.ToVector())}},
                     {b_.tensor_type(paddle::DataType::FLOAT32, dims)})
        ->result(0);
  }

  void ExpectBroken(const std::string& message) {
    try {
      Verify(program_);
      ADD_FAILURE() << "verified:\n" << program_.Print();
    } catch (const paddle::common::Error& e) {
      EXPECT_EQ(e.code(), paddle::common::ErrorCode::kInvalidArgument);
      EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
    }
  }

  IrContext* ctx_ = test::TestContext();
  Program program_{ctx_};
  Builder b_{ctx_, program_.block()};
};

TEST_F(PirVerifierTest, AWellFormedProgramPasses) {
  Value x = Tensor();
  b_.Build("test.add", {x, x});
  Verify(program_);
}

TEST_F(PirVerifierTest, NamesTheOpAndTheRule) {
  Value x = Tensor();
  b_.Create("test.add", {x}, {}, {x.type()});
  ExpectBroken("[test.add] expects 2 operands (x, y), but has 1; in: (%1) = \"test.add\" (%0)");
}

TEST_F(PirVerifierTest, UseBeforeDefinition) {
  Value x = Tensor();
  Operation* add = b_.Build("test.add", {x, x});
  b_.SetInsertionPoint(x.defining_op());
  b_.Build("test.add", {add->result(0), x});
  ExpectBroken("[test.add] operand 0 is used where it is not defined");
}

TEST_F(PirVerifierTest, ValuesOfARegionStayInIt) {
  Value x = Tensor();
  Operation* branch = b_.Create("test.if", {x}, {}, {x.type()}, 2);
  Builder inner(ctx_, branch->region(0).AddBlock());
  Value inside = inner.Build("test.add", {x, x})->result(0);
  inner.Create("cf.yield", {inside}, {}, {});
  branch->region(1).AddBlock();
  b_.Build("test.add", {inside, x});
  ExpectBroken("operand 0 is used where it is not defined (before its definition, or outside the region");
}

TEST_F(PirVerifierTest, AttributesMustBeDeclaredKinds) {
  Value x = Tensor();
  b_.Create("test.scale", {x},
            {{"scale", b_.double_attr(1.0)}, {"bias", b_.double_attr(0)}, {"axis", b_.int32_attr(0)},
             {"axes", ArrayAttribute::Get(ctx_, {})}},
            {x.type()});
  ExpectBroken("[test.scale] attribute 'scale' must be Float, but is Double");
}

TEST_F(PirVerifierTest, ArrayElementsMustBeDeclaredKinds) {
  Value x = Tensor();
  b_.Create("test.scale", {x},
            {{"scale", FloatAttribute::Get(ctx_, 1.0f)}, {"bias", b_.double_attr(0)}, {"axis", b_.int32_attr(0)},
             {"axes", ArrayAttribute::Get(ctx_, {b_.int32_attr(1)})}},
            {x.type()});
  ExpectBroken("attribute 'axes' must hold Int64 values, but holds Int32");
}

TEST_F(PirVerifierTest, MissingAttribute) {
  b_.Create("test.full", {}, {}, {b_.tensor_type(paddle::DataType::FLOAT32, paddle::DDim({1}))});
  ExpectBroken("[test.full] needs the attribute 'value'");
}

TEST_F(PirVerifierTest, RegionsAndResultsCount) {
  Value x = Tensor();
  b_.Create("test.if", {x}, {}, {x.type()}, 1);
  ExpectBroken("[test.if] expects 2 regions, but has 1");
}

TEST_F(PirVerifierTest, TerminatorEndsItsBlock) {
  Value x = Tensor();
  Operation* loop = b_.Create("test.loop", {x}, {}, {x.type()}, 1);
  Builder inner(ctx_, loop->region(0).AddBlock());
  inner.Create("cf.yield", {x}, {}, {});
  inner.Build("test.add", {x, x});
  ExpectBroken("[cf.yield] a terminator must be the last op of its block");
}

TEST_F(PirVerifierTest, OpInterfacesVerifyTheirOwnRules) {
  Value a = Tensor();
  Value list = b_.Build("builtin.combine", {a, a})->result(0);
  b_.Create("builtin.split", {list}, {}, {a.type()});
  ExpectBroken("[builtin.split] has 1 results, but its infer-meta gives 2");
}

}  // namespace
}  // namespace pir
