// The C++ inference Config (paddle_inference_api.h): the passes it selects,
// the files it resolves, its summary and its refusals.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>

#include "paddle/common/errors.h"
#include "paddle/inference/paddle_inference_api.h"

namespace paddle_infer {
namespace {

TEST(InferenceConfig, PassesFollowIrOptimAndDeletions) {
  Config config("m.json", "m.pdiparams");
  EXPECT_EQ(config.Passes(), Config::InferencePasses());
  EXPECT_EQ(config.Passes().front(), "conv_bn_fold");
  config.DeletePass("conv_bn_fold");
  EXPECT_EQ(config.Passes().size(), Config::InferencePasses().size() - 1);
  EXPECT_EQ(config.Passes().front(), "conv_add_act_fusion");
  // The oneDNN passes make ops only the CPU runs, and only with mkldnn on.
  const auto without_onednn = Config::InferencePasses().size() - 3;
  config.DisableMKLDNN();
  EXPECT_EQ(config.Passes().size(), without_onednn);
  EXPECT_EQ(config.Passes().front(), "algebraic_simplification");
  config.EnableMKLDNN();
  config.EnableUseGpu(100);
  EXPECT_EQ(config.Passes().size(), without_onednn);
  config.DisableGpu();
  EXPECT_EQ(config.Passes().size(), Config::InferencePasses().size() - 1);
  config.SwitchIrOptim(false);
  EXPECT_TRUE(config.Passes().empty());
}

TEST(InferenceConfig, ResolvesAModelDirectory) {
  namespace fs = std::filesystem;
  const fs::path dir = fs::temp_directory_path() / "paddle_infer_config_test";
  fs::remove_all(dir);
  fs::create_directories(dir);
  EXPECT_THROW(Config(dir.string()).ModelFiles(), paddle::common::Error);  // no .json
  std::ofstream(dir / "resnet.json") << "{}";
  auto [prog, params] = Config(dir.string()).ModelFiles();
  EXPECT_EQ(prog, (dir / "resnet.json").string());
  EXPECT_EQ(params, (dir / "resnet.pdiparams").string());
  std::ofstream(dir / "inference.json") << "{}";  // preferred over the others
  EXPECT_EQ(Config(dir.string()).ModelFiles().first, (dir / "inference.json").string());
  EXPECT_THROW(Config((dir / "missing").string()).ModelFiles(), paddle::common::Error);
  EXPECT_THROW(Config().ModelFiles(), paddle::common::Error);
  fs::remove_all(dir);
}

TEST(InferenceConfig, SummaryListsTheOptions) {
  Config config("m.json", "m.pdiparams");
  config.EnableUseGpu(256, 1);
  config.SetCpuMathLibraryNumThreads(4);
  const std::string text = config.Summary();
  EXPECT_NE(text.find("| model_file            | m.json"), std::string::npos) << text;
  EXPECT_NE(text.find("| cpu_math_thread       | 4"), std::string::npos) << text;
  EXPECT_NE(text.find("| gpu_device_id         | 1"), std::string::npos) << text;
  EXPECT_NE(text.find("| memory_pool_init_size | 256MB"), std::string::npos) << text;
}

TEST(InferenceConfig, RefusesBadOptions) {
  Config config;
  EXPECT_THROW(config.SetCpuMathLibraryNumThreads(0), paddle::common::Error);
  EXPECT_THROW(config.EnableUseGpu(100, 0, PrecisionType::kHalf), paddle::common::Error);
  EXPECT_THROW(config.EnableUseGpu(100, -1), paddle::common::Error);
  EXPECT_FALSE(config.use_gpu());
  EXPECT_EQ(GetNumBytesOfDataType(DataType::BFLOAT16), 2);
  EXPECT_EQ(GetNumBytesOfDataType(DataType::INT64), 8);
}

}  // namespace
}  // namespace paddle_infer
