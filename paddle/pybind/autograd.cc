// Autograd from Python: Tensor.grad / backward / detach / register_hook and
// the module functions behind paddle.grad, paddle.autograd.backward and the
// grad-mode switches (python/paddle/autograd).
#include <pybind11/functional.h>

#include <pybind11/stl.h>

#include "paddle/autograd/amp.h"
#include "paddle/autograd/autograd_meta.h"
#include "paddle/autograd/backward.h"
#include "paddle/autograd/decomposition.h"
#include "paddle/autograd/grad_mode.h"
#include "paddle/autograd/grad_node.h"
#include "paddle/autograd/graph_dump.h"
#include "paddle/autograd/inplace.h"
#include "paddle/autograd/saved_tensor_hooks.h"
#include "paddle/common/errors.h"
#include "paddle/phi/api/generated/api.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/keyword_args.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {
namespace {

using autograd::MetaOf;

py::object GradOf(const Tensor& t) {
  autograd::AutogradMeta* meta = MetaOf(t);
  if (meta == nullptr || !meta->grad.defined()) return py::none();
  return py::cast(meta->grad);
}

void SetGrad(Tensor& t, py::handle value) {
  if (value.is_none()) {
    if (MetaOf(t)) MetaOf(t)->grad = Tensor();
    return;
  }
  Tensor g = CastTensor(value, "grad", "value");
  PD_CHECK(g.dims() == t.dims(), InvalidArgument, "[grad] the gradient's shape ", g.dims().ToString(),
           " must equal the tensor's shape ", t.dims().ToString());
  autograd::EnsureMeta(t)->grad = g;
}

bool IsLeaf(const Tensor& t) {
  autograd::AutogradMeta* meta = MetaOf(t);
  return meta == nullptr || !meta->grad_node || meta->grad_node->is_accumulation();
}

void ClearGrad(Tensor& t, bool set_to_zero) {
  autograd::AutogradMeta* meta = MetaOf(t);
  if (meta == nullptr || !meta->grad.defined()) return;
  if (!set_to_zero) {
    meta->grad = Tensor();
    return;
  }
  meta->grad = api::full(phi::IntArray(meta->grad.dims().ToVector()), 0, meta->grad.dtype(), meta->grad.place());
  autograd::MarkGradLeaf(meta->grad);
}

// The node and slot whose incoming gradient is this tensor's gradient.
autograd::Edge HookEdge(const Tensor& t, const char* op) {
  PD_CHECK(autograd::RequiresGrad(t), PreconditionNotMet, "[", op,
           "] cannot register a hook on a tensor with stop_gradient=True");
  return autograd::EdgeOf(t);
}

class HookHandle {
 public:
  HookHandle(std::weak_ptr<autograd::GradNode> node, int64_t id) : node_(std::move(node)), id_(id) {}
  bool remove() {
    auto node = node_.lock();
    return node && node->RemoveHook(id_);
  }

 private:
  std::weak_ptr<autograd::GradNode> node_;
  int64_t id_;
};

HookHandle RegisterHook(const Tensor& t, py::function fn) {
  autograd::Edge e = HookEdge(t, "register_hook");
  int64_t id = e.node->AddHook(e.slot, [fn](const Tensor& grad) -> Tensor {
    py::gil_scoped_acquire gil;
    py::object result = fn(grad);
    return result.is_none() ? Tensor() : CastTensor(result, "register_hook", "hook result");
  });
  return HookHandle(e.node, id);
}

// Paddle's Tensor._register_backward_hook: hook() runs each time a leaf's
// .grad has taken in a backward's gradient.
HookHandle RegisterBackwardHook(const Tensor& t, py::function fn) {
  PD_CHECK(IsLeaf(t), InvalidArgument,
           "[_register_backward_hook] only a leaf tensor (a parameter or a tensor made by the user) has an "
           "accumulated gradient to hook, but this tensor was computed by ", MetaOf(t)->grad_node->name());
  autograd::Edge e = HookEdge(t, "_register_backward_hook");
  int64_t id = e.node->AddPostHook([fn] {
    py::gil_scoped_acquire gil;
    fn();
  });
  return HookHandle(e.node, id);
}

void RetainGrads(const Tensor& t) {
  if (IsLeaf(t) || MetaOf(t)->retain_grads) return;  // leaves keep .grad anyway
  autograd::Edge e = HookEdge(t, "retain_grads");
  MetaOf(t)->retain_grads = true;
  std::weak_ptr<AbstractAutogradMeta> weak = t.autograd_meta();
  e.node->AddHook(e.slot, [weak](const Tensor& grad) -> Tensor {
    if (auto meta = std::static_pointer_cast<autograd::AutogradMeta>(weak.lock())) {
      meta->grad = meta->grad.defined() ? api::add(meta->grad, grad) : grad;
      autograd::MarkGradLeaf(meta->grad);
    }
    return Tensor();
  }, /*observer=*/true);
}

// paddle.autograd.saved_tensors_hooks (Note [Saved-tensor hooks]): the
// packed value is the Python object pack_hook returned; unpack_hook must
// give back a tensor of the saved one's shape and dtype, which the gradient
// formula was written for.
class PySavedTensorHooks final : public autograd::SavedTensorHooks {
 public:
  PySavedTensorHooks(py::function pack, py::function unpack) : pack_(std::move(pack)), unpack_(std::move(unpack)) {}
  ~PySavedTensorHooks() override {
    py::gil_scoped_acquire gil;
    pack_ = py::function();
    unpack_ = py::function();
  }

  std::shared_ptr<void> Pack(const Tensor& t) override {
    py::gil_scoped_acquire gil;
    auto* packed = new Packed{pack_(t), t.dims(), t.dtype()};
    return std::shared_ptr<void>(packed, [](void* p) {
      py::gil_scoped_acquire gil;
      delete static_cast<Packed*>(p);
    });
  }

  Tensor Unpack(const std::shared_ptr<void>& packed) override {
    py::gil_scoped_acquire gil;
    const auto& p = *static_cast<const Packed*>(packed.get());
    py::object out = unpack_(p.value);
    PD_CHECK(py::isinstance<Tensor>(out), InvalidType,
             "[saved_tensors_hooks] unpack_hook must return a Tensor, but got ", TypeName(out));
    Tensor t = out.cast<Tensor>();
    PD_CHECK(t.dims() == p.dims && t.dtype() == p.dtype, InvalidArgument,
             "[saved_tensors_hooks] unpack_hook must return the saved tensor (shape ", p.dims.ToString(), ", dtype ",
             DataTypeName(p.dtype), "), but got shape ", t.dims().ToString(), ", dtype ", DataTypeName(t.dtype()));
    return t;
  }

  py::tuple AsTuple() const { return py::make_tuple(pack_, unpack_); }

 private:
  struct Packed {
    py::object value;
    phi::DDim dims;
    DataType dtype;
  };
  py::function pack_, unpack_;
};

std::vector<Tensor> TensorsOrNone(py::handle obj, const char* op, const char* arg) {
  std::vector<Tensor> out;
  if (obj.is_none()) return out;
  if (py::isinstance<Tensor>(obj)) return {obj.cast<Tensor>()};
  PD_CHECK(py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj), InvalidType, "[", op,
           "] argument '", arg, "': expected a Tensor or a list of Tensors, but got ", TypeName(obj));
  for (py::handle item : obj) {
    if (item.is_none()) {
      out.emplace_back();
    } else {
      out.push_back(CastTensor(item, op, arg));
    }
  }
  return out;
}

// backward(dump_backward_graph_path=...): the graph goes to that directory before the pass frees it.
void DumpGraphIfAsked(const std::vector<Tensor>& roots, py::handle directory) {
  if (directory.is_none()) return;
  autograd::DumpBackwardGraph(roots, CastString(directory, "backward", "dump_backward_graph_path"));
}

}  // namespace

void BindAutograd(py::module_& m, py::class_<Tensor>& tensor) {
  py::class_<HookHandle>(m, "_HookHandle").def("remove", &HookHandle::remove);

  tensor.def_property("grad", &GradOf, &SetGrad)
      .def_property_readonly("is_leaf", &IsLeaf)
      .def("_grad_node_name", [](const Tensor& t) -> py::object {
        auto* meta = MetaOf(t);
        if (meta == nullptr || !meta->grad_node) return py::none();
        return py::str(meta->grad_node->name());
      })
      .def("backward", [](const Tensor& t, py::handle grad_tensor, bool retain_graph, py::handle dump_path) {
        std::vector<Tensor> grads = TensorsOrNone(grad_tensor, "backward", "grad_tensor");
        DumpGraphIfAsked({t}, dump_path);
        autograd::Backward({t}, grads, retain_graph);
      }, py::arg("grad_tensor") = py::none(), py::arg("retain_graph") = false, py::kw_only(),
         py::arg("dump_backward_graph_path") = py::none())
      .def("clear_gradient", &ClearGrad, py::arg("set_to_zero") = true)
      .def("clear_grad", &ClearGrad, py::arg("set_to_zero") = true)
      .def("detach", [](const Tensor& t) { return Tensor(t.impl()); })
      .def("register_hook", &RegisterHook, py::arg("hook"))
      .def("_register_backward_hook", &RegisterBackwardHook, py::arg("hook"))
      .def("retain_grads", &RetainGrads);

  // The AMP state behind paddle.amp.auto_cast, which validates the arguments.
  m.def("_set_amp_state", [](bool enabled, int level, py::handle dtype, std::unordered_set<std::string> white,
                             std::unordered_set<std::string> black) {
    amp::AmpState state;
    state.enabled = enabled;
    state.level = level;
    state.dtype = CastDataType(dtype, "auto_cast", "dtype");
    state.white = std::move(white);
    state.black = std::move(black);
    amp::SetAmpState(std::move(state));
  });
  m.def("_get_amp_state", [] {
    const amp::AmpState& s = amp::GetAmpState();
    return py::make_tuple(s.enabled, s.level, s.dtype, s.white, s.black);
  });
  m.def("_set_saved_tensors_hooks", [](py::function pack, py::function unpack) {
    autograd::SetSavedTensorHooks(std::make_shared<PySavedTensorHooks>(std::move(pack), std::move(unpack)));
  }, py::arg("pack_hook"), py::arg("unpack_hook"));
  m.def("_reset_saved_tensors_hooks", [] { autograd::SetSavedTensorHooks(nullptr); });
  // The (pack_hook, unpack_hook) set on this thread, or None.
  m.def("_saved_tensors_hooks", []() -> py::object {
    const auto& hooks = autograd::ActiveSavedTensorHooks();
    if (!hooks) return py::none();
    return static_cast<const PySavedTensorHooks&>(*hooks).AsTuple();
  });
  m.def("_set_decomposition_forced", &autograd::SetDecompositionForced, py::arg("forced"));
  m.def("_is_decomposition_forced", &autograd::DecompositionForced);
  m.def("is_grad_enabled", &autograd::GradMode::IsEnabled);
  m.def("set_grad_enabled", &autograd::GradMode::SetEnabled, py::arg("mode"));
  m.def("backward", [](py::handle tensors, py::handle grad_tensors, bool retain_graph, py::handle dump_path) {
    const std::vector<Tensor> roots = TensorsOrNone(tensors, "backward", "tensors");
    DumpGraphIfAsked(roots, dump_path);
    autograd::Backward(roots, TensorsOrNone(grad_tensors, "backward", "grad_tensors"), retain_graph);
  }, py::arg("tensors"), py::arg("grad_tensors") = py::none(), py::arg("retain_graph") = false, py::kw_only(),
     py::arg("dump_backward_graph_path") = py::none());
  m.def("_dump_backward_graph", [](py::handle tensors, const std::string& directory) {
    return autograd::DumpBackwardGraph(TensorsOrNone(tensors, "backward", "tensors"), directory);
  }, py::arg("tensors"), py::arg("directory"));
  // Note [In-place updates]: x is the Tensor inside the caller's object, so
  // a new dtype or history reaches every Python reference to it.
  m.def("_update_inplace", [](const std::string& op, Tensor& x, const py::function& compute, bool view) {
    autograd::UpdateInplace(op.c_str(), x, [&](const Tensor& alias) {
      py::object out = compute(alias);
      PD_CHECK(py::isinstance<Tensor>(out), InvalidType, "[", op, "] the out-of-place op returned ",
               TypeName(out), ", not a Tensor");
      return out.cast<Tensor>();
    }, view ? autograd::InplaceKind::kView : autograd::InplaceKind::kValues);
  }, py::arg("op"), py::arg("x"), py::arg("compute"), py::arg("view") = false);
  // Note [Output arguments]: the out= of Python-defined functions.
  m.def("_write_out", [](const std::string& op, py::handle out, py::object result) {
    return Returned(out, std::move(result), op.c_str());
  }, py::arg("op"), py::arg("out"), py::arg("result"));
  m.def("_reaches", [](py::handle outputs, py::handle leaves) {
    return autograd::Reaches(TensorsOrNone(outputs, "_reaches", "outputs"),
                             TensorsOrNone(leaves, "_reaches", "leaves"));
  }, py::arg("outputs"), py::arg("leaves"));
  m.def("grad", [](py::handle outputs, py::handle inputs, py::handle grad_outputs, bool retain_graph,
                   bool create_graph, bool allow_unused, py::handle no_grad_vars) {
    autograd::GradOptions options;
    options.retain_graph = retain_graph;
    options.create_graph = create_graph;
    options.allow_unused = allow_unused;
    options.no_grad_vars = TensorsOrNone(no_grad_vars, "grad", "no_grad_vars");
    std::vector<Tensor> grads =
        autograd::Grad(TensorsOrNone(outputs, "grad", "outputs"), TensorsOrNone(inputs, "grad", "inputs"),
                       TensorsOrNone(grad_outputs, "grad", "grad_outputs"), options);
    py::list result;  // an unused input's gradient is None, never an empty Tensor
    for (const Tensor& g : grads) result.append(g.defined() ? py::cast(g) : py::none());
    return result;
  }, py::arg("outputs"), py::arg("inputs"), py::arg("grad_outputs"), py::arg("retain_graph"),
     py::arg("create_graph"), py::arg("allow_unused"), py::arg("no_grad_vars"));
}

}  // namespace paddle::pybind
