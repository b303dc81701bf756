// The one extension module, paddle._C. Thin: it converts and forwards to the
// C++ API; each part is bound in its own file (bindings.h).
#include <glog/logging.h>

#include "paddle/common/flags.h"
#include "paddle/pybind/bindings.h"
#include "paddle/pybind/generated/op_bindings.h"

PYBIND11_MODULE(_C, m) {
  namespace pb = paddle::pybind;
  if (!google::IsGoogleLoggingInitialized()) google::InitGoogleLogging("paddle");
  paddle::flags::InitFromEnvironment();

  m.doc() = "The C++ core of paddle.";
  pb::BindErrors(m);
  pb::BindDataTypeAndPlace(m);
  pb::BindRuntime(m);
  pb::BindDevices(m);
  auto tensor = pb::BindTensor(m);
  pb::BindTensorIndexing(tensor);
  pb::BindTensorOperators(tensor);
  pb::BindAutograd(m, tensor);
  pb::BindPyLayer(m);
  pb::BindOpTrace(m);
  pb::BindStaticGraph(m);
  pb::BindModelFiles(m);
  pb::BindInference(m);
  pb::BindDistributed(m);
  pb::BindDlpack(m);
  auto ops = m.def_submodule("_C_ops", "Generated bindings of every op in the YAML.");
  pb::BindGeneratedOps(ops, tensor);
}
