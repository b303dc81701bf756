#include "paddle/pybind/static_graph.h"

#include <pybind11/stl.h>

#include <optional>
#include <set>

#include "paddle/common/errors.h"
#include "paddle/executor/executor.h"
#include "paddle/executor/run_program.h"
#include "paddle/pir/autodiff/backward.h"
#include "paddle/pir/core/ir_parser.h"
#include "paddle/pir/core/verifier.h"
#include "paddle/pir/dialect/pd_op_dialect.h"
#include "paddle/pir/transforms/passes.h"
#include "paddle/pir/transforms/split_program.h"
#include "paddle/pir/transforms/test_mode.h"
#include "paddle/common/ddim.h"
#include "paddle/pybind/arg_parse.h"
#include "paddle/pybind/bindings.h"

namespace paddle::pybind {

bool static_mode = false;

namespace {

thread_local std::shared_ptr<pir::Program> current_program;

// A scope as a Python object (a std::map alone would convert to a dict).
struct ScopeHandle {
  executor::Scope tensors;
};
// The blocks ops go into while a control-flow op's regions are built,
// innermost last; the current program's top block when empty.
thread_local std::vector<pir::Block*> insertion_blocks;

// Builds into `block` for its lifetime.
class InsertionScope {
 public:
  explicit InsertionScope(pir::Block* block) { insertion_blocks.push_back(block); }
  ~InsertionScope() { insertion_blocks.pop_back(); }
  InsertionScope(const InsertionScope&) = delete;
  InsertionScope& operator=(const InsertionScope&) = delete;
};

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
  return pir::Builder(program->context(), insertion_blocks.empty() ? program->block() : insertion_blocks.back());
}

namespace {

// A branch's or body's Python result as values: None, a Value, or a list
// or tuple of Values.
std::vector<pir::Value> ReturnedValues(py::handle result, const char* op, const char* what) {
  if (result.is_none()) return {};
  if (py::isinstance<py::list>(result) || py::isinstance<py::tuple>(result)) return CastValueList(result, op, what);
  return {CastValue(result, op, what)};
}

py::object LikeReturned(py::handle returned, const std::vector<pir::Value>& values) {
  if (returned.is_none()) return py::none();
  if (!(py::isinstance<py::list>(returned) || py::isinstance<py::tuple>(returned))) return WrapStatic(values.at(0));
  py::list out;
  for (pir::Value v : values) out.append(WrapStatic(v));
  if (py::isinstance<py::tuple>(returned)) return py::tuple(out);
  return out;
}

std::string TypesText(const std::vector<pir::Value>& values) {
  std::string out;
  for (pir::Value v : values) out += (out.empty() ? "" : ", ") + v.type().ToString();
  return "(" + out + ")";
}

// The op made from a holder whose regions were built before its result
// types were known: a new op of those types takes the regions, and the
// holder goes.
pir::Operation* Finish(pir::Builder& b, pir::Operation* holder, const std::vector<pir::Value>& operands,
                       const std::vector<pir::Type>& types) {
  pir::Operation* op = b.Create(holder->name(), operands, {}, types, 0);
  op->TakeRegionsOf(holder);
  holder->parent_block()->erase(holder);
  return op;
}

// Erases the holder (and what its regions hold) when building fails.
struct HolderGuard {
  pir::Operation* holder;
  ~HolderGuard() {
    if (holder) holder->parent_block()->erase(holder);
  }
};

pir::Value Condition(py::handle obj, const char* op, const char* arg) {
  pir::Value cond = CastValue(obj, op, arg);
  PD_CHECK(pir::pd_op::IsCondition(cond.type()), InvalidArgument, "[", op, "] ", arg,
           " must be a bool value of one element, but got ", cond.type().ToString());
  return cond;
}

py::object BuildIf(py::handle pred, py::object true_fn, py::object false_fn) {
  pir::Value cond = Condition(pred, "cond", "pred");
  pir::Builder b = StaticBuilder("cond");
  HolderGuard guard{b.Create("pd_op.if", {cond}, {}, {}, 2)};
  py::object returned[2];
  std::vector<pir::Value> yielded[2];
  for (int r = 0; r < 2; ++r) {
    py::object fn = r == 0 ? true_fn : false_fn;
    pir::Block* block = guard.holder->region(r).AddBlock();
    InsertionScope scope(block);
    returned[r] = fn.is_none() ? py::none() : fn();
    yielded[r] = ReturnedValues(returned[r], "cond", r == 0 ? "true_fn's result" : "false_fn's result");
    pir::Builder(b.context(), block).Create("cf.yield", yielded[r], {}, {});
  }
  PD_CHECK(pir::TypesOf(yielded[0]) == pir::TypesOf(yielded[1]), InvalidArgument,
           "[cond] true_fn and false_fn must return values of the same types, but got ", TypesText(yielded[0]),
           " and ", TypesText(yielded[1]));
  pir::Operation* op = Finish(b, guard.holder, {cond}, pir::TypesOf(yielded[0]));
  guard.holder = nullptr;
  return LikeReturned(returned[0], op->results());
}

py::object BuildWhile(py::object cond_fn, py::object body_fn, py::handle loop_vars) {
  std::vector<pir::Value> vars = ReturnedValues(loop_vars, "while_loop", "loop_vars");
  PD_CHECK(!vars.empty(), InvalidArgument, "[while_loop] loop_vars must hold at least one Value");
  py::list var_objects;
  for (pir::Value v : vars) var_objects.append(WrapStatic(v));
  pir::Value first = Condition(cond_fn(*var_objects), "while_loop", "cond's result");
  pir::Builder b = StaticBuilder("while_loop");
  std::vector<pir::Value> operands = {first};
  operands.insert(operands.end(), vars.begin(), vars.end());
  HolderGuard guard{b.Create("pd_op.while", operands, {}, {}, 1)};
  pir::Block* body = guard.holder->region(0).AddBlock();
  py::list args;
  for (pir::Value v : vars) args.append(WrapStatic(body->AddArgument(v.type())));
  {
    InsertionScope scope(body);
    py::object returned = body_fn(*args);
    std::vector<pir::Value> next = ReturnedValues(returned, "while_loop", "body's result");
    PD_CHECK(pir::TypesOf(next) == pir::TypesOf(vars), InvalidArgument,
             "[while_loop] body must return values of the loop_vars' types ", TypesText(vars), ", but got ",
             TypesText(next));
    py::list next_objects;
    for (pir::Value v : next) next_objects.append(WrapStatic(v));
    pir::Value next_cond = Condition(cond_fn(*next_objects), "while_loop", "cond's result");
    std::vector<pir::Value> yielded = {next_cond};
    yielded.insert(yielded.end(), next.begin(), next.end());
    pir::Builder(b.context(), body).Create("cf.yield", yielded, {}, {});
  }
  pir::Operation* op = Finish(b, guard.holder, operands, pir::TypesOf(vars));
  guard.holder = nullptr;
  py::list out;
  for (pir::Value v : op->results()) out.append(WrapStatic(v));
  return out;
}

}  // namespace

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

  // dynamic_attr: Python keeps what belongs to the program there (lr_scheduler, as in Paddle).
  py::class_<pir::Program, std::shared_ptr<pir::Program>>(pir_module, "Program", py::dynamic_attr())
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
      .def("_copy", [](const pir::Program& p) { return std::shared_ptr<pir::Program>(pir::ParseProgram(p.Print())); },
           "A structural copy (through the program text, which round-trips).")
      .def("_backward_start",
           [](const pir::Program& p) -> py::object {
             auto start = p.module_op()->attribute<pir::Int64Attribute>("backward_start");
             return start ? py::cast(start.data()) : py::none();
           })
      .def("_truncate",
           [](pir::Program& p, size_t keep) {
             pir::Block* block = p.block();
             while (block->size() > keep) block->erase(block->back());
           },
           py::arg("keep"), "Erases the top block's ops after the first `keep` (ValueError if kept ones read them).")
      .def("_has_deferred_gradients", &pir::autodiff::HasDeferredGradients,
           "Whether gradients wait for the feeds' dims (Note [Deferred gradients]).")
      .def("_to_test_mode", &pir::ToTestMode,
           "Makes batch norms use their running statistics and dropout pass its input through, as clone(for_test).")
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
      .def_property(
          "stop_gradient", [](const StaticValue& v) { return pir::autodiff::StopGradient(Checked(v, "[Value]")); },
          [](const StaticValue& v, bool stop) { pir::autodiff::SetStopGradient(Checked(v, "[Value]"), stop); },
          "Whether no gradient flows through the value (Note [stop_gradient]).")
      .def("is_same", [](const StaticValue& a, const StaticValue& b) {
        return Checked(a, "[Value]") == Checked(b, "[Value]");
      })
      .def("_identity", [](const StaticValue& v) { return reinterpret_cast<uintptr_t>(Checked(v, "[Value]").impl()); })
      .def(
          "_rebind",
          [](StaticValue& self, const StaticValue& other) {
            PD_CHECK(self.program == other.program, InvalidArgument,
                     "[Value] an in-place update must stay in the value's program");
            self.value = Checked(other, "[Value]");
            self.generation = other.generation;
          },
          "Makes this handle name `other` from now on: how an in-place op updates x in a static graph, where "
          "values never change (every Python name bound to x's handle sees the update, as with a tensor).")
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
        return WrapStatic(pir::pd_op::data(b, name, shape, CastDataType(dtype, "data", "dtype")));
      },
      py::arg("name"), py::arg("shape"), py::arg("dtype"), "A program input: pd_op.data in the current program.");
  pir_module.def(
      "print",
      [](py::handle input, int32_t first_n, const std::string& message, int32_t summarize, bool print_tensor_name,
         bool print_tensor_type, bool print_tensor_shape, bool print_tensor_layout, bool print_tensor_lod,
         const std::string& print_phase) {
        pir::Builder b = StaticBuilder("Print");
        const pir::pd_op::PrintOptions options{first_n, message, summarize, print_tensor_name, print_tensor_type,
                                               print_tensor_shape, print_tensor_layout, print_tensor_lod,
                                               print_phase};
        return WrapStatic(pir::pd_op::print(b, CastValue(input, "Print", "input"), options));
      },
      py::arg("input"), py::arg("first_n"), py::arg("message"), py::arg("summarize"), py::arg("print_tensor_name"),
      py::arg("print_tensor_type"), py::arg("print_tensor_shape"), py::arg("print_tensor_layout"),
      py::arg("print_tensor_lod"), py::arg("print_phase"),
      "pd_op.print of input in the current program (paddle.static.Print).");
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
        // Where the backward starts, for clone(for_test=True): the ops after it are training's.
        pir::Operation* module = program->module_op();
        if (!module->attribute("backward_start")) {
          module->set_attribute("backward_start",
                                pir::Int64Attribute::Get(program->context(), static_cast<int64_t>(program->block()->size())));
        }
        std::vector<pir::Value> grads = pir::autodiff::GradientsOrDeferred(*program, ts, gs, xs);
        py::list out;
        for (pir::Value g : grads) out.append(g ? WrapStatic(g) : py::none());
        return out;
      },
      py::arg("targets"), py::arg("inputs"), py::arg("target_gradients"),
      "The gradients of the targets with respect to the inputs, built into the current program (None for an "
      "input the targets do not depend on).");
  pir_module.def(
      "specialize",
      [](std::shared_ptr<pir::Program> program, const std::map<std::string, std::vector<int64_t>>& feed_dims,
         const std::vector<StaticValue>& values) {
        pir::IrMapping mapping;
        std::shared_ptr<pir::Program> copy = pir::autodiff::SpecializeForFeeds(*program, feed_dims, mapping);
        py::list mapped;
        for (const StaticValue& v : values) {
          mapped.append(StaticValue{mapping.Lookup(Checked(v, "[specialize] a value")), copy, copy->generation()});
        }
        return py::make_tuple(copy, mapped);
      },
      py::arg("program"), py::arg("feed_dims"), py::arg("values"),
      "A copy of program with its inputs' dims those of feed_dims (name -> shape) and its deferred gradients "
      "built (Note [Deferred gradients]), and the copies of `values`.");
  pir_module.def(
      "split_program",
      [](std::shared_ptr<pir::Program> program, size_t cut, const std::vector<StaticValue>& forward_values,
         const std::vector<StaticValue>& backward_values) {
        pir::SplitPrograms split = pir::SplitProgram(*program, cut);
        std::shared_ptr<pir::Program> forward = std::move(split.forward), backward = std::move(split.backward);
        auto mapped = [](const std::vector<pir::Value>& values, const pir::IrMapping& mapping,
                         const std::shared_ptr<pir::Program>& copy) {
          py::list out;
          for (pir::Value v : values) out.append(StaticValue{mapping.Lookup(v), copy, copy->generation()});
          return out;
        };
        return py::make_tuple(forward, mapped(Values(forward_values), split.forward_mapping, forward),
                              mapped(split.saved, split.forward_mapping, forward), backward,
                              mapped(Values(backward_values), split.backward_mapping, backward), split.saved_names);
      },
      py::arg("program"), py::arg("cut"), py::arg("forward_values"), py::arg("backward_values"),
      "The program cut in two before its op `cut` (Note [Split programs]): (forward, copies of forward_values, "
      "the saved values in the forward, backward, copies of backward_values, the backward's inputs for the "
      "saved values).");
  pir_module.def("build_if", &BuildIf, py::arg("pred"), py::arg("true_fn"), py::arg("false_fn"),
                 "pd_op.if in the current program, its branches built by calling true_fn and false_fn.");
  pir_module.def("build_while", &BuildWhile, py::arg("cond"), py::arg("body"), py::arg("loop_vars"),
                 "pd_op.while in the current program, its body built by calling body and cond.");
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
    std::shared_ptr<executor::Executor> exe;  // shared with the TrainingPrograms that run it
  };
  py::class_<PyExecutor>(pir_module, "Executor")
      .def(py::init([](std::shared_ptr<pir::Program> program, const std::vector<StaticValue>& fetches,
                       const std::optional<Place>& place, const std::optional<std::vector<std::string>>& passes,
                       std::shared_ptr<ScopeHandle> parameters) {
             for (const auto& f : fetches) {
               PD_CHECK(f.program == program, InvalidArgument,
                        "[Executor] a fetched value belongs to another program than the one run");
             }
             auto exe = std::make_shared<executor::Executor>(*program, Values(fetches), place.value_or(Place()),
                                                             passes.value_or(executor::Executor::Passes()),
                                                             parameters ? &parameters->tensors : nullptr);
             return PyExecutor{std::move(program), std::move(exe)};
           }),
           py::arg("program"), py::arg("fetch_list"), py::arg("place") = py::none(), py::arg("passes") = py::none(),
           py::arg("parameters") = py::none(),
           "Prepares program to compute fetch_list on place (None: the default place), optimized by the passes "
           "named (None: the default ones) and lowered to kernels; with `parameters` (a Scope), constant folding "
           "also folds what the program's parameters alone decide, read from it once.")
      .def_static("default_passes", &executor::Executor::Passes,
                  "The optimizing passes an executor runs before kernel selection.")
      .def_property_readonly("feed_names", [](const PyExecutor& e) { return e.exe->feed_names(); })
      .def_property_readonly("kernel_program", [](const PyExecutor& e) { return e.exe->kernel_program().Print(); },
                             "The text of the program run: optimized and lowered to kernels.")
      .def_property_readonly(
          "memory_plan",
          [](const PyExecutor& e) {
            const executor::Executor::Plan plan = e.exe->MemoryPlan();
            py::dict out;
            out["values"] = plan.values;
            out["buffers"] = plan.buffers;
            out["bytes_planned"] = plan.bytes_planned;
            out["bytes_saved"] = plan.bytes_saved;
            out["inplace_values"] = plan.inplace_values;
            out["symbolic_values"] = plan.symbolic_values;
            return out;
          },
          "What the memory plan saves: the intermediate values planned, the buffers they share, their bytes, "
          "the bytes saved (of static shapes), the values written over a dying operand and the values whose "
          "size the run decides.")
      .def("run",
           [](PyExecutor& e, const std::map<std::string, Tensor>& feeds, std::shared_ptr<ScopeHandle> scope) {
             return e.exe->Run(feeds, &scope->tensors);
           },
           py::arg("feed"), py::arg("scope"), py::call_guard<py::gil_scoped_release>())
      .def(
          "run",
          [](PyExecutor& e, const std::vector<Tensor>& feeds, std::shared_ptr<ScopeHandle> scope) {
            return e.exe->Run(feeds, &scope->tensors);
          },
          py::arg("feed"), py::arg("scope"), py::call_guard<py::gil_scoped_release>(),
          "The fetched values for the feeds given as a list in feed_names' order.");

  py::class_<executor::TrainingPrograms, std::shared_ptr<executor::TrainingPrograms>>(
      pir_module, "TrainingPrograms", "A captured program's forward and backward executors (Note [Run program]).")
      .def(py::init([](const PyExecutor& forward, const PyExecutor* backward, int num_outputs,
                       const std::vector<std::string>& input_names, const std::vector<std::string>& saved_names,
                       std::vector<int> gradient_positions) {
             return std::make_shared<executor::TrainingPrograms>(forward.exe, backward ? backward->exe : nullptr,
                                                                 num_outputs, input_names, saved_names,
                                                                 std::move(gradient_positions));
           }),
           py::arg("forward"), py::arg("backward"), py::arg("num_outputs"), py::arg("input_names"),
           py::arg("saved_names"), py::arg("gradient_positions"))
      .def(
          "run",
          [](const executor::TrainingPrograms& p, const std::vector<Tensor>& inputs,
             const std::vector<Tensor>& parameters, const std::vector<bool>& differentiable_outputs,
             const std::shared_ptr<ScopeHandle>& scope) {
            return p.Run(inputs, parameters, differentiable_outputs,
                         std::shared_ptr<executor::Scope>(scope, &scope->tensors));
          },
          py::arg("inputs"), py::arg("parameters"), py::arg("differentiable_outputs"), py::arg("scope"),
          py::call_guard<py::gil_scoped_release>(),
          "The step's outputs, recorded with one grad node over the inputs and the parameters.");

  pir_module.def(
      "call_signature",
      [](const py::tuple& args, bool with_shapes) {
        py::list tensors;
        py::tuple signature(args.size());
        bool only_tensors = true;
        for (size_t i = 0; i < args.size(); ++i) {
          if (!py::isinstance<Tensor>(args[i])) {
            signature[i] = py::none();
            only_tensors = false;
            continue;
          }
          const Tensor& t = args[i].cast<const Tensor&>();
          tensors.append(args[i]);
          const int dtype = static_cast<int>(t.dtype());
          if (!with_shapes) {
            signature[i] = py::make_tuple(dtype);
            continue;
          }
          const DDim& dims = t.dims();
          py::tuple entry(dims.size() + 1);
          for (int d = 0; d < dims.size(); ++d) entry[d] = dims[d];
          entry[dims.size()] = dtype;
          signature[i] = entry;
        }
        return py::make_tuple(tensors, signature, only_tensors);
      },
      py::arg("args"), py::arg("with_shapes"),
      "What a to_static call's guards read of its arguments (Note [Capture]): (the tensors, per argument the "
      "tensor's dims and dtype (only the dtype without with_shapes) or None for a Python value, whether all are "
      "tensors).");

  py::class_<ScopeHandle, std::shared_ptr<ScopeHandle>>(pir_module, "Scope",
                                                         "Named tensors that outlive runs: parameters.")
      .def(py::init([] { return std::make_shared<ScopeHandle>(); }))
      .def("find_var",
           [](const ScopeHandle& scope, const std::string& name) -> py::object {
             auto it = scope.tensors.find(name);
             return it == scope.tensors.end() ? py::none() : py::cast(it->second);
           },
           py::arg("name"), "The tensor named `name`, or None.")
      .def("set_var", [](ScopeHandle& scope, const std::string& name, const Tensor& t) { scope.tensors[name] = t; },
           py::arg("name"), py::arg("tensor"))
      .def("var_names",
           [](const ScopeHandle& scope) {
             std::vector<std::string> names;
             for (const auto& [name, t] : scope.tensors) names.push_back(name);
             return names;
           })
      .def("__contains__",
           [](const ScopeHandle& scope, const std::string& name) { return scope.tensors.count(name) > 0; });

  pir_module.def(
      "parameter",
      [](const std::string& name, const std::vector<int64_t>& shape, py::handle dtype) {
        pir::Builder b = StaticBuilder("parameter");
        pir::Type type = b.tensor_type(CastDataType(dtype, "parameter", "dtype"), DDim(shape));
        return WrapStatic(b.Create("builtin.parameter", {}, {{"parameter_name", b.str_attr(name)}}, {type})->result(0));
      },
      py::arg("name"), py::arg("shape"), py::arg("dtype"), "builtin.parameter: the scope's tensor `name`.");
  pir_module.def(
      "set_parameter",
      [](const StaticValue& v, const std::string& name) {
        pir::Builder b = StaticBuilder("set_parameter");
        b.Create("builtin.set_parameter", {CastValue(py::cast(v), "set_parameter", "value")},
                 {{"parameter_name", b.str_attr(name)}}, {});
      },
      py::arg("value"), py::arg("name"), "builtin.set_parameter: stores value in the scope as `name`.");
  pir_module.def(
      "learning_rates",
      [](const pir::Program& program) {
        std::vector<double> rates;
        for (const pir::Operation* op : *program.block()) {
          if (auto lr = op->attribute<pir::DoubleAttribute>("learning_rate")) rates.push_back(lr.data());
        }
        return rates;
      },
      py::arg("program"), "The learning_rate attributes of the program's update ops, in order.");
  pir_module.def(
      "parameters",
      [](std::shared_ptr<pir::Program> program) {
        py::list out;
        for (pir::Operation* op : *program->block()) {
          if (op->name() == "builtin.parameter") {
            out.append(py::cast(StaticValue{op->result(0), program, program->generation()}));
          }
        }
        return out;
      },
      py::arg("program"), "The values of the program's builtin.parameter ops, in order.");
  pir_module.def(
      "written_parameters",
      [](const std::shared_ptr<pir::Program>& program) {
        std::vector<std::string> names;
        program->module_op()->Walk([&](pir::Operation* op) {
          if (op->name() == "builtin.set_parameter") {
            names.push_back(op->attribute<pir::StrAttribute>("parameter_name").data());
          }
        });
        return names;
      },
      py::arg("program"), "The names the program's builtin.set_parameter ops store, in order.");
  pir_module.def(
      "impure_ops",
      [](const std::shared_ptr<pir::Program>& program) {
        std::set<std::string> names;
        program->module_op()->Walk([&](pir::Operation* op) {
          if (op->name().starts_with("pd_op.") && op->name() != "pd_op.data" && !op->info().HasTrait(pir::kPure) &&
              op->num_regions() == 0) {
            names.insert(op->name());
          }
        });
        return std::vector<std::string>(names.begin(), names.end());
      },
      py::arg("program"),
      "The names of the YAML ops in any block of the program that are not pure (they draw random numbers or "
      "write into their inputs: the op YAML's facts; the inputs, pd_op.data, aside), sorted.");
}

}  // namespace paddle::pybind
