// Device selection, flags and memory statistics.
#include <omp.h>

#include "paddle/common/flags.h"
#include "paddle/phi/api/api_helpers.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/phi/core/allocator.h"
#include "paddle/phi/core/generator.h"
#include "paddle/phi/core/kernel_factory.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {

void BindRuntime(py::module_& m) {
  m.def("is_compiled_with_cuda", &phi::gpu::IsCompiledWithCuda);
  // The CPU kernels and OpenBLAS (its OpenMP build) run on OpenMP threads.
  m.def("_set_num_threads", [](int n) { omp_set_num_threads(n); }, py::arg("n"),
        "The OpenMP threads the CPU kernels of the calling thread's later work use.");
  m.def("_num_threads", [] { return omp_get_max_threads(); });

  m.def("_resolve_gpu_libraries", &phi::gpu::ResolveGpuLibraries,
        "Opens the CUDA libraries and resolves every function paddle calls; the failures.");
  m.def("cuda_device_count", &phi::gpu::GetDeviceCount);
  py::class_<phi::gpu::DeviceProperties>(m, "_gpuDeviceProperties")
      .def_readonly("name", &phi::gpu::DeviceProperties::name)
      .def_readonly("major", &phi::gpu::DeviceProperties::major)
      .def_readonly("minor", &phi::gpu::DeviceProperties::minor)
      .def_readonly("total_memory", &phi::gpu::DeviceProperties::total_memory)
      .def_readonly("multi_processor_count", &phi::gpu::DeviceProperties::multi_processor_count)
      .def("__repr__", [](const phi::gpu::DeviceProperties& p) {
        return "_gpuDeviceProperties(name='" + p.name + "', major=" + std::to_string(p.major) +
               ", minor=" + std::to_string(p.minor) + ", total_memory=" + std::to_string(p.total_memory >> 20) +
               "MB, multi_processor_count=" + std::to_string(p.multi_processor_count) + ")";
      });
  m.def("cuda_device_properties", [](int device) {
    try {
      return phi::gpu::GetDeviceProperties(device);
    } catch (common::Error& e) {
      e.AttachOp("get_device_properties");
      throw;
    }
  }, py::arg("device"));
  m.def("set_device", [](py::handle device) {
    try {
      api::SetDefaultPlace(CastPlace(device, "set_device", "device"));
    } catch (common::Error& e) {
      e.AttachOp("set_device");
      throw;
    }
  }, py::arg("device"));
  m.def("get_default_place", &api::GetDefaultPlace);
  m.def("set_default_dtype", [](py::handle d) {
    api::SetDefaultFloatType(CastDataType(d, "set_default_dtype", "d"));
  }, py::arg("d"));
  m.def("get_default_dtype", &api::GetDefaultFloatType);
  m.def("synchronize", [](int device) { phi::gpu::Synchronize(device); }, py::arg("device") = 0);

  m.def("get_flag", [](const std::string& name) {
    flags::FlagInfo f = flags::GetFlag(name);
    py::str text(f.value);
    if (f.type == "bool") return py::object(py::bool_(f.value == "true"));
    if (f.type == "int32" || f.type == "int64" || f.type == "uint64") return py::object(py::int_(std::stoll(f.value)));
    if (f.type == "double") return py::object(py::float_(std::stod(f.value)));
    return py::object(text);
  }, py::arg("name"));
  m.def("set_flag", [](const std::string& name, py::handle value) {
    std::string text = PyBool_Check(value.ptr()) ? (value.cast<bool>() ? "true" : "false")
                                                 : py::str(value).cast<std::string>();
    flags::SetFlag(name, text);
  }, py::arg("name"), py::arg("value"));
  m.def("flag_names", [] {
    std::vector<std::string> names;
    for (const auto& f : flags::AllFlags()) names.push_back(f.name);
    return names;
  });

  // Note [Random numbers]: one Philox generator per device.
  py::class_<phi::GeneratorState>(m, "GeneratorState")
      .def(py::init<uint64_t, uint64_t>(), py::arg("seed") = 0, py::arg("offset") = 0)
      .def_readwrite("seed", &phi::GeneratorState::seed)
      .def_readwrite("offset", &phi::GeneratorState::offset)
      .def("__repr__", [](const phi::GeneratorState& s) {
        return "GeneratorState(seed=" + std::to_string(s.seed) + ", offset=" + std::to_string(s.offset) + ")";
      })
      .def(py::pickle([](const phi::GeneratorState& s) { return py::make_tuple(s.seed, s.offset); },
                      [](const py::tuple& t) {
                        return phi::GeneratorState{t[0].cast<uint64_t>(), t[1].cast<uint64_t>()};
                      }));
  py::class_<phi::Generator, std::unique_ptr<phi::Generator, py::nodelete>>(m, "Generator")
      .def("manual_seed", [](phi::Generator& g, uint64_t seed) { g.Seed(seed); return &g; },
           py::arg("seed"), py::return_value_policy::reference)
      .def("initial_seed", [](const phi::Generator& g) { return g.GetState().seed; })
      .def("get_state", &phi::Generator::GetState)
      .def("set_state", &phi::Generator::SetState, py::arg("state"));
  m.def("default_generator", [](py::handle place) {
    return &phi::DefaultGenerator(CastPlace(place, "default_generator", "place"));
  }, py::arg("place"), py::return_value_policy::reference);
  m.def("seed_all_generators", &phi::SeedAllGenerators, py::arg("seed"));

  m.def("registered_kernels", [](const std::string& op) {
    std::vector<std::pair<std::string, std::string>> keys;
    for (const auto& k : phi::KernelFactory::Instance().RegisteredKeys(op)) {
      keys.emplace_back(phi::BackendName(k.backend),
                        k.dtype == DataType::UNDEFINED ? "any" : DataTypeName(k.dtype));
    }
    return keys;
  }, py::arg("op"), "(backend, dtype) of every kernel registered for `op`.");
  m.def("memory_stats", [](py::handle place) {
    phi::MemoryStats s = phi::GetAllocator(CastPlace(place, "memory_stats", "place"))->Stats();
    py::dict d;
    d["allocated"] = s.allocated;
    d["peak_allocated"] = s.peak_allocated;
    d["reserved"] = s.reserved;
    d["peak_reserved"] = s.peak_reserved;
    d["num_allocs"] = s.num_allocs;
    return d;
  }, py::arg("place"));
  m.def("reset_peak_memory", [](py::handle place) {
    phi::GetAllocator(CastPlace(place, "reset_peak_memory", "place"))->ResetPeak();
  }, py::arg("place"));
  m.def("reset_peak_reserved", [](py::handle place) {
    phi::GetAllocator(CastPlace(place, "reset_peak_reserved", "place"))->ResetPeakReserved();
  }, py::arg("place"));
  m.def("empty_cache", [](py::handle place) {
    phi::GetAllocator(CastPlace(place, "empty_cache", "place"))->ReleaseCache();
  }, py::arg("place"));
}

}  // namespace paddle::pybind
