#include <gtest/gtest.h>

#include "paddle/phi/core/kernel_registry.h"

namespace phi {

template <typename T, typename Context>
void RegistryTestKernel(const Context&, const DenseTensor&, DenseTensor* out) {
  out->mutable_meta()->dtype = paddle::DataTypeOf<T>;
}

}  // namespace phi

PD_REGISTER_KERNEL(registry_test_op, CPU, phi::RegistryTestKernel, float, int64_t);

namespace phi {
namespace {

using Signature = void(const DeviceContext&, const DenseTensor&, DenseTensor*);

TEST(KernelRegistry, SelectsByDtypeAndRuns) {
  const Kernel& k = KernelFactory::Instance().Select(
      "registry_test_op", {Backend::CPU, DataLayout::ANY, DataType::INT64});
  DenseTensor x, out;
  k.Get<Signature>("registry_test_op")(GetDeviceContext(paddle::CPUPlace()), x, &out);
  EXPECT_EQ(out.dtype(), DataType::INT64);
}

TEST(KernelRegistry, MissingDtypeListsWhatIsRegistered) {
  try {
    KernelFactory::Instance().Select("registry_test_op", {Backend::CPU, DataLayout::ANY, DataType::FLOAT64});
    FAIL();
  } catch (const paddle::common::Error& e) {
    std::string msg = e.what();
    EXPECT_EQ(e.code(), paddle::common::ErrorCode::kUnimplemented);
    EXPECT_NE(msg.find("[registry_test_op] no kernel for (CPU, float64)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("(CPU, float32)"), std::string::npos) << msg;
    EXPECT_NE(msg.find("(CPU, int64)"), std::string::npos) << msg;
  }
}

TEST(KernelRegistry, UnknownOpAndWrongSignatureAreErrors) {
  EXPECT_THROW(KernelFactory::Instance().Select("no_such_op", {Backend::CPU, DataLayout::ANY, DataType::FLOAT32}),
               paddle::common::Error);
  const Kernel& k = KernelFactory::Instance().Select(
      "registry_test_op", {Backend::CPU, DataLayout::ANY, DataType::FLOAT32});
  EXPECT_THROW(k.Get<void(const DeviceContext&, DenseTensor*)>("registry_test_op"), paddle::common::Error);
}

TEST(KernelRegistry, DuplicateRegistrationIsRejected) {
  EXPECT_THROW(RegisterKernels<float>("registry_test_op", Backend::CPU, []<typename T>() {
                 return MakeKernel<&RegistryTestKernel<T, CPUContext>>();
               }),
               paddle::common::Error);
}

TEST(KernelRegistry, FirstOpsAreRegisteredOnCpu) {
  for (const char* op : {"add", "matmul", "sum", "cast", "concat", "reshape", "full", "arange"}) {
    EXPECT_TRUE(KernelFactory::Instance().HasOp(op)) << op;
  }
}

}  // namespace
}  // namespace phi
