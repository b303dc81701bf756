// Converters from Python objects to the C++ API's argument types. Each takes
// the op and argument names so that a wrong argument raises
//   TypeError: [op] argument 'name': expected <what>, but got <type>
// The overloads with a default return it when the object is None.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "paddle/phi/api/tensor.h"
#include "paddle/phi/core/scalar.h"

namespace paddle::pybind {

namespace py = pybind11;

Tensor CastTensor(py::handle obj, const char* op, const char* arg);
std::vector<Tensor> CastTensorList(py::handle obj, const char* op, const char* arg);
phi::Scalar CastScalar(py::handle obj, const char* op, const char* arg);
phi::Scalar CastScalar(py::handle obj, const char* op, const char* arg, const phi::Scalar& dflt);
phi::IntArray CastIntArray(py::handle obj, const char* op, const char* arg);
phi::IntArray CastIntArray(py::handle obj, const char* op, const char* arg, const phi::IntArray& dflt);
std::vector<int64_t> CastInt64List(py::handle obj, const char* op, const char* arg);
std::vector<int64_t> CastInt64List(py::handle obj, const char* op, const char* arg,
                                   const std::vector<int64_t>& dflt);
std::vector<double> CastDoubleList(py::handle obj, const char* op, const char* arg);
std::vector<double> CastDoubleList(py::handle obj, const char* op, const char* arg,
                                   const std::vector<double>& dflt);
int CastInt(py::handle obj, const char* op, const char* arg);
int CastInt(py::handle obj, const char* op, const char* arg, int dflt);
int64_t CastInt64(py::handle obj, const char* op, const char* arg);
int64_t CastInt64(py::handle obj, const char* op, const char* arg, int64_t dflt);
float CastFloat(py::handle obj, const char* op, const char* arg);
float CastFloat(py::handle obj, const char* op, const char* arg, float dflt);
double CastDouble(py::handle obj, const char* op, const char* arg);
double CastDouble(py::handle obj, const char* op, const char* arg, double dflt);
bool CastBool(py::handle obj, const char* op, const char* arg);
bool CastBool(py::handle obj, const char* op, const char* arg, bool dflt);
std::string CastString(py::handle obj, const char* op, const char* arg);
std::string CastString(py::handle obj, const char* op, const char* arg, const std::string& dflt);
DataType CastDataType(py::handle obj, const char* op, const char* arg);
DataType CastDataType(py::handle obj, const char* op, const char* arg, DataType dflt);
Place CastPlace(py::handle obj, const char* op, const char* arg);
Place CastPlace(py::handle obj, const char* op, const char* arg, const Place& dflt);

// The Python type name of obj, for error messages.
std::string TypeName(py::handle obj);

// True for Python/NumPy numbers (bool, int, float, complex), not tensors.
bool IsNumber(py::handle obj);

}  // namespace paddle::pybind
