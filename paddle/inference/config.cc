#include <algorithm>
#include <filesystem>

#include "paddle/common/errors.h"
#include "paddle/inference/paddle_inference_api.h"

namespace paddle_infer {

Config::Config(const std::string& model_dir) { SetModel(model_dir); }

Config::Config(const std::string& prog_file, const std::string& params_file) { SetModel(prog_file, params_file); }

void Config::SetModel(const std::string& model_dir) {
  model_dir_ = model_dir;
  prog_file_.clear();
  params_file_.clear();
}

void Config::SetModel(const std::string& prog_file, const std::string& params_file) {
  model_dir_.clear();
  prog_file_ = prog_file;
  params_file_ = params_file;
}

void Config::SetProgFile(const std::string& prog_file) { prog_file_ = prog_file; }
void Config::SetParamsFile(const std::string& params_file) { params_file_ = params_file; }

void Config::EnableUseGpu(uint64_t memory_pool_init_size_mb, int device_id, PrecisionType precision) {
  PD_CHECK(precision == PrecisionType::kFloat32, Unimplemented,
           "[Config.EnableUseGpu] only Float32 precision is supported");
  PD_CHECK(device_id >= 0, InvalidArgument, "[Config.EnableUseGpu] device_id must be >= 0, but got ", device_id);
  use_gpu_ = true;
  gpu_device_id_ = device_id;
  memory_pool_init_size_mb_ = memory_pool_init_size_mb;
}

void Config::SetCpuMathLibraryNumThreads(int cpu_math_library_num_threads) {
  PD_CHECK(cpu_math_library_num_threads >= 1, InvalidArgument,
           "[Config.set_cpu_math_library_num_threads] expected at least 1 thread, but got ",
           cpu_math_library_num_threads);
  threads_ = cpu_math_library_num_threads;
}

const std::vector<std::string>& Config::InferencePasses() {
  static const std::vector<std::string> passes = {
      "conv_bn_fold",     "conv_add_act_fusion", "conv_nhwc_layout", "algebraic_simplification",
      "constant_folding", "common_subexpression_elimination",          "matmul_add_fusion",
      "dead_code_elimination"};
  return passes;
}

bool Config::IsOneDnnPass(const std::string& pass) {
  return pass == "conv_add_act_fusion" || pass == "conv_nhwc_layout";
}

std::vector<std::string> Config::Passes() const {
  std::vector<std::string> passes;
  if (!ir_optim_) return passes;
  for (const std::string& pass : InferencePasses()) {
    if (IsOneDnnPass(pass) && (use_gpu_ || !mkldnn_)) continue;
    if (std::find(deleted_passes_.begin(), deleted_passes_.end(), pass) == deleted_passes_.end()) {
      passes.push_back(pass);
    }
  }
  return passes;
}

std::pair<std::string, std::string> Config::ModelFiles() const {
  namespace fs = std::filesystem;
  if (model_dir_.empty()) {
    PD_CHECK(!prog_file_.empty(), InvalidArgument,
             "[create_predictor] the Config names no model: give Config(prog_file, params_file) or "
             "Config(model_dir)");
    return {prog_file_, params_file_};
  }
  PD_CHECK(fs::is_directory(model_dir_), NotFound, "[Config] no model directory ", model_dir_);
  fs::path program = fs::path(model_dir_) / "inference.json";
  if (!fs::is_regular_file(program)) {
    std::vector<fs::path> found;
    for (const auto& entry : fs::directory_iterator(model_dir_)) {
      if (entry.path().extension() == ".json") found.push_back(entry.path());
    }
    PD_CHECK(found.size() == 1, NotFound, "[Config] the model directory ", model_dir_,
             " must hold inference.json or exactly one .json program file, but holds ", found.size());
    program = found[0];
  }
  fs::path params = program;
  params.replace_extension(".pdiparams");
  return {program.string(), params.string()};
}

std::string Config::Summary() const {
  using Row = std::pair<std::string, std::string>;
  const auto flag = [](bool b) { return std::string(b ? "true" : "false"); };
  std::vector<std::vector<Row>> sections;
  if (!model_dir_.empty()) {
    sections.push_back({{"model_dir", model_dir_}});
  } else {
    sections.push_back({{"model_file", prog_file_}, {"params_file", params_file_}});
  }
  sections.push_back({{"cpu_math_thread", std::to_string(threads_)}, {"enable_mkldnn", flag(mkldnn_)}});
  std::vector<Row> device = {{"use_gpu", flag(use_gpu_)}};
  if (use_gpu_) {
    device.push_back({"gpu_device_id", std::to_string(gpu_device_id_)});
    device.push_back({"memory_pool_init_size", std::to_string(memory_pool_init_size_mb_) + "MB"});
    device.push_back({"enable_tensorrt", "false"});
  }
  sections.push_back(device);
  sections.push_back({{"ir_optim", flag(ir_optim_)}, {"ir_debug", "false"}, {"memory_optim", flag(memory_optim_)},
                      {"enable_log", "true"}});
  size_t key_width = 6, value_width = 5;  // "Option", "Value"
  for (const auto& section : sections) {
    for (const auto& [key, value] : section) {
      key_width = std::max(key_width, key.size());
      value_width = std::max(value_width, value.size());
    }
  }
  std::string rule = "+";
  rule.append(key_width + 2, '-').append("+").append(value_width + 2, '-').append("+\n");
  std::string out = "\n";
  const auto row = [&](const std::string& key, const std::string& value) {
    out.append("| ").append(key).append(key_width - key.size(), ' ').append(" | ").append(value);
    out.append(value_width - value.size(), ' ').append(" |\n");
  };
  out += rule;
  row("Option", "Value");
  out += rule;
  for (const auto& section : sections) {
    for (const auto& [key, value] : section) row(key, value);
    out += rule;
  }
  return out;
}

}  // namespace paddle_infer
