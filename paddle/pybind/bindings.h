// The pieces of the _C extension module, each bound by its own file.
#pragma once

#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include "paddle/phi/api/tensor.h"

namespace paddle::pybind {

namespace py = pybind11;

void BindErrors(py::module_& m);                               // errors.cc
void BindDataTypeAndPlace(py::module_& m);                     // dtype_place.cc
void BindRuntime(py::module_& m);                              // runtime.cc
void BindDevices(py::module_& m);                              // devices.cc
py::class_<Tensor> BindTensor(py::module_& m);                 // tensor.cc
void BindTensorIndexing(py::class_<Tensor>& tensor);           // tensor_indexing.cc
void BindTensorOperators(py::class_<Tensor>& tensor);          // tensor_operators.cc
void BindAutograd(py::module_& m, py::class_<Tensor>& tensor);  // autograd.cc
void BindPyLayer(py::module_& m);                              // py_layer.cc
void BindOpTrace(py::module_& m);                              // op_trace.cc
void BindStaticGraph(py::module_& m);                          // static_graph.cc
void BindModelFiles(py::module_& m);                           // model_files.cc
void BindInference(py::module_& m);                            // inference.cc
void BindDistributed(py::module_& m);                          // distributed.cc
void BindDlpack(py::module_& m);                               // dlpack.cc

}  // namespace paddle::pybind
