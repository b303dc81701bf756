#include "paddle/pybind/arg_parse.h"

#include <pybind11/complex.h>

#include "paddle/common/errors.h"
#include "paddle/phi/api/transfer.h"

namespace paddle::pybind {
namespace {

[[noreturn]] void ThrowType(py::handle obj, const char* op, const char* arg, const char* expected) {
  PD_THROW(InvalidType, "[", op, "] argument '", arg, "': expected ", expected, ", but got ",
           TypeName(obj));
}

// True for the built-in types that arguments mostly are; the attribute
// probes below raise and clear an AttributeError on them, which costs
// microseconds per call.
bool IsBuiltinValue(py::handle obj) {
  PyObject* p = obj.ptr();
  return p == Py_None || PyLong_CheckExact(p) || PyFloat_CheckExact(p) || PyBool_Check(p) ||
         PyList_Check(p) || PyTuple_Check(p) || PyUnicode_Check(p) || py::isinstance<Tensor>(obj);
}

bool IsNumpyArray(py::handle obj) {
  return !IsBuiltinValue(obj) && PyObject_HasAttrString(obj.ptr(), "__array_interface__") &&
         PyObject_HasAttrString(obj.ptr(), "ndim") && !py::isinstance<Tensor>(obj);
}

bool IsIntegerLike(py::handle obj) {
  if (PyBool_Check(obj.ptr())) return false;
  if (PyLong_Check(obj.ptr())) return true;
  if (IsBuiltinValue(obj)) return false;
  // NumPy integer scalars and 0-D integer arrays count; every NumPy array
  // has __index__, so the dtype decides.
  if (IsNumpyArray(obj)) {
    std::string kind = py::str(obj.attr("dtype").attr("kind"));
    return obj.attr("ndim").cast<int>() == 0 && (kind == "i" || kind == "u");
  }
  return !PyFloat_Check(obj.ptr()) && PyObject_HasAttrString(obj.ptr(), "__index__") &&
         !py::isinstance<Tensor>(obj);
}

// The single value of a one-element tensor, as a Python object.
py::object TensorItem(const Tensor& t, const char* op, const char* arg) {
  PD_CHECK(t.numel() == 1, InvalidArgument, "[", op, "] argument '", arg,
           "': a tensor given for a number must have exactly 1 element, but has ", t.numel());
  return py::cast(t).attr("item")();
}

int64_t AsInt64(py::handle obj, const char* op, const char* arg) {
  py::object value = PyLong_CheckExact(obj.ptr())
                         ? py::reinterpret_borrow<py::object>(obj)
                         : py::reinterpret_borrow<py::object>(obj).attr("__index__")();
  int overflow = 0;
  long long v = PyLong_AsLongLongAndOverflow(value.ptr(), &overflow);
  PD_CHECK(overflow == 0, OutOfRange, "[", op, "] argument '", arg,
           "': ", py::str(value).cast<std::string>(), " does not fit in int64");
  if (v == -1 && PyErr_Occurred()) throw py::error_already_set();
  return v;
}

double AsDouble(py::handle obj) {
  double v = PyFloat_AsDouble(obj.ptr());
  if (v == -1.0 && PyErr_Occurred()) throw py::error_already_set();
  return v;
}

}  // namespace

std::string TypeName(py::handle obj) {
  if (py::isinstance<Tensor>(obj)) return "Tensor";
  return py::str(py::type::handle_of(obj).attr("__name__"));
}

bool IsNumber(py::handle obj) {
  if (IsNumpyArray(obj)) return obj.attr("ndim").cast<int>() == 0;  // 0-D arrays are numbers
  return PyBool_Check(obj.ptr()) || PyLong_Check(obj.ptr()) || PyFloat_Check(obj.ptr()) ||
         PyComplex_Check(obj.ptr()) ||
         (!py::isinstance<Tensor>(obj) &&
          (PyObject_HasAttrString(obj.ptr(), "__index__") ||
           PyObject_HasAttrString(obj.ptr(), "__float__")) &&
          !PySequence_Check(obj.ptr()));
}

Tensor CastTensor(py::handle obj, const char* op, const char* arg) {
  if (py::isinstance<Tensor>(obj)) return obj.cast<Tensor>();
  ThrowType(obj, op, arg, "Tensor");
}

std::vector<Tensor> CastTensorList(py::handle obj, const char* op, const char* arg) {
  if (!(py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj))) {
    ThrowType(obj, op, arg, "a list or tuple of Tensors");
  }
  std::vector<Tensor> out;
  for (py::handle item : obj) {
    if (!py::isinstance<Tensor>(item)) {
      PD_THROW(InvalidType, "[", op, "] argument '", arg,
               "': expected a list of Tensors, but an element is ", TypeName(item));
    }
    out.push_back(item.cast<Tensor>());
  }
  return out;
}

phi::Scalar CastScalar(py::handle obj, const char* op, const char* arg) {
  if (PyBool_Check(obj.ptr())) return phi::Scalar(obj.cast<bool>());
  if (IsNumpyArray(obj) && obj.attr("ndim").cast<int>() != 0) {
    ThrowType(obj, op, arg, "a number (bool, int, float or complex), not an array");
  }
  if (IsIntegerLike(obj)) return phi::Scalar(AsInt64(obj, op, arg));
  if (PyComplex_Check(obj.ptr())) {
    auto c = obj.cast<std::complex<double>>();
    return phi::Scalar(paddle::complex128(c.real(), c.imag()));
  }
  if (PyFloat_Check(obj.ptr()) ||
      (!py::isinstance<Tensor>(obj) && PyObject_HasAttrString(obj.ptr(), "__float__"))) {
    return phi::Scalar(AsDouble(obj));
  }
  if (py::isinstance<Tensor>(obj))
    return CastScalar(TensorItem(obj.cast<Tensor>(), op, arg), op, arg);
  ThrowType(obj, op, arg, "a number (bool, int, float or complex)");
}

phi::Scalar CastScalar(py::handle obj, const char* op, const char* arg, const phi::Scalar& dflt) {
  return obj.is_none() ? dflt : CastScalar(obj, op, arg);
}

std::vector<int64_t> CastInt64List(py::handle obj, const char* op, const char* arg) {
  if (IsIntegerLike(obj)) return {AsInt64(obj, op, arg)};
  if (py::isinstance<Tensor>(obj)) {
    Tensor t = obj.cast<Tensor>();
    PD_CHECK(
        IsInteger(t.dtype()) && t.dims().size() <= 1, InvalidType, "[", op, "] argument '", arg,
        "': a tensor given for a list of ints must be a 0-D or 1-D integer tensor, but got dtype ",
        DataTypeName(t.dtype()), " and shape ", t.dims().ToString());
    Tensor as_int64 =
        t.dtype() == DataType::INT64 ? t : py::cast(t).attr("astype")("int64").cast<Tensor>();
    std::vector<int64_t> values(static_cast<size_t>(t.numel()));
    api::ToHostBuffer(as_int64, values.data());
    return values;
  }
  if (IsNumpyArray(obj) && obj.attr("ndim").cast<int>() == 1) {
    return CastInt64List(obj.attr("tolist")(), op, arg);
  }
  if (py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj)) {
    std::vector<int64_t> values;
    for (py::handle item : obj) {
      if (IsIntegerLike(item)) {
        values.push_back(AsInt64(item, op, arg));
      } else if (py::isinstance<Tensor>(item) && item.cast<Tensor>().numel() == 1 &&
                 IsInteger(item.cast<Tensor>().dtype())) {
        values.push_back(TensorItem(item.cast<Tensor>(), op, arg).cast<int64_t>());
      } else {
        PD_THROW(InvalidType, "[", op, "] argument '", arg,
                 "': expected a list of ints, but an element is ", TypeName(item));
      }
    }
    return values;
  }
  ThrowType(obj, op, arg, "an int, a list/tuple of ints or an integer Tensor");
}

std::vector<int64_t> CastInt64List(py::handle obj, const char* op, const char* arg,
                                   const std::vector<int64_t>& dflt) {
  return obj.is_none() ? dflt : CastInt64List(obj, op, arg);
}

phi::IntArray CastIntArray(py::handle obj, const char* op, const char* arg) {
  return phi::IntArray(CastInt64List(obj, op, arg));
}

phi::IntArray CastIntArray(py::handle obj, const char* op, const char* arg,
                           const phi::IntArray& dflt) {
  return obj.is_none() ? dflt : CastIntArray(obj, op, arg);
}

int64_t CastInt64(py::handle obj, const char* op, const char* arg) {
  if (IsIntegerLike(obj)) return AsInt64(obj, op, arg);
  if (py::isinstance<Tensor>(obj) && IsInteger(obj.cast<Tensor>().dtype())) {
    return TensorItem(obj.cast<Tensor>(), op, arg).cast<int64_t>();
  }
  ThrowType(obj, op, arg, "an int");
}

int64_t CastInt64(py::handle obj, const char* op, const char* arg, int64_t dflt) {
  return obj.is_none() ? dflt : CastInt64(obj, op, arg);
}

int CastInt(py::handle obj, const char* op, const char* arg) {
  int64_t v = CastInt64(obj, op, arg);
  PD_CHECK(v >= INT32_MIN && v <= INT32_MAX, OutOfRange, "[", op, "] argument '", arg, "': ", v,
           " does not fit in int32");
  return static_cast<int>(v);
}

int CastInt(py::handle obj, const char* op, const char* arg, int dflt) {
  return obj.is_none() ? dflt : CastInt(obj, op, arg);
}

double CastDouble(py::handle obj, const char* op, const char* arg) {
  phi::Scalar s = CastScalar(obj, op, arg);
  PD_CHECK(s.dtype() != DataType::COMPLEX128, InvalidType, "[", op, "] argument '", arg,
           "': expected a real number, but got complex");
  return s.real();
}

double CastDouble(py::handle obj, const char* op, const char* arg, double dflt) {
  return obj.is_none() ? dflt : CastDouble(obj, op, arg);
}

std::vector<double> CastDoubleList(py::handle obj, const char* op, const char* arg) {
  if (!py::isinstance<py::list>(obj) && !py::isinstance<py::tuple>(obj)) {
    return {CastDouble(obj, op, arg)};
  }
  std::vector<double> values;
  for (py::handle item : obj) values.push_back(CastDouble(item, op, arg));
  return values;
}

std::vector<double> CastDoubleList(py::handle obj, const char* op, const char* arg,
                                   const std::vector<double>& dflt) {
  return obj.is_none() ? dflt : CastDoubleList(obj, op, arg);
}

float CastFloat(py::handle obj, const char* op, const char* arg) {
  return static_cast<float>(CastDouble(obj, op, arg));
}

float CastFloat(py::handle obj, const char* op, const char* arg, float dflt) {
  return obj.is_none() ? dflt : CastFloat(obj, op, arg);
}

bool CastBool(py::handle obj, const char* op, const char* arg) {
  if (PyBool_Check(obj.ptr())) return obj.cast<bool>();
  if (py::isinstance<Tensor>(obj) && obj.cast<Tensor>().dtype() == DataType::BOOL) {
    return TensorItem(obj.cast<Tensor>(), op, arg).cast<bool>();
  }
  // NumPy bools (scalars or 0-D arrays)
  if (py::hasattr(obj, "dtype") && py::str(obj.attr("dtype")).cast<std::string>() == "bool" &&
      (!py::hasattr(obj, "ndim") || obj.attr("ndim").cast<int>() == 0)) {
    int truth = PyObject_IsTrue(obj.ptr());
    if (truth < 0) throw py::error_already_set();
    return truth == 1;
  }
  ThrowType(obj, op, arg, "a bool");
}

bool CastBool(py::handle obj, const char* op, const char* arg, bool dflt) {
  return obj.is_none() ? dflt : CastBool(obj, op, arg);
}

std::string CastString(py::handle obj, const char* op, const char* arg) {
  if (py::isinstance<py::str>(obj)) return obj.cast<std::string>();
  ThrowType(obj, op, arg, "a str");
}

std::string CastString(py::handle obj, const char* op, const char* arg, const std::string& dflt) {
  return obj.is_none() ? dflt : CastString(obj, op, arg);
}

DataType CastDataType(py::handle obj, const char* op, const char* arg) {
  if (py::isinstance<DataType>(obj)) return obj.cast<DataType>();
  if (py::isinstance<py::str>(obj)) {
    try {
      return DataTypeFromName(obj.cast<std::string>());
    } catch (common::Error& e) {
      PD_THROW(InvalidType, "[", op, "] argument '", arg, "': ", e.message());
    }
  }
  // NumPy dtypes and scalar types (np.float32, np.dtype('int64')).
  py::module_ np = py::module_::import("numpy");
  try {
    std::string name = np.attr("dtype")(obj).attr("name").cast<std::string>();
    return DataTypeFromName(name);
  } catch (std::exception&) {
    ThrowType(obj, op, arg, "a dtype (paddle.float32, 'float32' or a NumPy dtype)");
  }
}

DataType CastDataType(py::handle obj, const char* op, const char* arg, DataType dflt) {
  return obj.is_none() ? dflt : CastDataType(obj, op, arg);
}

Place CastPlace(py::handle obj, const char* op, const char* arg) {
  if (py::isinstance<Place>(obj)) return obj.cast<Place>();
  if (py::isinstance<py::str>(obj)) return PlaceFromDeviceString(obj.cast<std::string>());
  ThrowType(obj, op, arg, "a Place or a device string such as 'cpu' or 'gpu:0'");
}

Place CastPlace(py::handle obj, const char* op, const char* arg, const Place& dflt) {
  return obj.is_none() ? dflt : CastPlace(obj, op, arg);
}

}  // namespace paddle::pybind
