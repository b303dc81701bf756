// The program text: printed as PaddlePaddle 3.x prints it, and read back to
// the same program.
#include <gtest/gtest.h>

#include "paddle/common/errors.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/ir_parser.h"
#include "paddle/pir/core/program.h"
#include "paddle/pir/core/verifier.h"
#include "test/cpp/pir/test_dialect.h"

namespace pir {
namespace {

// Every op, operand, type and attribute of a and b agree (attributes and
// types are uniqued, so agreeing is being the same object).
void ExpectSameBlock(const Block& a, const Block& b, std::unordered_map<const ValueImpl*, const ValueImpl*>& map) {
  ASSERT_EQ(a.num_arguments(), b.num_arguments());
  for (size_t i = 0; i < a.num_arguments(); ++i) {
    EXPECT_EQ(a.argument(i).type(), b.argument(i).type());
    map[a.argument(i).impl()] = b.argument(i).impl();
  }
  ASSERT_EQ(a.size(), b.size());
  for (auto ia = a.begin(), ib = b.begin(); ia != a.end(); ++ia, ++ib) {
    const Operation& x = **ia;
    const Operation& y = **ib;
    ASSERT_EQ(x.name(), y.name());
    ASSERT_EQ(x.num_operands(), y.num_operands());
    for (uint32_t i = 0; i < x.num_operands(); ++i) {
      const ValueImpl* mapped = x.operand(i) ? map.at(x.operand(i).impl()) : nullptr;
      EXPECT_EQ(mapped, y.operand(i).impl()) << x.name() << " operand " << i;
    }
    EXPECT_EQ(x.attributes(), y.attributes()) << x.name();
    ASSERT_EQ(x.num_results(), y.num_results());
    for (uint32_t i = 0; i < x.num_results(); ++i) {
      EXPECT_EQ(x.result(i).type(), y.result(i).type());
      map[x.result(i).impl()] = y.result(i).impl();
    }
    ASSERT_EQ(x.num_regions(), y.num_regions());
    for (uint32_t r = 0; r < x.num_regions(); ++r) {
      ASSERT_EQ(x.region(r).size(), y.region(r).size());
      for (size_t k = 0; k < x.region(r).size(); ++k) ExpectSameBlock(x.region(r).block(k), y.region(r).block(k), map);
    }
  }
}

void ExpectRoundTrip(const Program& program) {
  std::string text = program.Print();
  auto parsed = ParseProgram(text, program.context());
  Verify(*parsed);
  std::unordered_map<const ValueImpl*, const ValueImpl*> map;
  ExpectSameBlock(*program.block(), *parsed->block(), map);
  EXPECT_EQ(parsed->Print(), text);
}

class PirTextTest : public ::testing::Test {
 protected:
  IrContext* ctx_ = test::TestContext();
  Program program_{ctx_};
  Builder b_{ctx_, program_.block()};

  Value Data(const std::string& name, paddle::DDim dims, paddle::DataType dtype = paddle::DataType::FLOAT32) {
    return b_.Create("test.data", {},
                     {{"name", b_.str_attr(name)},
                      {"shape", IntArrayAttribute::Get(ctx_, dims.ToVector())},
                      {"dtype", DataTypeAttribute::Get(ctx_, dtype)},
                      {"place", PlaceAttribute::Get(ctx_, paddle::Place())},
                      {"stop_gradient", ArrayAttribute::Get(ctx_, {b_.bool_attr(true)})}},
                     {b_.tensor_type(dtype, dims)})
        ->result(0);
  }
};

TEST_F(PirTextTest, PrintsAsPaddleDoes) {
  Value x = Data("x", paddle::DDim({-1, 4}));
  Operation* add = b_.Build("test.add", {x, x});
  b_.Create("test.print", {add->result(0)}, {}, {});
  EXPECT_EQ(program_.Print(),
            "{\n"
            "    (%0) = \"test.data\" () {dtype:float32,name:\"x\",place:Place(undefined:0),shape:[-1,4],"
            "stop_gradient:[true]} : () -> tensor<-1x4xf32>\n"
            "    (%1) = \"test.add\" (%0, %0) {} : (tensor<-1x4xf32>, tensor<-1x4xf32>) -> tensor<-1x4xf32>\n"
            "    () = \"test.print\" (%1) {} : (tensor<-1x4xf32>) -> \n"
            "}\n");
  ExpectRoundTrip(program_);
}

TEST_F(PirTextTest, AttributesOfEveryKindRoundTrip) {
  Value x = Data("x", paddle::DDim({3}));
  b_.Create("test.scale", {x},
            {{"scale", FloatAttribute::Get(ctx_, 0.1f)},
             {"bias", DoubleAttribute::Get(ctx_, -2.0)},
             {"axis", b_.int32_attr(-1)},
             {"axes", ArrayAttribute::Get(ctx_, {b_.int64_attr(0), b_.int64_attr(2)})},
             // undeclared ones, typed by their tags
             {"f", FloatAttribute::Get(ctx_, 1e30f)},
             {"i", b_.int32_attr(7)},
             {"inf", DoubleAttribute::Get(ctx_, -std::numeric_limits<double>::infinity())},
             {"three", DoubleAttribute::Get(ctx_, 3.0)},
             {"mixed", ArrayAttribute::Get(ctx_, {b_.int32_attr(1), b_.str_attr("s\n"), b_.int64_attr(-5)})},
             {"place", PlaceAttribute::Get(ctx_, paddle::GPUPlace(0))},
             {"scalar", ScalarAttribute::Get(ctx_, phi::Scalar(paddle::complex128(1.5, -2)))},
             {"empty", ArrayAttribute::Get(ctx_, {})}},
            {x.type()});
  b_.Create("test.full", {}, {{"value", ScalarAttribute::Get(ctx_, phi::Scalar(1.0))},
                              {"shape", IntArrayAttribute::Get(ctx_, {})}},
            {b_.tensor_type(paddle::DataType::FLOAT64, paddle::DDim({}))});
  b_.Create("test.full", {}, {{"value", ScalarAttribute::Get(ctx_, phi::Scalar(int64_t{1}))},
                              {"shape", IntArrayAttribute::Get(ctx_, {2})}},
            {b_.tensor_type(paddle::DataType::INT64, paddle::DDim({2}))});
  std::string text = program_.Print();
  EXPECT_NE(text.find("axes:[0,2],axis:-1,bias:-2,empty:[],f:(Float)1e+30,i:(Int32)7,inf:-inf,"
                      "mixed:[(Int32)1,\"s\\n\",-5],place:Place(gpu:0),scalar:(Scalar)[1.5,-2.0],scale:0.1,"
                      "three:(Double)3"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("{shape:[],value:1.0}"), std::string::npos) << text;
  ExpectRoundTrip(program_);
}

TEST_F(PirTextTest, ListsNullOperandsAndRegionsRoundTrip) {
  Value a = Data("a", paddle::DDim({2}));
  Value bv = Data("b", paddle::DDim({2}), paddle::DataType::INT64);
  Value list = b_.Build("builtin.combine", {a, bv})->result(0);
  Operation* split = b_.Build("builtin.split", {list});
  b_.Create("test.print", {Value()}, {}, {});
  Operation* branch = b_.Create("test.if", {split->result(0)}, {}, {a.type()}, 2);
  for (uint32_t r = 0; r < 2; ++r) {
    Builder inner(ctx_, branch->region(r).AddBlock());
    Value v = r ? a : inner.Build("test.add", {a, split->result(0)})->result(0);
    inner.Create("cf.yield", {v}, {}, {});
  }
  Operation* loop = b_.Create("test.loop", {a}, {}, {a.type()}, 1);
  Block* body = loop->region(0).AddBlock();
  Value carried = body->AddArgument(a.type());
  Builder inner(ctx_, body);
  inner.Create("cf.yield", {inner.Build("test.add", {carried, branch->result(0)})->result(0)}, {}, {});
  b_.Create("test.print", {loop->result(0)}, {}, {});
  Verify(program_);
  std::string text = program_.Print();
  EXPECT_NE(text.find("() = \"test.print\" (<<NULL VALUE>>) {} : (<<NULL TYPE>>) -> \n"), std::string::npos);
  EXPECT_NE(text.find("    } else {\n"), std::string::npos) << text;
  EXPECT_NE(text.find("    ^%arg_0: tensor<2xf32>\n"), std::string::npos) << text;
  EXPECT_NE(text.find("-> vec[tensor<2xf32>,tensor<2xi64>]"), std::string::npos) << text;
  ExpectRoundTrip(program_);
}

TEST_F(PirTextTest, ABigProgramRoundTrips) {
  Value v = Data("x", paddle::DDim({8, -1}));
  for (int i = 0; i < 1000; ++i) v = b_.Build("test.add", {v, v})->result(0);
  ExpectRoundTrip(program_);
}

// The parser's errors name the line, the column and what it expected.
void ExpectParseError(const std::string& text, const std::string& message) {
  try {
    ParseProgram(text, test::TestContext());
    ADD_FAILURE() << "parsed: " << text;
  } catch (const paddle::common::Error& e) {
    EXPECT_EQ(e.code(), paddle::common::ErrorCode::kInvalidArgument);
    EXPECT_NE(std::string(e.what()).find(message), std::string::npos) << e.what();
  }
}

TEST(PirParser, MalformedTextIsAClearError) {
  const std::string data = "(%0) = \"test.data\" () {dtype:float32,name:\"x\",place:Place(cpu),shape:[2]} : () -> ";
  ExpectParseError("{\n    (%0) = \"test.nope\" () {} : () -> \n}", "line 2, column 23: expected a registered op");
  ExpectParseError("{\n" + data + "tensor<2xf32>\n" + "(%1) = \"test.add\" (%0, %7) {} : () -> \n}",
                   "expected a value defined before its use, but got %7");
  ExpectParseError("{\n" + data + "tensor<2xq9>\n}", "an element type such as f32");
  ExpectParseError("{\n" + data + "tensor<2x-3xf32>\n}", "dims >= -1");
  ExpectParseError("{\n" + data + "tensor<2xf32>\n" + data + "tensor<2xf32>\n}", "%0, defined before");
  ExpectParseError("{\n" + data + "tensor<2xf32>\n(%1) = \"test.add\" (%0, %0) {} : (tensor<3xf32>) -> \n}",
                   "operand 0's type tensor<2xf32>, but got tensor<3xf32>");
  ExpectParseError("{\n(%0) = \"test.data\" () {dtype:float99} : () -> tensor<2xf32>\n}",
                   "expected a dtype such as float32, but got float99");
  ExpectParseError("{\n(%0) = \"test.data\" () {place:Place(tpu)} : () -> tensor<2xf32>\n}",
                   "expected a place such as cpu or gpu:0, but got tpu");
  // A plugin device's name is an identifier (found by fuzzing the parser).
  ExpectParseError("{\n(%0) = \"test.data\" () {place:Place(un\"de f:0)} : () -> tensor<2xf32>\n}",
                   "expected a place such as cpu or gpu:0, but got un\"de f:0");
  ExpectParseError("{\n(%0) = \"test.scale\" () {axis:1.5} : () -> tensor<2xf32>\n}",
                   "expected an integer, but got 1.5");
  ExpectParseError("{\n(%0) = \"test.scale\" () {axis:(Int99)1} : () -> tensor<2xf32>\n}",
                   "expected an attribute kind such as (Int32), but got (Int99)");
  ExpectParseError("{\n(%0, %1) = \"test.full\" () {} : () -> tensor<2xf32>\n}",
                   "expected 2 result types, but got 1 for test.full");
  ExpectParseError("{\n(%0) = \"test.full\" () {} : () -> tensor<2xf32>\n", "expected an op or '}'");
  ExpectParseError("{\n}\nextra", "expected the end of the program");
  ExpectParseError("{\n(%0) = \"test.full\" () {name:\"open} : () -> tensor<2xf32>\n}", "closing the string");
}

}  // namespace
}  // namespace pir
