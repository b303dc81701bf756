// Basic indexing: x[1, :, None, ..., ::-1] as a view (no copy), and
// x[index] = value writing through that view.
#include <pybind11/numpy.h>

#include "paddle/common/errors.h"
#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/autograd/grad_mode.h"
#include "paddle/autograd/grad_node.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/phi/api/transfer.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/bindings.h"
#include "paddle/pybind/op_trace.h"

namespace paddle::pybind {
namespace {

bool IsIntIndex(py::handle item) {
  if (PyBool_Check(item.ptr())) return false;
  if (PyLong_Check(item.ptr())) return true;
  if (py::isinstance<Tensor>(item)) {
    const Tensor& t = item.cast<const Tensor&>();
    return t.dims().size() == 0 && IsInteger(t.dtype());
  }
  return PyObject_HasAttrString(item.ptr(), "__index__") && !PySequence_Check(item.ptr());
}

int64_t IntIndexValue(py::handle item) {
  py::object value = py::reinterpret_borrow<py::object>(item).attr("__index__")();
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  PD_CHECK(overflow == 0, OutOfRange, "[getitem] index ", py::str(value).cast<std::string>(),
           " is out of the int64 range");
  return v;
}

// PySlice_Unpack, its errors (a zero step, non-integer bounds) named after the op.
void UnpackSlice(py::handle item, Py_ssize_t* start, Py_ssize_t* stop, Py_ssize_t* step, const char* op) {
  if (PySlice_Unpack(item.ptr(), start, stop, step) == 0) return;
  py::error_already_set e;
  const std::string message = std::string("[") + op + "] " + py::str(e.value()).cast<std::string>();
  if (e.matches(PyExc_ValueError)) PD_THROW(InvalidArgument, message);
  PD_THROW(InvalidType, message);
}

Tensor IndexView(const Tensor& x, py::handle index, const char* op) {
  py::tuple items = py::isinstance<py::tuple>(index) ? py::reinterpret_borrow<py::tuple>(index)
                                                      : py::make_tuple(index);
  const phi::DenseTensorMeta& in = x.dense().meta();
  const int rank = in.dims.size();
  int consuming = 0, ellipses = 0;
  for (py::handle item : items) {
    if (item.ptr() == Py_Ellipsis) {
      ++ellipses;
    } else if (!item.is_none()) {
      ++consuming;
    }
    bool basic = item.is_none() || item.ptr() == Py_Ellipsis || PySlice_Check(item.ptr()) || IsIntIndex(item);
    PD_CHECK(basic, InvalidType, "[", op, "] an index must be an int, slice, None, ..., an integer or bool "
             "tensor, or a list of them, but got ", TypeName(item));
  }
  PD_CHECK(ellipses <= 1, OutOfRange, "[", op, "] an index can only have a single ellipsis ('...')");
  PD_CHECK(consuming <= rank, OutOfRange, "[", op, "] too many indices: the tensor has ", rank,
           " dims but ", consuming, " were indexed");

  std::vector<int64_t> dims, strides;
  int64_t offset = in.offset;
  const int64_t elem = static_cast<int64_t>(SizeOf(in.dtype));
  int d = 0;
  for (py::handle item : items) {
    if (item.is_none()) {
      dims.push_back(1);
      strides.push_back(1);
    } else if (item.ptr() == Py_Ellipsis) {
      for (int keep = rank - consuming; keep > 0; --keep, ++d) {
        dims.push_back(in.dims[d]);
        strides.push_back(in.strides[d]);
      }
    } else if (PySlice_Check(item.ptr())) {
      Py_ssize_t start, stop, step;
      UnpackSlice(item, &start, &stop, &step, op);
      Py_ssize_t length = PySlice_AdjustIndices(static_cast<Py_ssize_t>(in.dims[d]), &start, &stop, step);
      dims.push_back(length);
      strides.push_back(in.strides[d] * step);
      if (length > 0) offset += start * in.strides[d] * elem;
      ++d;
    } else {
      int64_t i = IntIndexValue(item), n = in.dims[d];
      PD_CHECK(i >= -n && i < n, OutOfRange, "[", op, "] index ", i, " is out of bounds for axis ",
               d, " with size ", n);
      offset += (i < 0 ? i + n : i) * in.strides[d] * elem;
      ++d;
    }
  }
  for (; d < rank; ++d) {
    dims.push_back(in.dims[d]);
    strides.push_back(in.strides[d]);
  }
  phi::DenseTensorMeta meta(in.dtype, DDim(dims));
  meta.strides = DDim(strides);
  meta.offset = offset;
  auto view = std::make_shared<phi::DenseTensor>(meta);
  view->ShareBufferWith(x.dense());
  return Tensor(std::move(view));
}

// x[index] for a tensor whose gradient is recorded: the same view built from
// slice + reshape, which the autograd layer knows how to differentiate; a
// slice with a step other than 1 takes its positions with take_along_axis.
Tensor RecordedIndex(const Tensor& x, py::handle index) {
  Tensor view = IndexView(x, index, "getitem");  // validates and gives the result's dims
  py::tuple items = py::isinstance<py::tuple>(index) ? py::reinterpret_borrow<py::tuple>(index)
                                                      : py::make_tuple(index);
  const int rank = x.dims().size();
  int consuming = 0;
  for (py::handle item : items) consuming += !(item.is_none() || item.ptr() == Py_Ellipsis);
  std::vector<int64_t> axes, starts, ends;
  std::vector<std::pair<int, Tensor>> stepped;  // (axis, positions)
  int d = 0;
  for (py::handle item : items) {
    if (item.is_none()) continue;
    if (item.ptr() == Py_Ellipsis) {
      d += rank - consuming;
      continue;
    }
    if (PySlice_Check(item.ptr())) {
      Py_ssize_t start, stop, step;
      UnpackSlice(item, &start, &stop, &step, "getitem");
      Py_ssize_t length = PySlice_AdjustIndices(static_cast<Py_ssize_t>(x.dims()[d]), &start, &stop, step);
      if (step == 1) {
        axes.push_back(d);
        starts.push_back(start);
        ends.push_back(start + length);
      } else {
        stepped.emplace_back(d, api::arange(start, start + length * step, step, DataType::INT64, x.place()));
      }
    } else {
      int64_t i = IntIndexValue(item), n = x.dims()[d];
      if (i < 0) i += n;
      axes.push_back(d);
      starts.push_back(i);
      ends.push_back(i + 1);
    }
    ++d;
  }
  Tensor sliced = axes.empty() ? x : eager::slice(x, axes, starts, ends);
  for (const auto& [axis, positions] : stepped) {
    sliced = eager::index_select(sliced, positions, axis);
  }
  return eager::reshape(sliced, phi::IntArray(view.dims().ToVector()));
}

// The value of x[index] = value as a tensor of x's dtype and place.
Tensor ValueTensor(const Tensor& x, py::handle value) {
  if (py::isinstance<Tensor>(value)) {
    Tensor v = value.cast<Tensor>();
    return v.dtype() == x.dtype() ? v : api::cast(v, x.dtype());
  }
  if (IsNumber(value)) {
    return api::full({}, CastScalar(value, "setitem", "value"), x.dtype(), x.place());
  }
  if (py::isinstance<py::array>(value) || py::isinstance<py::list>(value) || py::isinstance<py::tuple>(value)) {
    py::module_ np = py::module_::import("numpy");
    py::object array;
    try {
      array = np.attr("asarray")(value);
    } catch (py::error_already_set& e) {  // ragged nesting, mixed types
      PD_THROW(InvalidArgument, "[setitem] argument 'value': cannot be read as an array (", e.what(), ")");
    }
    Tensor v = py::type::of<Tensor>().attr("_from_numpy")(array, x.place()).cast<Tensor>();
    return v.dtype() == x.dtype() ? v : api::cast(v, x.dtype());
  }
  PD_THROW(InvalidType, "[setitem] argument 'value': expected a Tensor, number, list or NumPy array, but got ",
           TypeName(value));
}

// Advanced indices (integer tensors and lists, bool masks) are handled in
// Python (paddle/tensor/indexing.py), over gather_nd and put_nd.
bool HasAdvancedItem(py::handle index) {
  py::tuple items = py::isinstance<py::tuple>(index) ? py::reinterpret_borrow<py::tuple>(index)
                                                      : py::make_tuple(index);
  for (py::handle item : items) {
    if (item.is_none() || item.ptr() == Py_Ellipsis || PySlice_Check(item.ptr()) || IsIntIndex(item)) continue;
    if (py::isinstance<Tensor>(item) || PyBool_Check(item.ptr()) || PyList_Check(item.ptr()) ||
        py::isinstance<py::array>(item)) {
      return true;
    }
  }
  return false;
}

py::object AdvancedIndexing(const char* function) {
  return py::module_::import("paddle.tensor.indexing").attr(function);
}

}  // namespace

void BindTensorIndexing(py::class_<Tensor>& tensor) {
  tensor.def("__getitem__", [](const Tensor& x, py::handle index) -> py::object {
    TraceOp("getitem");
    if (HasAdvancedItem(index)) return AdvancedIndexing("advanced_getitem")(x, index);
    return py::cast(autograd::ShouldRecord({&x}) ? RecordedIndex(x, index) : IndexView(x, index, "getitem"));
  });
  tensor.def("__setitem__", [](py::handle self, py::handle index, py::handle value) {
    TraceOp("setitem");
    const Tensor& x = self.cast<const Tensor&>();
    const bool value_requires_grad = py::isinstance<Tensor>(value) && autograd::RequiresGrad(value.cast<const Tensor&>());
    if (autograd::GradMode::IsEnabled() && (autograd::RequiresGrad(x) || value_requires_grad)) {
      AdvancedIndexing("recorded_setitem")(self, index, value);  // Note [In-place updates]
      return;
    }
    if (HasAdvancedItem(index)) {
      AdvancedIndexing("advanced_setitem")(x, index, value);
      return;
    }
    try {
      api::CopyInto(ValueTensor(x, value), IndexView(x, index, "setitem"));
    } catch (common::Error& e) {
      e.AttachOp("setitem");
      throw;
    }
  });
}

}  // namespace paddle::pybind
