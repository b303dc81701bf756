// The C++ inference API (docs/guide/inference.md, "From C++"), in the style
// of PaddlePaddle 3.x's paddle_inference_api.h: a Config names a saved model
// (`model.json` + `model.pdiparams`, ours or Paddle's) and how to run it,
// CreatePredictor loads it, and tensor handles carry inputs and outputs.
// This header includes only the standard library; link libpaddle_core
// (find_package(paddle_inference) with the CMake config the package installs).
// Errors are std::exception subclasses whose what() names the file, input or
// op.
#pragma once

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace paddle {
class Tensor;
}  // namespace paddle

namespace paddle_infer {

enum class DataType { FLOAT32, INT64, INT32, UINT8, INT8, FLOAT16, BOOL, FLOAT64, BFLOAT16 };
enum class PlaceType { kUNK = -1, kCPU, kGPU, kXPU, kCUSTOM };
enum class PrecisionType { kFloat32 = 0, kInt8, kHalf, kBf16 };

class Config {
 public:
  Config() = default;
  // A directory holding inference.json (or exactly one .json) and its .pdiparams.
  explicit Config(const std::string& model_dir);
  Config(const std::string& prog_file, const std::string& params_file);

  void SetModel(const std::string& model_dir);
  void SetModel(const std::string& prog_file, const std::string& params_file);
  void SetProgFile(const std::string& prog_file);
  void SetParamsFile(const std::string& params_file);
  const std::string& model_dir() const { return model_dir_; }
  const std::string& prog_file() const { return prog_file_; }
  const std::string& params_file() const { return params_file_; }

  void EnableUseGpu(uint64_t memory_pool_init_size_mb, int device_id = 0,
                    PrecisionType precision = PrecisionType::kFloat32);
  void DisableGpu() { use_gpu_ = false; }
  bool use_gpu() const { return use_gpu_; }
  int gpu_device_id() const { return gpu_device_id_; }
  uint64_t memory_pool_init_size_mb() const { return memory_pool_init_size_mb_; }

  // oneDNN kernels are chosen per op already: recorded for the summary.
  void EnableMKLDNN() { mkldnn_ = true; }
  void DisableMKLDNN() { mkldnn_ = false; }
  bool mkldnn_enabled() const { return mkldnn_; }
  void SetCpuMathLibraryNumThreads(int cpu_math_library_num_threads);
  int cpu_math_library_num_threads() const { return threads_; }

  // The inference passes (docs/guide/inference.md): conv+bn folding, constant
  // folding of what the parameters alone decide, simplifications, common
  // subexpressions, matmul+bias(+relu) fusion, dead code; on the CPU,
  // conv+bias+residual+relu fusion in oneDNN's blocked layout.
  void SwitchIrOptim(bool x = true) { ir_optim_ = x; }
  bool ir_optim() const { return ir_optim_; }
  // Memory planning always runs: recorded for the summary.
  void EnableMemoryOptim(bool x = true) { memory_optim_ = x; }
  bool enable_memory_optim() const { return memory_optim_; }
  void DeletePass(const std::string& pass_name) { deleted_passes_.push_back(pass_name); }
  // The inference passes that run: all of them less the deleted ones, none
  // without ir_optim, and the oneDNN ones only on the CPU with mkldnn on.
  std::vector<std::string> Passes() const;
  static const std::vector<std::string>& InferencePasses();
  // The passes that make ops only oneDNN's CPU kernels run.
  static bool IsOneDnnPass(const std::string& pass);

  // The options as PaddlePaddle prints them: a table.
  std::string Summary() const;

  // The program and parameter files this config names (a directory resolved).
  std::pair<std::string, std::string> ModelFiles() const;

 private:
  std::string model_dir_, prog_file_, params_file_;
  bool use_gpu_ = false;
  int gpu_device_id_ = 0;
  uint64_t memory_pool_init_size_mb_ = 0;
  bool mkldnn_ = true;
  int threads_ = 1;
  bool ir_optim_ = true;
  bool memory_optim_ = false;
  std::vector<std::string> deleted_passes_;
};

// An input or output of a predictor (GetInputHandle / GetOutputHandle).
class Tensor {
 public:
  // The shape of the input the next CopyFromCpu gives (-1 dims of the model take any size).
  void Reshape(const std::vector<int>& shape);
  // T must be the tensor's element type: float, double, int64_t, int32_t, uint8_t, int8_t or bool.
  template <typename T>
  void CopyFromCpu(const T* data);
  template <typename T>
  void CopyToCpu(T* data) const;
  std::vector<int> shape() const;
  DataType type() const;
  const std::string& name() const;

  struct Impl;
  explicit Tensor(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}

 private:
  friend void ShareValue(Tensor& input, const paddle::Tensor& value);
  friend paddle::Tensor ValueOf(const Tensor& handle);
  std::shared_ptr<Impl> impl_;
};

class Predictor {
 public:
  explicit Predictor(const Config& config);
  ~Predictor();
  Predictor(const Predictor&) = delete;
  Predictor& operator=(const Predictor&) = delete;

  std::vector<std::string> GetInputNames() const;
  std::vector<std::string> GetOutputNames() const;
  std::unique_ptr<Tensor> GetInputHandle(const std::string& name);
  std::unique_ptr<Tensor> GetOutputHandle(const std::string& name);
  // Runs on the input handles' values and fills the output handles; true on success.
  bool Run();
  // A predictor of the same model and weights (shared) with its own prepared
  // program and handles: one per thread.
  std::unique_ptr<Predictor> Clone();

  struct Impl;

 private:
  friend std::string KernelProgramOf(const Predictor& predictor);
  friend const void* ModelOf(const Predictor& predictor);
  explicit Predictor(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

std::shared_ptr<Predictor> CreatePredictor(const Config& config);
std::string GetVersion();
int GetNumBytesOfDataType(DataType dtype);

}  // namespace paddle_infer
