// Python operators on Tensor (+ - * / ** @ == != < <= > >= unary - abs ~),
// in C++ so that `a + b` costs one call. A Python number operand becomes a
// 0-D tensor whose dtype follows Paddle's scalar rules (ScalarOperandType).
#include <limits>
#include <type_traits>

#include "paddle/common/errors.h"
#include "paddle/phi/api/api_helpers.h"
#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/bindings.h"
#include "paddle/pybind/op_trace.h"

namespace paddle::pybind {
namespace {

// The dtype a Python number takes next to a tensor of dtype `t`: it never
// widens a tensor of the same kind (float16 + 1.5 stays float16), but an int
// tensor with a float becomes the default float dtype and a real tensor with
// a complex becomes complex.
DataType ScalarOperandType(DataType t, const phi::Scalar& s) {
  switch (s.dtype()) {
    case DataType::BOOL:
      return t;
    case DataType::INT64: {
      if (t == DataType::BOOL) return DataType::INT64;
      if (!IsInteger(t)) return t;
      // An int that does not fit the tensor's integer type widens the op
      // (to int64) instead of wrapping around.
      const int64_t v = s.to<int64_t>();
      int64_t lo = 0, hi = 0;
      VisitDataType(t, "operator", [&](auto tag) {
        using I = typename decltype(tag)::type;
        if constexpr (std::is_integral_v<I>) {
          lo = static_cast<int64_t>(std::numeric_limits<I>::min());
          hi = static_cast<int64_t>(std::numeric_limits<I>::max());
        }
      });
      return v >= lo && v <= hi ? t : DataType::INT64;
    }
    case DataType::FLOAT64:
      return (IsFloating(t) || IsComplex(t)) ? t : api::GetDefaultFloatType();
    default:
      if (IsComplex(t)) return t;
      return t == DataType::FLOAT64 ? DataType::COMPLEX128 : DataType::COMPLEX64;
  }
}

// `other` as a tensor to combine with `self`, or an undefined Tensor when it
// is neither a tensor nor a number (the operator then returns NotImplemented).
Tensor Operand(const Tensor& self, py::handle other, const char* op) {
  if (py::isinstance<Tensor>(other)) return other.cast<Tensor>();
  if (!IsNumber(other)) return Tensor();
  phi::Scalar s = CastScalar(other, op, "y");
  return api::full({}, s, ScalarOperandType(self.dtype(), s), self.place());
}

using BinaryOp = Tensor (*)(const Tensor&, const Tensor&);

template <BinaryOp fn>
py::object Forward(const Tensor& self, py::handle other, const char* op) {
  TraceOp(op);
  Tensor y = Operand(self, other, op);
  if (!y.defined()) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  return py::cast(fn(self, y));
}

template <BinaryOp fn>
py::object Reflected(const Tensor& self, py::handle other, const char* op) {
  TraceOp(op);
  Tensor y = Operand(self, other, op);
  if (!y.defined()) return py::reinterpret_borrow<py::object>(Py_NotImplemented);
  return py::cast(fn(y, self));
}

Tensor MatmulPlain(const Tensor& x, const Tensor& y) { return eager::matmul(x, y, false, false); }

py::object Pow(const Tensor& self, py::handle other) {
  TraceOp("pow");
  if (IsNumber(other) && !py::isinstance<Tensor>(other)) {
    phi::Scalar s = CastScalar(other, "pow", "y");
    DataType t = ScalarOperandType(self.dtype(), s);
    return py::cast(eager::pow(t == self.dtype() ? self : eager::cast(self, t), s));
  }
  return Forward<eager::elementwise_pow>(self, other, "pow");
}

py::object ScalarValue(const Tensor& t, const char* what) {
  PD_CHECK(t.numel() == 1, InvalidArgument, "only a tensor with one element can be converted to ", what,
           ", but this one has shape ", t.dims().ToString());
  return py::cast(t).attr("item")();
}

// int(value) as an exact int: py::int_ would keep a bool item as it is, and
// __int__ returning a bool is deprecated.
py::int_ ExactInt(const py::object& value) {
  PyObject* result = PyNumber_Long(value.ptr());
  if (result == nullptr) throw py::error_already_set();
  return py::reinterpret_steal<py::int_>(result);
}

}  // namespace

void BindTensorOperators(py::class_<Tensor>& tensor) {
#define PD_BIND_BINARY(py_name, fn, op_name) \
  tensor.def(py_name, [](const Tensor& s, py::handle o) { return Forward<fn>(s, o, op_name); }, py::is_operator())
#define PD_BIND_REFLECTED(py_name, fn, op_name) \
  tensor.def(py_name, [](const Tensor& s, py::handle o) { return Reflected<fn>(s, o, op_name); }, py::is_operator())
  PD_BIND_BINARY("__add__", eager::add, "add");
  PD_BIND_REFLECTED("__radd__", eager::add, "add");
  PD_BIND_BINARY("__sub__", eager::subtract, "subtract");
  PD_BIND_REFLECTED("__rsub__", eager::subtract, "subtract");
  PD_BIND_BINARY("__mul__", eager::multiply, "multiply");
  PD_BIND_REFLECTED("__rmul__", eager::multiply, "multiply");
  PD_BIND_BINARY("__truediv__", eager::divide, "divide");
  PD_BIND_REFLECTED("__rtruediv__", eager::divide, "divide");
  PD_BIND_REFLECTED("__rpow__", eager::elementwise_pow, "pow");
  PD_BIND_BINARY("__mod__", eager::remainder, "remainder");
  PD_BIND_REFLECTED("__rmod__", eager::remainder, "remainder");
  PD_BIND_BINARY("__floordiv__", eager::floor_divide, "floor_divide");
  PD_BIND_REFLECTED("__rfloordiv__", eager::floor_divide, "floor_divide");
  PD_BIND_BINARY("__matmul__", MatmulPlain, "matmul");
  PD_BIND_REFLECTED("__rmatmul__", MatmulPlain, "matmul");
  PD_BIND_BINARY("__eq__", eager::equal, "equal");
  PD_BIND_BINARY("__ne__", eager::not_equal, "not_equal");
  PD_BIND_BINARY("__lt__", eager::less_than, "less_than");
  PD_BIND_BINARY("__le__", eager::less_equal, "less_equal");
  PD_BIND_BINARY("__gt__", eager::greater_than, "greater_than");
  PD_BIND_BINARY("__ge__", eager::greater_equal, "greater_equal");
  PD_BIND_BINARY("__and__", eager::bitwise_and, "bitwise_and");
  PD_BIND_BINARY("__or__", eager::bitwise_or, "bitwise_or");
  PD_BIND_BINARY("__xor__", eager::bitwise_xor, "bitwise_xor");
#undef PD_BIND_BINARY
#undef PD_BIND_REFLECTED
  tensor.def("__pow__", &Pow, py::is_operator());
  tensor.def("__neg__", [](const Tensor& s) {
    TraceOp("neg");
    return eager::neg(s);
  });
  tensor.def("__abs__", [](const Tensor& s) {
    TraceOp("abs");
    return eager::abs(s);
  });
  tensor.def("__invert__", [](const Tensor& s) {
    TraceOp("bitwise_not");
    return eager::bitwise_not(s);
  });
  tensor.def("__hash__", [](py::handle s) { return reinterpret_cast<intptr_t>(s.ptr()); });
  tensor.def("__len__", [](const Tensor& s) {
    PD_CHECK(s.dims().size() > 0, InvalidType, "len() of a 0-D tensor");
    return s.dims()[0];
  });
  tensor.def("__bool__", [](const Tensor& s) { return py::bool_(ScalarValue(s, "bool")); });
  tensor.def("__float__", [](const Tensor& s) { return py::float_(ScalarValue(s, "float")); });
  tensor.def("__int__", [](const Tensor& s) { return ExactInt(ScalarValue(s, "int")); });
  tensor.def("__index__", [](const Tensor& s) {
    PD_CHECK(IsInteger(s.dtype()), InvalidType, "only integer tensors can be used as an index, got ",
             DataTypeName(s.dtype()));
    return ExactInt(ScalarValue(s, "an index"));
  });
}

}  // namespace paddle::pybind
