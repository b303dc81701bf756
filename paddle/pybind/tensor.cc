// The Tensor class: construction from NumPy, conversion back, properties and
// device transfer. Indexing and operators live in their own files.
#include <pybind11/numpy.h>

#include <bit>

#include "paddle/autograd/grad_node.h"
#include "paddle/common/errors.h"
#include "paddle/phi/api/api_helpers.h"
#include "paddle/phi/api/transfer.h"
#include "paddle/phi/backends/gpu/gpu_runtime.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {
namespace {

// NumPy has no bfloat16: its bits travel as uint16, as in Paddle.
const char* NumpyTypeName(DataType t) {
  return t == DataType::BFLOAT16 ? "uint16" : DataTypeName(t);
}

// The dtype of an array NumPy lays out as we do (C order, native byte
// order, a dtype of ours); UNDEFINED for any other, which FromNumpy
// converts through NumPy first.
DataType DirectDtype(const py::array& arr) {
  if (!(arr.flags() & py::array::c_style)) return DataType::UNDEFINED;
  const py::dtype dtype = arr.dtype();
  const char order = dtype.byteorder();
  const bool native = order == '=' || order == '|' || (order == '<' && std::endian::native == std::endian::little);
  if (!native) return DataType::UNDEFINED;
  const py::ssize_t size = dtype.itemsize();
  switch (dtype.kind()) {
    case 'b': return DataType::BOOL;
    case 'f': return size == 4 ? DataType::FLOAT32 : size == 8 ? DataType::FLOAT64 : size == 2 ? DataType::FLOAT16
                                                                                              : DataType::UNDEFINED;
    case 'i': return size == 4 ? DataType::INT32 : size == 8 ? DataType::INT64 : size == 2 ? DataType::INT16
                     : size == 1 ? DataType::INT8 : DataType::UNDEFINED;
    // uint16 arrays are bfloat16's bits (what numpy() gives for bfloat16), as in Paddle.
    case 'u': return size == 1 ? DataType::UINT8 : size == 2 ? DataType::BFLOAT16 : DataType::UNDEFINED;
    case 'c': return size == 8 ? DataType::COMPLEX64 : size == 16 ? DataType::COMPLEX128 : DataType::UNDEFINED;
    default: return DataType::UNDEFINED;
  }
}

Tensor FromNumpy(py::array arr, py::handle place) {
  if (const DataType direct = DirectDtype(arr); direct != DataType::UNDEFINED) {
    std::vector<int64_t> dims(arr.shape(), arr.shape() + arr.ndim());
    return api::FromHostBuffer(arr.data(), direct, DDim(dims), CastPlace(place, "to_tensor", "place", Place()));
  }
  py::module_ np = py::module_::import("numpy");
  std::string name = py::str(arr.dtype().attr("name"));
  DataType dtype;
  try {
    dtype = DataTypeFromName(name);
  } catch (common::Error&) {
    PD_THROW(InvalidType, "[to_tensor] NumPy dtype ", name, " has no paddle counterpart");
  }
  // Native byte order and C layout; np.require keeps 0-D arrays 0-D
  // (np.ascontiguousarray would make them 1-D).
  py::object native = arr.dtype().attr("newbyteorder")("=");
  py::array contiguous = np.attr("require")(arr, native, "C");
  std::vector<int64_t> dims(contiguous.shape(), contiguous.shape() + contiguous.ndim());
  return api::FromHostBuffer(contiguous.data(), dtype, DDim(dims), CastPlace(place, "to_tensor", "place", Place()));
}

py::array ToNumpy(const Tensor& t) {
  py::module_ np = py::module_::import("numpy");
  std::vector<py::ssize_t> shape(t.dims().data(), t.dims().data() + t.dims().size());
  py::array out;
  try {
    out = np.attr("empty")(shape, NumpyTypeName(t.dtype()));
  } catch (py::error_already_set& e) {
    // NumPy caps the product of the dims even for an empty array.
    if (!e.matches(PyExc_ValueError)) throw;
    PD_THROW(InvalidArgument, "[numpy] a tensor of shape ", t.dims().ToString(), " has no NumPy array: ", e.what());
  }
  api::ToHostBuffer(t, out.mutable_data());
  return out;
}

std::vector<int64_t> Shape(const Tensor& t) { return t.dims().ToVector(); }

// t on `place`: t itself when already there; a copy otherwise, refused for a
// tensor whose gradient is recorded (copies between devices have no
// gradient node yet, and a silent new leaf would drop its gradient).
Tensor CopyToPlace(const Tensor& t, const Place& place, const char* op, bool blocking = true) {
  if (t.place() == place) return t;
  PD_CHECK(!autograd::ShouldRecord({&t}), Unimplemented, "[", op,
           "] moving a tensor that requires grad to another device is not differentiable yet; "
           "detach() it first or move it before setting stop_gradient=False");
  try {
    return api::CopyTo(t, place, /*force_copy=*/false, blocking);
  } catch (common::Error& e) {
    e.AttachOp(op);
    throw;
  }
}

// A tensor of `shape` and `stride` (elements) over source's memory, starting
// `offset` bytes after source's own start: Tensor.set_'s view. Every element
// it can reach must lie inside that memory.
Tensor StridedView(const Tensor& source, py::handle shape_obj, py::handle stride_obj, py::handle offset_obj) {
  constexpr const char* op = "set_";
  const std::vector<int64_t> shape = CastInt64List(shape_obj, op, "shape");
  const std::vector<int64_t> stride = CastInt64List(stride_obj, op, "stride");
  const int64_t offset = CastInt64(offset_obj, op, "offset");
  const phi::DenseTensor& src = source.dense();
  const int64_t item = static_cast<int64_t>(SizeOf(src.dtype()));
  PD_CHECK(shape.size() == stride.size(), InvalidArgument, "[", op, "] arguments 'shape' and 'stride': expected as ",
           "many sizes as strides, but got ", shape.size(), " and ", stride.size());
  int64_t last = 0;  // the furthest element reached, counted from the view's start
  bool empty = false;
  for (size_t d = 0; d < shape.size(); ++d) {
    PD_CHECK(shape[d] >= 0 && stride[d] >= 0, InvalidArgument, "[", op, "] arguments 'shape' and 'stride': expected ",
             "non-negative values, but got ", shape[d], " and ", stride[d], " at dim ", d);
    empty = empty || shape[d] == 0;
    last += stride[d] * (shape[d] > 0 ? shape[d] - 1 : 0);
  }
  PD_CHECK(offset >= 0 && offset % item == 0, InvalidArgument, "[", op, "] argument 'offset': expected a ",
           "non-negative multiple of the element size (", item, " bytes), but got ", offset);
  const int64_t start = src.offset() + offset;
  const int64_t capacity = src.Holder() ? static_cast<int64_t>(src.Holder()->size()) : 0;
  PD_CHECK(empty || start + (last + 1) * item <= capacity, InvalidArgument, "[", op, "] a view of shape ",
           DDim(shape).ToString(), ", stride ", DDim(stride).ToString(), " and offset ", offset,
           " reaches byte ", start + (last + 1) * item, ", beyond the source's ", capacity, " bytes");
  phi::DenseTensorMeta meta(src.dtype(), DDim(shape));
  meta.strides = DDim(stride);
  meta.offset = empty ? 0 : start;
  auto view = std::make_shared<phi::DenseTensor>(meta);
  view->ShareBufferWith(src);
  return Tensor(view);
}

}  // namespace

py::class_<Tensor> BindTensor(py::module_& m) {
  py::class_<Tensor> tensor(m, "Tensor", py::dynamic_attr());
  tensor.def_static("_from_numpy", &FromNumpy, py::arg("array"), py::arg("place") = py::none())
      .def("numpy", &ToNumpy, "A NumPy copy of the tensor (bfloat16 as uint16 bits).")
      .def_property_readonly("shape", &Shape)
      .def_property_readonly("dtype", &Tensor::dtype)
      .def_property_readonly("place", &Tensor::place)
      .def_property_readonly("ndim", [](const Tensor& t) { return t.dims().size(); })
      .def_property_readonly("size", &Tensor::numel)
      .def("dim", [](const Tensor& t) { return t.dims().size(); })
      .def("numel", &Tensor::numel)
      .def("element_size", [](const Tensor& t) { return SizeOf(t.dtype()); })
      .def_property("stop_gradient", &Tensor::stop_gradient, &Tensor::set_stop_gradient)
      .def_property("name", &Tensor::name, &Tensor::set_name)
      .def_property_readonly("strides", [](const Tensor& t) { return t.dense().strides().ToVector(); })
      // Where a view starts in its memory, in bytes (Paddle's Tensor.offset).
      .def_property_readonly("offset", [](const Tensor& t) { return t.dense().offset(); })
      .def("is_contiguous", [](const Tensor& t) { return t.dense().IsContiguous(); })
      .def("_data_ptr", [](const Tensor& t) { return reinterpret_cast<uintptr_t>(t.dense().raw_data()); })
      // How many times the tensor's memory was written in place (the count autograd checks saved tensors with).
      .def_property_readonly("inplace_version", [](const Tensor& t) -> int64_t {
        return t.dense().Holder() ? static_cast<int64_t>(t.dense().Holder()->version()) : 0;
      })
      .def("_copy_to", [](const Tensor& t, py::handle place, bool blocking) {
        return CopyToPlace(t, CastPlace(place, "_copy_to", "place"), "_copy_to", blocking);
      }, py::arg("place"), py::arg("blocking") = true)
      // Makes this tensor hold `other`'s data (any dtype and shape), keeping
      // its identity, name and autograd meta: how Layer.to() and
      // amp.decorate convert parameters without replacing the objects that
      // optimizers and hooks hold.
      .def("_replace_data", [](Tensor& self, const Tensor& other) {
        Tensor replaced(other.impl());
        replaced.set_name(self.name());
        replaced.set_autograd_meta(self.autograd_meta());
        self = replaced;
      }, py::arg("other"))
      .def_static("_strided_view", &StridedView, py::arg("source"), py::arg("shape"), py::arg("stride"),
                  py::arg("offset"))
      .def("cpu", [](const Tensor& t) { return CopyToPlace(t, CPUPlace(), "cpu"); })
      .def("cuda", [](const Tensor& t, py::handle device_id, bool blocking) {
        int id = CastInt(device_id, "cuda", "device_id", 0);
        return CopyToPlace(t, GPUPlace(id), "cuda", blocking);
      }, py::arg("device_id") = py::none(), py::arg("blocking") = true)
      .def("pin_memory", [](const Tensor& t, bool blocking) {
        return CopyToPlace(t, GPUPinnedPlace(), "pin_memory", blocking);
      }, py::arg("blocking") = true,
         "A copy in page-locked host memory, from which .cuda(blocking=False) copies asynchronously.");
  return tensor;
}

}  // namespace paddle::pybind
