// paddle._C.serialize: PaddlePaddle 3.x's model files (paddle/serialize),
// for paddle.static.save_inference_model / load_inference_model.
#include <pybind11/stl.h>

#include "paddle/pybind/bindings.h"
#include "paddle/pir/core/attribute.h"
#include "paddle/pir/dialect/pd_op_dialect.h"
#include "paddle/pybind/static_graph.h"
#include "paddle/serialize/inference_program.h"
#include "paddle/serialize/program_json.h"
#include "paddle/serialize/tensor_stream.h"

namespace paddle::pybind {

void BindModelFiles(py::module_& m) {
  auto files = m.def_submodule("serialize", "PaddlePaddle 3.x's model files: program JSON and tensor streams.");
  files.def(
      "inference_program",
      [](const std::shared_ptr<pir::Program>& program, const std::vector<StaticValue>& feeds,
         const std::vector<StaticValue>& fetches) {
        auto values = [&](const std::vector<StaticValue>& handles, const char* what) {
          std::vector<pir::Value> out;
          for (const StaticValue& v : handles) {
            PD_CHECK(v.program == program, InvalidArgument, "[save_inference_model] ", what,
                     " must be values of the program saved");
            out.push_back(Checked(v, what));
          }
          return out;
        };
        return std::shared_ptr<pir::Program>(
            serialize::InferenceProgram(*program, values(feeds, "feed_vars"), values(fetches, "fetch_vars")));
      },
      py::arg("program"), py::arg("feeds"), py::arg("fetches"),
      "The program save_inference_model writes: pruned to the fetches, in test mode, with pd_op.fetch outputs.");
  files.def(
      "inputs_and_outputs",
      [](const std::shared_ptr<pir::Program>& program) {
        const serialize::InferenceSignature sig = serialize::SignatureOf(*program);
        py::list fetches, inputs;
        for (pir::Value v : sig.outputs) fetches.append(py::cast(StaticValue{v, program, program->generation()}));
        for (pir::Value v : sig.inputs) inputs.append(py::cast(StaticValue{v, program, program->generation()}));
        return py::make_tuple(sig.input_names, fetches, inputs, sig.output_names);
      },
      py::arg("program"),
      "The names of an inference program's inputs, the values its pd_op.fetch ops output, the inputs' values and "
      "the outputs' names.");
  files.def(
      "read_model",
      [](const std::string& prog_file, const std::string& params_file, const std::string& op) {
        serialize::InferenceModel model = serialize::ReadInferenceModel(prog_file, params_file, op);
        return py::make_tuple(std::shared_ptr<pir::Program>(std::move(model.program)),
                              model.signature.parameter_names, model.parameters);
      },
      py::arg("prog_file"), py::arg("params_file"), py::arg("op"),
      "An inference model's program, its parameters' sorted names and their tensors (serialize::ReadInferenceModel).");
  files.def("program_to_json", &serialize::ProgramToJson, py::arg("program"), py::arg("trainable") = true,
            py::arg("indent") = -1, "The program as PaddlePaddle 3.x's program JSON (Note [Program JSON]).");
  files.def(
      "program_from_json",
      [](const std::string& text, const std::string& source) {
        return std::shared_ptr<pir::Program>(serialize::ProgramFromJson(text, source));
      },
      py::arg("text"), py::arg("source"), "The program of a program JSON text; errors name `source`.");
  files.def(
      "tensors_to_bytes",
      [](const std::vector<Tensor>& tensors) {
        std::string out;
        for (const Tensor& t : tensors) serialize::AppendTensorRecord(t, &out);
        return py::bytes(out);
      },
      py::arg("tensors"), "The tensors as a parameter file's bytes (Note [Tensor stream]).");
  files.def(
      "tensors_from_bytes",
      [](const py::bytes& data, size_t count, const std::string& source) {
        const std::string_view bytes = data;
        return serialize::ReadTensorRecords(bytes, count, source);
      },
      py::arg("data"), py::arg("count"), py::arg("source"),
      "The `count` tensors of a parameter file's bytes; errors name `source`.");
}

}  // namespace paddle::pybind
