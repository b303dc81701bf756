// The kernel dialect: pd_kernel.phi_kernel ops print as Paddle prints
// them ("matmul(phi_kernel)", a kernel_key attribute), read back, and verify
// against their pd_op op.
#include <gtest/gtest.h>

#include "paddle/common/errors.h"
#include "paddle/phi/core/kernel_key.h"
#include "paddle/pir/core/builder.h"
#include "paddle/pir/core/ir_parser.h"
#include "paddle/pir/core/program.h"
#include "paddle/pir/core/verifier.h"
#include "paddle/pir/dialect/generated/pd_ops.h"
#include "paddle/pir/dialect/pd_kernel_dialect.h"
#include "paddle/pir/dialect/pd_op_dialect.h"
#include "paddle/pir/transforms/pass.h"
#include "paddle/pir/transforms/passes.h"

namespace pir {
namespace {

using paddle::DataType;

class PdKernelTest : public ::testing::Test {
 protected:
  // x [2, 3] f32 times w [3, 3] f64 (the builder casts x), lowered.
  void BuildAndLower() {
    Value x = pd_op::data(b_, "x", {2, 3}, DataType::FLOAT32);
    Value w = pd_op::data(b_, "w", {3, 3}, DataType::FLOAT64);
    Value out = pd_op::matmul(b_, x, w, false, true);
    b_.Create("builtin.shadow_output", {out}, {{"output_name", b_.str_attr("out")}}, {});
    PassManager pm;
    pm.AddPass(CreatePass("kernel_selection"));
    pm.Run(program_);
  }

  IrContext* ctx_ = IrContext::Instance();
  Program program_{ctx_};
  Builder b_{ctx_, program_.block()};
};

TEST_F(PdKernelTest, LoweredOpsPrintAsPaddleAndRoundTrip) {
  BuildAndLower();
  std::string text = program_.Print();
  EXPECT_NE(text.find("= \"cast(phi_kernel)\" (%0) {dtype:float64,kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|"
                      "dtype:float32>,kernel_name:\"cast\",op_name:\"pd_op.cast\"} : (tensor<2x3xf32>) -> "
                      "tensor<2x3xf64>"),
            std::string::npos)
      << text;
  EXPECT_NE(text.find("= \"matmul(phi_kernel)\" (%2, %1) {kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|"
                      "dtype:float64>,kernel_name:\"matmul\",op_name:\"pd_op.matmul\",transpose_x:false,"
                      "transpose_y:true}"),
            std::string::npos)
      << text;
  auto parsed = ParseProgram(text);
  Verify(*parsed);
  EXPECT_EQ(parsed->Print(), text);
  const Operation* matmul = parsed->block()->back()->prev();
  EXPECT_EQ(matmul->name(), PhiKernelOp::kName);
  EXPECT_EQ(PhiKernelOp::OpOf(*matmul).name, "pd_op.matmul");
  const phi::KernelKey key = matmul->attribute<KernelKeyAttribute>("kernel_key").data();
  EXPECT_EQ(key.backend, phi::Backend::CPU);
  EXPECT_EQ(key.layout, phi::DataLayout::ANY);
  EXPECT_EQ(key.dtype, DataType::FLOAT64);
}

TEST_F(PdKernelTest, KernelKeysReadEveryLayoutAndNameWhatIsWrong) {
  EXPECT_EQ(ParseKernelKey("backend:GPU|layout:NHWC|dtype:float16").layout, phi::DataLayout::NHWC);
  EXPECT_EQ(ParseKernelKey("backend:Undefined|layout:NCHW|dtype:Undefined").dtype, DataType::UNDEFINED);
  for (const auto& [body, why] : std::vector<std::pair<std::string, std::string>>{
           {"backend:CPU|layout:Undefined(AnyLayout)", "has no dtype: part"},
           {"layout:NCHW|backend:CPU|dtype:float32", "has no backend: part"},
           {"backend:CPU|layout:NCWH|dtype:float32", "names an unknown layout"},
           {"backend:|layout:NCHW|dtype:float32", "has no backend"},
           {"backend:CPU|layout:NCHW|dtype:float32|extra", "has more parts"}}) {
    try {
      ParseKernelKey(body);
      ADD_FAILURE() << body;
    } catch (const paddle::common::Error& e) {
      EXPECT_NE(std::string(e.what()).find(why), std::string::npos) << e.what();
    }
  }
  EXPECT_THROW(ParseKernelKey("backend:CPU|layout:NCHW|dtype:float99"), paddle::common::Error);
}

TEST_F(PdKernelTest, VerifierChecksTheKernelAttributesAndTypes) {
  BuildAndLower();
  Operation* matmul = program_.block()->back()->prev();
  matmul->erase_attribute("kernel_key");
  try {
    Verify(program_);
    ADD_FAILURE() << "verified without a kernel_key";
  } catch (const paddle::common::Error& e) {
    EXPECT_NE(std::string(e.what()).find("needs the attribute 'kernel_key'"), std::string::npos) << e.what();
  }
  matmul->set_attribute("kernel_key", KernelKeyAttribute::Get(ctx_, {phi::Backend::CPU, phi::DataLayout::ANY,
                                                                      DataType::FLOAT64}));
  matmul->set_attribute("transpose_y", b_.bool_attr(false));  // [2, 3] x [3, 3] still, but check the types
  Verify(program_);
  matmul->result(0).set_type(b_.tensor_type(DataType::FLOAT64, paddle::DDim({3, 3})));
  try {
    Verify(program_);
    ADD_FAILURE() << "verified a wrong result type";
  } catch (const paddle::common::Error& e) {
    EXPECT_NE(std::string(e.what()).find("result 0 must be tensor<2x3xf64> (pd_op.matmul's infer-meta)"),
              std::string::npos)
        << e.what();
  }
}

TEST_F(PdKernelTest, ProgramsCloneWithAMapOfTheirValues) {
  Value x = pd_op::data(b_, "x", {4}, DataType::FLOAT32);
  Value y = pd_op::exp(b_, x);
  IrMapping mapping;
  auto copy = program_.Clone(mapping);
  EXPECT_EQ(copy->Print(), program_.Print());
  Value y_copy = mapping.Lookup(y);
  ASSERT_NE(y_copy, y);
  EXPECT_EQ(y_copy.defining_op()->parent_block(), copy->block());
  EXPECT_EQ(y_copy.defining_op()->operand(0), mapping.Lookup(x));
  EXPECT_EQ(x.use_count(), 1u);  // the copy reads its own x
}

}  // namespace
}  // namespace pir
