#include "paddle/pybind/static_graph.h"

#include <pybind11/stl.h>

#include <optional>

#include "paddle/common/errors.h"
#include "paddle/executor/executor.h"
#include "paddle/pir/autodiff/backward.h"
#include "paddle/pir/core/ir_parser.h"
#include "paddle/pir/core/verifier.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {

bool static_mode = false;

namespace {

thread_local std::shared_ptr<pir::Program> current_program;

std::shared_ptr<pir::Program> CurrentProgram(const char* op) {
  PD_CHECK(current_program != nullptr, PreconditionNotMet, "[", op,
           "] static mode needs a program: use paddle.static.program_guard");
  return current_program;
}

pir::DenseTensorType TensorType(const StaticValue& v, const char* what) {
  pir::Value value = Checked(v, "[Value]");
  auto t = value.type().dyn_cast<pir::DenseTensorType>();
  PD_CHECK(bool(t), InvalidType, "[Value] ", what, " needs a tensor value, but this one is ", value.type().ToString());
  return t;
}

std::string ValueRepr(const StaticValue& v) {
  if (v.generation != v.program->generation()) return "Value(stale: its program was transformed by passes)";
  pir::Operation* op = v.value.defining_op();
  return "Value(define_op_name=" + (op ? op->name() : std::string("block_argument")) +
         ", index=" + std::to_string(v.value.index()) + ", dtype=" + v.value.type().ToString() + ")";
}

// The name a static variable has: its pd_op.data's or parameter's.
std::string ValueName(const StaticValue& v) {
  pir::Operation* op = Checked(v, "[Value]").defining_op();
  if (op) {
    for (const char* attr : {"name", "parameter_name"}) {
      if (auto s = op->attribute<pir::StrAttribute>(attr)) return s.data();
    }
  }
  PD_THROW(InvalidArgument, "[Value] only inputs (paddle.static.data) and parameters have names; this is ",
           ValueRepr(v));
}

std::vector<pir::Value> Values(const std::vector<StaticValue>& values) {
  std::vector<pir::Value> out;
  for (const auto& v : values) out.push_back(Checked(v, "[Executor] a fetched value"));
  return out;
}

}  // namespace

pir::Value Checked(const StaticValue& v, const std::string& what) {
  PD_CHECK(v.generation == v.program->generation(), InvalidArgument, what,
           " is a value from before passes transformed its program; take values after the passes (outputs by "
           "name: paddle._C.pir.output_value)");
  return v.value;
}

pir::Builder StaticBuilder(const char* op) {
  auto program = CurrentProgram(op);
  return pir::Builder(program->context(), program->block());
}

pir::Value CastValue(py::handle obj, const char* op, const char* arg) {
  if (py::isinstance<StaticValue>(obj)) {
    const StaticValue& v = obj.cast<const StaticValue&>();
    PD_CHECK(v.program == current_program, InvalidArgument, "[", op, "] argument '", arg,
             "' is a value of another program than the current one (program_guard)");
    return Checked(v, std::string("[") + op + "] argument '" + arg + "'");
  }
  PD_THROW(InvalidType, "[", op, "] argument '", arg, "': expected a static Value (paddle is in static mode), but got ",
           TypeName(obj));
}

std::vector<pir::Value> CastValueList(py::handle obj, const char* op, const char* arg) {
  if (!(py::isinstance<py::list>(obj) || py::isinstance<py::tuple>(obj))) {
    PD_THROW(InvalidType, "[", op, "] argument '", arg, "': expected a list or tuple of Values, but got ",
             TypeName(obj));
  }
  std::vector<pir::Value> out;
  for (py::handle item : obj) out.push_back(CastValue(item, op, arg));
  return out;
}

py::object WrapStatic(pir::Value v) {
  return py::cast(StaticValue{v, current_program, current_program->generation()});
}

py::object WrapStatic(const std::vector<pir::Value>& values) {
  py::list out;
  for (pir::Value v : values) out.append(WrapStatic(v));
  return out;
}

void BindStaticGraph(py::module_& m) {
  auto pir_module = m.def_submodule("pir", "The static IR: programs, values, passes, the executor.");

  py::class_<pir::Program, std::shared_ptr<pir::Program>>(pir_module, "Program")
      .def(py::init([] { return std::make_shared<pir::Program>(); }))
      .def("__str__", &pir::Program::Print)
      .def("__repr__", &pir::Program::Print)
      .def("num_ops", [](const pir::Program& p) { return p.block()->size(); },
           "The number of ops in the program's top block.")
      .def("op_names",
           [](const pir::Program& p) {
             std::vector<std::string> names;
             for (const pir::Operation* op : *p.block()) names.push_back(op->name());
             return names;
           },
           "The names of the top block's ops, in order.")
      .def("generation", &pir::Program::generation, "How many pass pipelines transformed the program.")
      .def("verify", [](const pir::Program& p) { pir::Verify(p); },
           "Raises ValueError naming the op and the rule when the program is malformed.");

  py::class_<StaticValue>(pir_module, "Value")
      .def_property_readonly("shape",
                             [](const StaticValue& v) { return TensorType(v, "shape").dims().ToVector(); })
      .def_property_readonly("dtype", [](const StaticValue& v) { return TensorType(v, "dtype").dtype(); })
      .def_property_readonly("ndim", [](const StaticValue& v) { return TensorType(v, "ndim").dims().size(); })
      .def_property_readonly("name", &ValueName)
      .def_property_readonly("define_op_name",
                             [](const StaticValue& v) {
                               pir::Operation* op = Checked(v, "[Value]").defining_op();
                               return op ? op->name() : std::string();
                             })
      .def("is_same", [](const StaticValue& a, const StaticValue& b) {
        return Checked(a, "[Value]") == Checked(b, "[Value]");
      })
      .def("_identity", [](const StaticValue& v) { return reinterpret_cast<uintptr_t>(Checked(v, "[Value]").impl()); })
      .def("__repr__", &ValueRepr);

  pir_module.def("set_static_mode", [](bool on) { static_mode = on; });
  pir_module.def("static_mode", [] { return static_mode; });
  pir_module.def("set_current_program", [](std::shared_ptr<pir::Program> p) { current_program = std::move(p); },
                 py::arg("program").none(true));
  pir_module.def("current_program", [] { return current_program; });
  pir_module.def(
      "data",
      [](const std::string& name, const std::vector<int64_t>& shape, py::handle dtype) {
        pir::Builder b = StaticBuilder("data");
        pir::IrContext* ctx = b.context();
        for (int64_t d : shape) {
          PD_CHECK(d >= -1, InvalidArgument, "[data] shape dims must be >= -1 (-1 or None: any size), but got ", d);
        }
        pir::Operation* op = b.Build("pd_op.data", {},
                                     {{"name", b.str_attr(name)},
                                      {"shape", pir::IntArrayAttribute::Get(ctx, shape)},
                                      {"dtype", pir::DataTypeAttribute::Get(ctx, CastDataType(dtype, "data", "dtype"))},
                                      {"place", pir::PlaceAttribute::Get(ctx, Place())}});
        return WrapStatic(op->result(0));
      },
      py::arg("name"), py::arg("shape"), py::arg("dtype"), "A program input: pd_op.data in the current program.");
  pir_module.def(
      "shadow_output",
      [](const StaticValue& v, const std::string& name) {
        pir::Builder b = StaticBuilder("shadow_output");
        b.Create("builtin.shadow_output", {CastValue(py::cast(v), "shadow_output", "value")},
                 {{"output_name", b.str_attr(name)}}, {});
      },
      py::arg("value"), py::arg("name"),
      "Marks value as an output of the current program named `name` (passes keep what outputs read).");
  pir_module.def(
      "gradients",
      [](const std::vector<StaticValue>& targets, const std::vector<StaticValue>& inputs,
         const std::vector<std::optional<StaticValue>>& target_gradients) {
        auto program = CurrentProgram("gradients");
        auto own = [&](const StaticValue& v, const char* what) {
          PD_CHECK(v.program == program, InvalidArgument, "[gradients] ", what,
                   " must be values of the current program (program_guard)");
          return Checked(v, std::string("[gradients] ") + what);
        };
        std::vector<pir::Value> ts, xs, gs;
        for (const auto& t : targets) ts.push_back(own(t, "targets"));
        for (const auto& x : inputs) xs.push_back(own(x, "inputs"));
        for (const auto& g : target_gradients) gs.push_back(g ? own(*g, "target_gradients") : pir::Value());
        std::vector<pir::Value> grads = pir::autodiff::Gradients(program->block(), ts, gs, xs);
        py::list out;
        for (pir::Value g : grads) out.append(g ? WrapStatic(g) : py::none());
        return out;
      },
      py::arg("targets"), py::arg("inputs"), py::arg("target_gradients"),
      "The gradients of the targets with respect to the inputs, built into the current program (None for an "
      "input the targets do not depend on).");
  pir_module.def(
      "output_value",
      [](std::shared_ptr<pir::Program> program, const std::string& name) {
        for (pir::Operation* op : *program->block()) {
          if (op->name() == "builtin.shadow_output" &&
              op->attribute<pir::StrAttribute>("output_name").data() == name) {
            return py::cast(StaticValue{op->operand(0), program, program->generation()});
          }
        }
        PD_THROW(NotFound, "[output_value] the program has no output named '", name, "' (builtin.shadow_output)");
      },
      py::arg("program"), py::arg("name"), "The value the program's output `name` (shadow_output) reads.");
  pir_module.def(
      "parse_program", [](const std::string& text) { return std::shared_ptr<pir::Program>(pir::ParseProgram(text)); },
      py::arg("text"), "The program a printed program text describes (ValueError naming line and column otherwise).");
  pir_module.def(
      "apply_passes",
      [](pir::Program& program, const std::vector<std::string>& names) {
        pir::PassManager pm;
        for (const auto& name : names) pm.AddPass(pir::CreatePass(name));
        pm.Run(program);
        return pm.TimingReport();
      },
      py::arg("program"), py::arg("passes"), "Runs the named passes in order; returns the timing report.");
  pir_module.def("pass_names", &pir::PassNames);

  // The executor keeps its program alive (prepared instructions point into it).
  struct PyExecutor {
    std::shared_ptr<pir::Program> program;
    std::unique_ptr<executor::Executor> exe;
  };
  py::class_<PyExecutor>(pir_module, "Executor")
      .def(py::init([](std::shared_ptr<pir::Program> program, const std::vector<StaticValue>& fetches) {
             for (const auto& f : fetches) {
               PD_CHECK(f.program == program, InvalidArgument,
                        "[Executor] a fetched value belongs to another program than the one run");
             }
             auto exe = std::make_unique<executor::Executor>(*program, Values(fetches));
             return PyExecutor{std::move(program), std::move(exe)};
           }),
           py::arg("program"), py::arg("fetch_list"))
      .def_property_readonly("feed_names", [](const PyExecutor& e) { return e.exe->feed_names(); })
      .def("run", [](PyExecutor& e, const std::map<std::string, Tensor>& feeds) { return e.exe->Run(feeds); },
           py::arg("feed"), py::call_guard<py::gil_scoped_release>());
}

}  // namespace paddle::pybind
