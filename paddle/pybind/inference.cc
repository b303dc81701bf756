// paddle._C.inference: the C++ inference API (paddle/inference) for
// paddle.inference, which wraps it (python/paddle/inference).
#include <pybind11/stl.h>

#include "paddle/inference/paddle_inference_api.h"
#include "paddle/inference/internal.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {

void BindInference(py::module_& m) {
  using paddle_infer::Config;
  using paddle_infer::Predictor;
  auto inference = m.def_submodule("inference", "The C++ inference API (paddle_inference_api.h).");
  py::class_<Config>(inference, "Config")
      .def(py::init<>())
      .def(py::init<const std::string&>(), py::arg("model_dir"))
      .def(py::init<const std::string&, const std::string&>(), py::arg("prog_file"), py::arg("params_file"))
      .def("set_model", py::overload_cast<const std::string&>(&Config::SetModel), py::arg("model_dir"))
      .def("set_model", py::overload_cast<const std::string&, const std::string&>(&Config::SetModel),
           py::arg("prog_file"), py::arg("params_file"))
      .def("set_prog_file", &Config::SetProgFile)
      .def("set_params_file", &Config::SetParamsFile)
      .def("prog_file", &Config::prog_file)
      .def("params_file", &Config::params_file)
      .def("model_dir", &Config::model_dir)
      .def("model_files", &Config::ModelFiles, "The program and parameter files (a model directory resolved).")
      .def("enable_use_gpu",
           [](Config& c, uint64_t pool_mb, int device_id) { c.EnableUseGpu(pool_mb, device_id); },
           py::arg("memory_pool_init_size_mb"), py::arg("device_id") = 0)
      .def("disable_gpu", &Config::DisableGpu)
      .def("use_gpu", &Config::use_gpu)
      .def("gpu_device_id", &Config::gpu_device_id)
      .def("memory_pool_init_size_mb", &Config::memory_pool_init_size_mb)
      .def("enable_mkldnn", &Config::EnableMKLDNN)
      .def("disable_mkldnn", &Config::DisableMKLDNN)
      .def("mkldnn_enabled", &Config::mkldnn_enabled)
      .def("set_cpu_math_library_num_threads", &Config::SetCpuMathLibraryNumThreads,
           py::arg("cpu_math_library_num_threads"))
      .def("cpu_math_library_num_threads", &Config::cpu_math_library_num_threads)
      .def("switch_ir_optim", &Config::SwitchIrOptim, py::arg("x") = true)
      .def("ir_optim", &Config::ir_optim)
      .def("enable_memory_optim", &Config::EnableMemoryOptim, py::arg("x") = true)
      .def("delete_pass", &Config::DeletePass, py::arg("pass_name"))
      .def("passes", &Config::Passes, "The inference passes that run.")
      .def("summary", &Config::Summary);
  py::enum_<paddle_infer::DataType>(inference, "DataType")
      .value("FLOAT32", paddle_infer::DataType::FLOAT32)
      .value("INT64", paddle_infer::DataType::INT64)
      .value("INT32", paddle_infer::DataType::INT32)
      .value("UINT8", paddle_infer::DataType::UINT8)
      .value("INT8", paddle_infer::DataType::INT8)
      .value("FLOAT16", paddle_infer::DataType::FLOAT16)
      .value("BOOL", paddle_infer::DataType::BOOL)
      .value("FLOAT64", paddle_infer::DataType::FLOAT64)
      .value("BFLOAT16", paddle_infer::DataType::BFLOAT16);
  py::class_<paddle_infer::Tensor>(inference, "Tensor")
      .def("reshape", &paddle_infer::Tensor::Reshape, py::arg("shape"))
      .def("shape", &paddle_infer::Tensor::shape)
      .def("type", &paddle_infer::Tensor::type)
      .def("name", &paddle_infer::Tensor::name)
      .def(
          "_value",
          [](const paddle_infer::Tensor& t) -> py::object {
            Tensor value = paddle_infer::ValueOf(t);
            return value.defined() ? py::cast(value) : py::none();
          },
          "The tensor, or None before it has a value.")
      .def("_share", &paddle_infer::ShareValue, py::arg("value"), "Makes `value` the input's.");
  py::class_<Predictor, std::shared_ptr<Predictor>>(inference, "Predictor")
      .def(py::init<const Config&>(), py::arg("config"))
      .def("get_input_names", &Predictor::GetInputNames)
      .def("get_output_names", &Predictor::GetOutputNames)
      .def("get_input_handle", &Predictor::GetInputHandle, py::arg("name"))
      .def("get_output_handle", &Predictor::GetOutputHandle, py::arg("name"))
      .def("run", &Predictor::Run, py::call_guard<py::gil_scoped_release>())
      .def("clone", [](Predictor& p) { return std::shared_ptr<Predictor>(p.Clone()); })
      .def_property_readonly("_kernel_program", &paddle_infer::KernelProgramOf)
      .def_property_readonly("_model_id", [](const Predictor& p) { return reinterpret_cast<uintptr_t>(
                                                                       paddle_infer::ModelOf(p)); });
  inference.def("get_version", &paddle_infer::GetVersion);
  inference.def("get_num_bytes_of_data_type", &paddle_infer::GetNumBytesOfDataType, py::arg("dtype"));
  inference.def("passes", &Config::InferencePasses, "Every inference pass, in the order they run.");
}

}  // namespace paddle::pybind
