// Paddle 3.x's keyword conveniences on the generated ops: the torch-style
// aliases (input= for x, other= for y, dim= for axis) and out= (Note
// [Output arguments] in paddle/autograd/inplace.h).
#pragma once

#include <pybind11/pybind11.h>

namespace paddle::pybind {

namespace py = pybind11;

// The argument given under its own name or under its alias (None when
// neither); both given raises TypeError naming the two.
py::handle Aliased(py::handle value, py::handle alias_value, const char* op, const char* arg, const char* alias);

// Raises TypeError when a required argument (made optional so that its alias
// can stand in) was not given.
void CheckGiven(py::handle value, const char* op, const char* arg);

// What an op with out= returns: its result when out is None; otherwise out,
// after the result (a Tensor, a static graph Value, or a tuple of them) was
// written into it (the same kind, a tuple or list of them for several).
py::object Returned(py::handle out, py::object result, const char* op);

}  // namespace paddle::pybind
