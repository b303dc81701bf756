// The C++ half of paddle.autograd.PyLayer: a GradNode whose gradient is a
// Python function (the layer's `backward`). The Python half
// (python/paddle/autograd/py_layer.py) runs `forward` and calls
// _pylayer_record to attach this node to its outputs.
#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/autograd/grad_node.h"
#include "paddle/common/errors.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {
namespace {

class PyLayerNode final : public autograd::GradNode {
 public:
  PyLayerNode(py::object ctx, py::object backward, std::string name, const std::vector<Tensor>& inputs,
              const std::vector<Tensor>& outputs)
      : GradNode(static_cast<int>(outputs.size())),
        ctx_(std::move(ctx)),
        backward_(std::move(backward)),
        name_(std::move(name)) {
    for (const Tensor& t : inputs) input_metas_.push_back(t.dense().meta());
    for (const Tensor& t : outputs) output_metas_.emplace_back(t.dense().meta(), t.place());
  }

  ~PyLayerNode() override {
    py::gil_scoped_acquire gil;
    ctx_ = py::object();
    backward_ = py::object();
  }

  const char* name() const override { return name_.c_str(); }

 protected:
  std::vector<Tensor> Apply(std::vector<Tensor>& grads) override {
    py::gil_scoped_acquire gil;
    py::tuple args(grads.size() + 1);
    args[0] = ctx_;
    // An output no gradient reached contributes zeros, as in Paddle, or None
    // after ctx.set_materialize_grads(False).
    const bool materialize = py::getattr(ctx_, "_materialize_grads", py::bool_(true)).cast<bool>();
    for (size_t i = 0; i < grads.size(); ++i) {
      const auto& [meta, place] = output_metas_[i];
      if (!grads[i].defined() && !materialize) {
        args[i + 1] = py::none();
        continue;
      }
      Tensor g = grads[i].defined() ? grads[i]
                                    : api::full(phi::IntArray(meta.dims.ToVector()), 0, meta.dtype, place);
      args[i + 1] = py::cast(g);
    }
    // While backward runs, ctx.saved_tensor() hands out the layer's outputs
    // with this node as their history, so that a differentiable backward
    // gives higher-order gradients (Note [Autograd graph]). Held only for the
    // call: kept longer, they would form a cycle through ctx.
    py::list with_history;
    py::object originals = py::getattr(ctx_, "_forward_outputs", py::none());
    if (!originals.is_none()) {
      int slot = 0;
      for (py::handle h : originals) {
        Tensor t(h.cast<Tensor>().impl());
        autograd::SetHistory(t, shared_from_this(), slot++);
        with_history.append(py::cast(t));
      }
    }
    ctx_.attr("_outputs_with_history") = with_history;
    py::object result;
    try {
      result = backward_(*args);
    } catch (...) {
      ctx_.attr("_outputs_with_history") = py::none();
      throw;
    }
    ctx_.attr("_outputs_with_history") = py::none();
    std::vector<py::object> items;
    if (py::isinstance<py::tuple>(result) || py::isinstance<py::list>(result)) {
      for (py::handle h : result) items.push_back(py::reinterpret_borrow<py::object>(h));
    } else {
      items.push_back(result);
    }
    PD_CHECK(items.size() == input_metas_.size(), InvalidArgument, "[", name_, "] backward returned ",
             items.size(), " gradients, but forward took ", input_metas_.size(), " tensor inputs");
    std::vector<Tensor> input_grads(items.size());
    for (size_t i = 0; i < items.size(); ++i) {
      if (items[i].is_none()) continue;
      Tensor g = CastTensor(items[i], name_.c_str(), "gradient returned by backward");
      PD_CHECK(g.dims() == input_metas_[i].dims, InvalidArgument, "[", name_, "] backward returned a gradient of shape ",
               g.dims().ToString(), " for input ", i, " of shape ", input_metas_[i].dims.ToString());
      PD_CHECK(!NeedsInputGrad(i) || IsFloating(g.dtype()) || IsComplex(g.dtype()), InvalidType, "[",
               name_, "] backward returned a ", DataTypeName(g.dtype()), " gradient for input ", i);
      // The gradient takes its input's dtype, as every built-in op's does, unless
      // ctx.set_grad_in_dtype_consistent(False).
      const bool consistent = py::getattr(ctx_, "_grad_in_dtype_consistent", py::bool_(true)).cast<bool>();
      input_grads[i] = !consistent || g.dtype() == input_metas_[i].dtype ? g : eager::cast(g, input_metas_[i].dtype);
    }
    return input_grads;
  }

  void ReleaseSaved() override {
    py::gil_scoped_acquire gil;
    ctx_ = py::none();
  }

 private:
  py::object ctx_;
  py::object backward_;
  std::string name_;
  std::vector<phi::DenseTensorMeta> input_metas_;
  std::vector<std::pair<phi::DenseTensorMeta, Place>> output_metas_;
};

}  // namespace

void BindPyLayer(py::module_& m) {
  m.def("_pylayer_record", [](py::object ctx, py::object backward, std::string name,
                              const std::vector<Tensor>& inputs, const std::vector<Tensor>& outputs,
                              const std::vector<bool>& differentiable) {
    auto node = std::make_shared<PyLayerNode>(ctx, backward, std::move(name), inputs, outputs);
    node->set_next_edges(autograd::EdgesOf(inputs));
    std::vector<Tensor> recorded;
    for (size_t i = 0; i < outputs.size(); ++i) {
      // A fresh handle: an output may be one of the inputs, whose own
      // history must stay as it is.
      Tensor out(outputs[i].impl());
      if (differentiable[i] && autograd::IsDifferentiableType(out)) autograd::SetHistory(out, node, static_cast<int>(i));
      recorded.push_back(out);
    }
    return recorded;
  }, py::arg("ctx"), py::arg("backward"), py::arg("name"), py::arg("inputs"), py::arg("outputs"),
     py::arg("differentiable"));
}

}  // namespace paddle::pybind
