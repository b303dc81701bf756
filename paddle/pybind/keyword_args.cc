#include "paddle/pybind/keyword_args.h"

#include <string>

#include "paddle/autograd/inplace.h"
#include "paddle/common/errors.h"
#include "paddle/phi/api/tensor.h"
#include "paddle/pybind/arg_parse.h"

namespace paddle::pybind {

py::handle Aliased(py::handle value, py::handle alias_value, const char* op, const char* arg, const char* alias) {
  if (alias_value.is_none()) return value;
  PD_CHECK(value.is_none(), InvalidType, "[", op, "] got both '", arg, "' and its alias '", alias, "'; pass one");
  return alias_value;
}

void CheckGiven(py::handle value, const char* op, const char* arg) {
  PD_CHECK(!value.is_none(), InvalidType, "[", op, "] missing required argument '", arg, "'");
}

namespace {

void WriteOne(py::handle out, py::handle result, const char* op) {
  if (py::isinstance<Tensor>(result)) {
    PD_CHECK(py::isinstance<Tensor>(out), InvalidType, "[", op, "] argument 'out': expected a Tensor, but got ",
             TypeName(out));
    autograd::WriteInto(op, out.cast<Tensor&>(), result.cast<const Tensor&>());
    return;
  }
  // A static graph value: out's handle takes the result's value, as an
  // in-place op's does there.
  PD_CHECK(py::hasattr(out, "_rebind") && py::type::of(out).is(py::type::of(result)), InvalidType, "[", op,
           "] argument 'out': expected a ", TypeName(result), ", but got ", TypeName(out));
  out.attr("_rebind")(result);
}

}  // namespace

py::object Returned(py::handle out, py::object result, const char* op) {
  if (out.is_none()) return result;
  if (!py::isinstance<py::tuple>(result)) {
    WriteOne(out, result, op);
    return py::reinterpret_borrow<py::object>(out);
  }
  const py::tuple results = result;
  PD_CHECK(py::isinstance<py::tuple>(out) || py::isinstance<py::list>(out), InvalidType, "[", op,
           "] argument 'out': expected a tuple of ", results.size(), " Tensors, but got ", TypeName(out));
  const py::sequence outs = py::reinterpret_borrow<py::sequence>(out);
  PD_CHECK(outs.size() == results.size(), InvalidArgument, "[", op, "] argument 'out': expected ", results.size(),
           " Tensors (one per output), but got ", outs.size());
  for (size_t i = 0; i < results.size(); ++i) WriteOne(outs[i], results[i], op);
  return py::reinterpret_borrow<py::object>(out);
}

}  // namespace paddle::pybind
