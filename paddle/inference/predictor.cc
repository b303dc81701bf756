// The C++ predictor: a saved model read once (paddle/serialize), its
// parameters in a scope that clones share, and per predictor an executor
// prepared with the inference passes (Config::Passes) and the tensor handles.
#include <omp.h>

#include <algorithm>
#include <map>
#include <mutex>

#include "paddle/common/errors.h"
#include "paddle/executor/executor.h"
#include "paddle/inference/paddle_inference_api.h"
#include "paddle/inference/internal.h"
#include "paddle/phi/api/transfer.h"
#include "paddle/pir/core/block.h"
#include "paddle/pir/core/type.h"
#include "paddle/pir/dialect/pd_op_dialect.h"
#include "paddle/serialize/inference_program.h"

namespace paddle_infer {
namespace {

using paddle::executor::Scope;

DataType Public(paddle::DataType dtype) {
  switch (dtype) {
    case paddle::DataType::FLOAT32: return DataType::FLOAT32;
    case paddle::DataType::INT64: return DataType::INT64;
    case paddle::DataType::INT32: return DataType::INT32;
    case paddle::DataType::UINT8: return DataType::UINT8;
    case paddle::DataType::INT8: return DataType::INT8;
    case paddle::DataType::FLOAT16: return DataType::FLOAT16;
    case paddle::DataType::BOOL: return DataType::BOOL;
    case paddle::DataType::FLOAT64: return DataType::FLOAT64;
    case paddle::DataType::BFLOAT16: return DataType::BFLOAT16;
    default:
      PD_THROW(Unimplemented, "[paddle_infer] tensors of ", paddle::DataTypeName(dtype), " have no DataType");
  }
}

template <typename T>
paddle::DataType ElementOf();
template <> paddle::DataType ElementOf<float>() { return paddle::DataType::FLOAT32; }
template <> paddle::DataType ElementOf<double>() { return paddle::DataType::FLOAT64; }
template <> paddle::DataType ElementOf<int64_t>() { return paddle::DataType::INT64; }
template <> paddle::DataType ElementOf<int32_t>() { return paddle::DataType::INT32; }
template <> paddle::DataType ElementOf<uint8_t>() { return paddle::DataType::UINT8; }
template <> paddle::DataType ElementOf<int8_t>() { return paddle::DataType::INT8; }
template <> paddle::DataType ElementOf<bool>() { return paddle::DataType::BOOL; }

// A loaded model: what a predictor and its clones share.
struct Model {
  std::unique_ptr<pir::Program> program;
  paddle::serialize::InferenceSignature signature;
  Scope parameters;
};

std::shared_ptr<const Model> LoadModel(const Config& config) {
  const auto [prog_file, params_file] = config.ModelFiles();
  paddle::serialize::InferenceModel files =
      paddle::serialize::ReadInferenceModel(prog_file, params_file, "create_predictor");
  auto model = std::make_shared<Model>();
  model->program = std::move(files.program);
  model->signature = std::move(files.signature);
  for (size_t i = 0; i < files.parameters.size(); ++i) {
    model->parameters[model->signature.parameter_names[i]] = files.parameters[i];
    // A predictor never writes its weights (Note [Frozen weights]).
    if (files.parameters[i].is_dense_tensor() && files.parameters[i].dense().Holder()) {
      files.parameters[i].dense().Holder()->Freeze();
    }
  }
  return model;
}

}  // namespace

struct Tensor::Impl {
  std::string name;
  paddle::DataType dtype;
  std::vector<int64_t> model_dims;  // -1 where any size goes
  std::vector<int64_t> shape;       // an input's, set by Reshape
  paddle::Place place;
  bool is_input;
  paddle::Tensor value;
};

void Tensor::Reshape(const std::vector<int>& shape) {
  PD_CHECK(impl_->is_input, PreconditionNotMet, "[Tensor.Reshape] '", impl_->name, "' is an output of the model");
  bool fits = shape.size() == impl_->model_dims.size();
  for (size_t i = 0; fits && i < shape.size(); ++i) {
    fits = shape[i] >= 0 && (impl_->model_dims[i] == -1 || impl_->model_dims[i] == shape[i]);
  }
  PD_CHECK(fits, InvalidArgument, "[Tensor.Reshape] input '", impl_->name, "' has shape ",
           paddle::DDim(impl_->model_dims).ToString(), " (-1: any size), which ",
           paddle::DDim(std::vector<int64_t>(shape.begin(), shape.end())).ToString(), " does not fit");
  impl_->shape.assign(shape.begin(), shape.end());
}

template <typename T>
void Tensor::CopyFromCpu(const T* data) {
  PD_CHECK(impl_->is_input, PreconditionNotMet, "[Tensor.CopyFromCpu] '", impl_->name, "' is an output of the model");
  PD_CHECK(ElementOf<T>() == impl_->dtype, InvalidType, "[Tensor.CopyFromCpu] input '", impl_->name, "' is ",
           paddle::DataTypeName(impl_->dtype), ", but the data is ", paddle::DataTypeName(ElementOf<T>()));
  std::vector<int64_t> shape = impl_->shape.empty() ? impl_->model_dims : impl_->shape;
  PD_CHECK(std::none_of(shape.begin(), shape.end(), [](int64_t d) { return d < 0; }), PreconditionNotMet,
           "[Tensor.CopyFromCpu] input '", impl_->name, "' has dims of any size: Reshape it first");
  impl_->value = paddle::api::FromHostBuffer(data, impl_->dtype, paddle::DDim(shape), impl_->place);
}

template <typename T>
void Tensor::CopyToCpu(T* data) const {
  PD_CHECK(impl_->value.defined(), PreconditionNotMet, "[Tensor.CopyToCpu] '", impl_->name, "' has no value yet");
  PD_CHECK(ElementOf<T>() == impl_->value.dtype(), InvalidType, "[Tensor.CopyToCpu] '", impl_->name, "' is ",
           paddle::DataTypeName(impl_->value.dtype()), ", not ", paddle::DataTypeName(ElementOf<T>()));
  paddle::api::ToHostBuffer(impl_->value, data);
}

#define PADDLE_INFER_COPIES(T)                              \
  template void Tensor::CopyFromCpu<T>(const T* data);      \
  template void Tensor::CopyToCpu<T>(T * data) const;
PADDLE_INFER_COPIES(float)
PADDLE_INFER_COPIES(double)
PADDLE_INFER_COPIES(int64_t)
PADDLE_INFER_COPIES(int32_t)
PADDLE_INFER_COPIES(uint8_t)
PADDLE_INFER_COPIES(int8_t)
PADDLE_INFER_COPIES(bool)
#undef PADDLE_INFER_COPIES

void ShareValue(Tensor& input, const paddle::Tensor& value) {
  Tensor::Impl& impl = *input.impl_;
  PD_CHECK(impl.is_input, PreconditionNotMet, "[Tensor.share_external_data] '", impl.name,
           "' is an output of the model");
  bool fits = value.defined() && value.dtype() == impl.dtype &&
              value.dims().size() == static_cast<int>(impl.model_dims.size());
  for (size_t i = 0; fits && i < impl.model_dims.size(); ++i) {
    fits = impl.model_dims[i] == -1 || impl.model_dims[i] == value.dims()[static_cast<int>(i)];
  }
  PD_CHECK(fits, InvalidArgument, "[Predictor] input '", impl.name, "' must be ", paddle::DataTypeName(impl.dtype),
           paddle::DDim(impl.model_dims).ToString(), " (-1: any size), but got ",
           value.defined() ? std::string(paddle::DataTypeName(value.dtype())) + value.dims().ToString()
                           : std::string("an empty tensor"));
  impl.value = value;
}

paddle::Tensor ValueOf(const Tensor& handle) { return handle.impl_->value; }

std::vector<int> Tensor::shape() const {
  std::vector<int64_t> dims = impl_->value.defined() ? impl_->value.dims().ToVector()
                              : impl_->shape.empty() ? impl_->model_dims
                                                     : impl_->shape;
  return std::vector<int>(dims.begin(), dims.end());
}

DataType Tensor::type() const { return Public(impl_->dtype); }
const std::string& Tensor::name() const { return impl_->name; }

namespace {

// A handle of one of the model's inputs or outputs.
std::shared_ptr<Tensor::Impl> Handle(const std::string& name, pir::Value v, const paddle::Place& place,
                                     bool is_input) {
  auto type = v.type().dyn_cast<pir::DenseTensorType>();
  return std::make_shared<Tensor::Impl>(Tensor::Impl{name, type.dtype(), type.dims().ToVector(), {}, place, is_input,
                                                     {}});
}

}  // namespace

struct Predictor::Impl {
  Config config;
  std::shared_ptr<const Model> model;
  paddle::Place place;
  Scope scope;  // the model's parameters (shared tensors)
  std::unique_ptr<paddle::executor::Executor> executor;
  std::map<std::string, std::shared_ptr<Tensor::Impl>> inputs, outputs;
  std::mutex running;  // one run of a predictor at a time (clones run in parallel)

  Impl(const Config& c, std::shared_ptr<const Model> m)
      : config(c), model(std::move(m)),
        place(c.use_gpu() ? paddle::GPUPlace(c.gpu_device_id()) : paddle::CPUPlace()), scope(model->parameters) {
    const paddle::serialize::InferenceSignature& sig = model->signature;
    executor = std::make_unique<paddle::executor::Executor>(*model->program, sig.outputs, place, c.Passes(),
                                                             c.ir_optim() ? &scope : nullptr);
    for (size_t i = 0; i < sig.inputs.size(); ++i) {
      inputs[sig.input_names[i]] = Handle(sig.input_names[i], sig.inputs[i], place, true);
    }
    for (size_t i = 0; i < sig.outputs.size(); ++i) {
      outputs[sig.output_names[i]] = Handle(sig.output_names[i], sig.outputs[i], place, false);
    }
  }
};

Predictor::Predictor(const Config& config) : impl_(std::make_unique<Impl>(config, LoadModel(config))) {}
Predictor::Predictor(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Predictor::~Predictor() = default;

std::vector<std::string> Predictor::GetInputNames() const { return impl_->model->signature.input_names; }
std::vector<std::string> Predictor::GetOutputNames() const { return impl_->model->signature.output_names; }

std::unique_ptr<Tensor> Predictor::GetInputHandle(const std::string& name) {
  auto it = impl_->inputs.find(name);
  PD_CHECK(it != impl_->inputs.end(), InvalidArgument, "[Predictor.GetInputHandle] the model has no input '", name,
           "'");
  return std::make_unique<Tensor>(it->second);
}

std::unique_ptr<Tensor> Predictor::GetOutputHandle(const std::string& name) {
  auto it = impl_->outputs.find(name);
  PD_CHECK(it != impl_->outputs.end(), InvalidArgument, "[Predictor.GetOutputHandle] the model has no output '",
           name, "'");
  return std::make_unique<Tensor>(it->second);
}

bool Predictor::Run() {
  std::lock_guard<std::mutex> one_run(impl_->running);
  std::map<std::string, paddle::Tensor> feeds;
  for (const auto& [name, input] : impl_->inputs) {
    PD_CHECK(input->value.defined(), InvalidArgument, "[Predictor.Run] input '", name,
             "' has no value: CopyFromCpu into its handle");
    feeds[name] = input->value;
  }
  omp_set_num_threads(impl_->config.cpu_math_library_num_threads());
  std::vector<paddle::Tensor> results = impl_->executor->Run(feeds, &impl_->scope);
  const std::vector<std::string>& names = impl_->model->signature.output_names;
  for (size_t i = 0; i < results.size(); ++i) impl_->outputs.at(names[i])->value = results[i];
  return true;
}

std::unique_ptr<Predictor> Predictor::Clone() {
  return std::unique_ptr<Predictor>(new Predictor(std::make_unique<Impl>(impl_->config, impl_->model)));
}

std::string KernelProgramOf(const Predictor& predictor) {
  return predictor.impl_->executor->kernel_program().Print();
}

const void* ModelOf(const Predictor& predictor) { return predictor.impl_->model.get(); }

std::shared_ptr<Predictor> CreatePredictor(const Config& config) { return std::make_shared<Predictor>(config); }

#ifndef PADDLE_VERSION
#define PADDLE_VERSION ""
#endif
std::string GetVersion() { return std::string("version: ") + (PADDLE_VERSION[0] ? PADDLE_VERSION : "unknown") + "\n"; }

int GetNumBytesOfDataType(DataType dtype) {
  switch (dtype) {
    case DataType::FLOAT64:
    case DataType::INT64: return 8;
    case DataType::FLOAT32:
    case DataType::INT32: return 4;
    case DataType::FLOAT16:
    case DataType::BFLOAT16: return 2;
    case DataType::UINT8:
    case DataType::INT8:
    case DataType::BOOL: return 1;
  }
  return 0;
}

}  // namespace paddle_infer
