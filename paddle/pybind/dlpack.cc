// DLPack: tensors shared with other libraries (NumPy, PyTorch, CuPy) without
// a copy, both ways, as Paddle's to_dlpack / from_dlpack do.
//
// Export: a capsule named "dltensor" around a DLManagedTensor that keeps the
// tensor (and so its memory) alive until the consumer calls the deleter; a
// capsule never consumed frees it itself. Import: the consumed capsule is
// renamed "used_dltensor" (so the producer's capsule destructor leaves it)
// and the new tensor's memory is an Allocation whose owner calls the
// producer's deleter when the last tensor using it goes.
#include <dlpack/dlpack.h>

#include "paddle/common/errors.h"
#include "paddle/phi/backends/device_runtime.h"
#include "paddle/phi/core/allocator.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {
namespace {

constexpr const char* kFreshCapsule = "dltensor";
constexpr const char* kUsedCapsule = "used_dltensor";
// DLPack 0.8's code for bool (Debian's 0.6 header predates it); NumPy and
// PyTorch export bool arrays with it.
constexpr uint8_t kDLBoolCode = 6;

DLDataType ToDlType(DataType dtype) {
  const uint8_t bits = static_cast<uint8_t>(SizeOf(dtype) * 8);
  switch (dtype) {
    case DataType::BOOL: return {kDLBoolCode, 8, 1};
    case DataType::UINT8: return {kDLUInt, bits, 1};
    case DataType::INT8:
    case DataType::INT16:
    case DataType::INT32:
    case DataType::INT64: return {kDLInt, bits, 1};
    case DataType::FLOAT16:
    case DataType::FLOAT32:
    case DataType::FLOAT64: return {kDLFloat, bits, 1};
    case DataType::BFLOAT16: return {kDLBfloat, 16, 1};
    case DataType::COMPLEX64:
    case DataType::COMPLEX128: return {kDLComplex, bits, 1};
    default: PD_THROW(InvalidType, "[to_dlpack] a tensor of dtype ", DataTypeName(dtype), " has no DLPack form");
  }
}

DataType FromDlType(DLDataType t) {
  PD_CHECK(t.lanes == 1, InvalidType, "[from_dlpack] vector dtypes (", static_cast<int>(t.lanes),
           " lanes) have no paddle counterpart");
  const int bits = t.bits;
  switch (t.code) {
    case kDLBoolCode:
      if (bits == 8) return DataType::BOOL;
      break;
    case kDLUInt:
      if (bits == 8) return DataType::UINT8;
      break;
    case kDLInt:
      if (bits == 8) return DataType::INT8;
      if (bits == 16) return DataType::INT16;
      if (bits == 32) return DataType::INT32;
      if (bits == 64) return DataType::INT64;
      break;
    case kDLFloat:
      if (bits == 16) return DataType::FLOAT16;
      if (bits == 32) return DataType::FLOAT32;
      if (bits == 64) return DataType::FLOAT64;
      break;
    case kDLBfloat:
      if (bits == 16) return DataType::BFLOAT16;
      break;
    case kDLComplex:
      if (bits == 64) return DataType::COMPLEX64;
      if (bits == 128) return DataType::COMPLEX128;
      break;
    default: break;
  }
  PD_THROW(InvalidType, "[from_dlpack] DLPack dtype (code ", static_cast<int>(t.code), ", ", bits,
           " bits) has no paddle counterpart");
}

DLDevice ToDlDevice(const Place& place) {
  if (place.is_cpu()) return {kDLCPU, 0};
  if (place.is_gpu()) return {kDLCUDA, place.GetDeviceId()};
  if (place.is_gpu_pinned()) return {kDLCUDAHost, 0};
  PD_THROW(Unimplemented, "[to_dlpack] a tensor on ", place.ToString(), " has no DLPack device");
}

Place FromDlDevice(DLDevice device) {
  switch (device.device_type) {
    case kDLCPU: return CPUPlace();
    case kDLCUDA: return GPUPlace(device.device_id);
    case kDLCUDAHost: return GPUPinnedPlace();
    default:
      PD_THROW(Unimplemented, "[from_dlpack] DLPack device type ", static_cast<int>(device.device_type),
               " is not a CPU or CUDA device");
  }
}

// What an exported capsule keeps alive: the tensor and the dims and strides
// its DLTensor points to.
struct Exported {
  Tensor tensor;
  std::vector<int64_t> shape, strides;
  DLManagedTensor managed{};
};

void DeleteExported(DLManagedTensor* managed) { delete static_cast<Exported*>(managed->manager_ctx); }

void FreeUnconsumedCapsule(PyObject* capsule) {
  if (!PyCapsule_IsValid(capsule, kFreshCapsule)) return;  // consumed: the consumer owns it
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule, kFreshCapsule));
  if (managed != nullptr && managed->deleter != nullptr) managed->deleter(managed);
}

py::capsule ToDlpack(const Tensor& t) {
  const phi::DenseTensor& dense = t.dense();
  auto* exported = new Exported{Tensor(t.impl()), dense.dims().ToVector(), dense.strides().ToVector(), {}};
  DLTensor& dl = exported->managed.dl_tensor;
  dl.data = dense.raw_data();
  dl.byte_offset = 0;
  dl.device = ToDlDevice(t.place());
  dl.dtype = ToDlType(t.dtype());
  dl.ndim = static_cast<int32_t>(exported->shape.size());
  dl.shape = exported->shape.data();
  dl.strides = exported->strides.data();
  exported->managed.manager_ctx = exported;
  exported->managed.deleter = DeleteExported;
  // The consumer reads on its own streams: the queued work writing t must be done.
  if (t.place().is_gpu()) {
    phi::DeviceRuntime& rt = phi::RuntimeOf(t.place());
    rt.SynchronizeStream(t.place().GetDeviceId(), rt.CurrentStream(t.place().GetDeviceId()));
  }
  return py::capsule(&exported->managed, kFreshCapsule, &FreeUnconsumedCapsule);
}

// The owner of imported memory: frees nothing itself, but hands the memory
// back to its producer (the DLPack deleter) when the last tensor using it
// goes, then goes too. Producers such as NumPy release Python objects there.
class ForeignMemory final : public phi::Allocator {
 public:
  ForeignMemory(DLManagedTensor* managed, Place place) : managed_(managed), place_(std::move(place)) {}

 protected:
  void* RawAllocate(size_t) override {
    PD_THROW(Unimplemented, "memory imported through DLPack cannot allocate more");
  }
  void RawFree(void*, size_t) override {
    if (managed_->deleter != nullptr) {
      if (Py_IsInitialized()) {
        py::gil_scoped_acquire gil;
        managed_->deleter(managed_);
      } else {
        managed_->deleter(managed_);
      }
    }
    delete this;
  }
  Place place() const override { return place_; }

 private:
  DLManagedTensor* managed_;
  Place place_;
};

Tensor FromDlpack(const py::capsule& capsule) {
  PD_CHECK(PyCapsule_IsValid(capsule.ptr(), kFreshCapsule), InvalidArgument,
           "[from_dlpack] argument 'dlpack': expected an unused DLPack capsule (a capsule can be imported only "
           "once), but got one named '", capsule.name() ? capsule.name() : "", "'");
  auto* managed = static_cast<DLManagedTensor*>(PyCapsule_GetPointer(capsule.ptr(), kFreshCapsule));
  const DLTensor& dl = managed->dl_tensor;
  const DataType dtype = FromDlType(dl.dtype);
  const Place place = FromDlDevice(dl.device);
  PD_CHECK(dl.ndim >= 0, InvalidArgument, "[from_dlpack] a DLTensor of ", dl.ndim, " dims");
  std::vector<int64_t> shape(dl.shape, dl.shape + dl.ndim);
  phi::DenseTensorMeta meta(dtype, DDim(shape));
  if (dl.strides != nullptr) meta.strides = DDim(std::vector<int64_t>(dl.strides, dl.strides + dl.ndim));
  // The bytes the view reaches (the allocation's size, for the statistics and bounds of views of it).
  int64_t last = 0;
  bool empty = false;
  for (int d = 0; d < dl.ndim; ++d) {
    PD_CHECK(shape[d] >= 0 && meta.strides[d] >= 0, InvalidArgument, "[from_dlpack] dim ", d, " has size ",
             shape[d], " and stride ", meta.strides[d], "; negative ones are not supported");
    empty = empty || shape[d] == 0;
    if (shape[d] > 0) last += meta.strides[d] * (shape[d] - 1);
  }
  const size_t bytes = empty ? 0 : static_cast<size_t>((last + 1) * static_cast<int64_t>(SizeOf(dtype)));
  char* data = static_cast<char*>(dl.data) + dl.byte_offset;
  PyCapsule_SetName(capsule.ptr(), kUsedCapsule);  // ours now: the producer's capsule destructor leaves it
  auto tensor = std::make_shared<phi::DenseTensor>(meta);
  if (bytes == 0 || data == nullptr) {  // nothing to share (an Allocation frees no null pointer)
    tensor->set_holder(phi::GetAllocator(place)->Allocate(0));
    if (managed->deleter != nullptr) managed->deleter(managed);
  } else {
    tensor->set_holder(std::make_shared<phi::Allocation>(data, bytes, place, new ForeignMemory(managed, place)));
  }
  return Tensor(tensor);
}

}  // namespace

void BindDlpack(py::module_& m) {
  m.def("to_dlpack", &ToDlpack, py::arg("x"), "A DLPack capsule sharing x's memory.");
  m.def("from_dlpack", &FromDlpack, py::arg("capsule"), "A tensor sharing the memory of a DLPack capsule.");
}

}  // namespace paddle::pybind
