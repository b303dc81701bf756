// serve_model MODEL_PREFIX INPUT_FILE DIM...: runs the model saved at
// MODEL_PREFIX (.json + .pdiparams) on the float32 values of INPUT_FILE
// (raw, row-major) of shape DIM..., and prints each output's shape and
// values, one output per line: "name d0xd1 v0 v1 ...".
#include <cstdio>
#include <exception>
#include <fstream>
#include <iterator>
#include <numeric>
#include <string>
#include <vector>

#include "paddle_inference_api.h"

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s MODEL_PREFIX INPUT_FILE DIM...\n", argv[0]);
    return 2;
  }
  try {
    const std::string prefix = argv[1];
    std::vector<int> shape;
    for (int i = 3; i < argc; ++i) shape.push_back(std::stoi(argv[i]));
    const size_t count = std::accumulate(shape.begin(), shape.end(), size_t{1},
                                         [](size_t a, int d) { return a * static_cast<size_t>(d); });
    std::ifstream in(argv[2], std::ios::binary);
    std::vector<float> input(count);
    if (!in.read(reinterpret_cast<char*>(input.data()), static_cast<std::streamsize>(count * sizeof(float)))) {
      std::fprintf(stderr, "%s holds fewer than %zu float32 values\n", argv[2], count);
      return 2;
    }

    paddle_infer::Config config(prefix + ".json", prefix + ".pdiparams");
    config.SetCpuMathLibraryNumThreads(1);
    std::shared_ptr<paddle_infer::Predictor> predictor = paddle_infer::CreatePredictor(config);
    auto x = predictor->GetInputHandle(predictor->GetInputNames()[0]);
    x->Reshape(shape);
    x->CopyFromCpu(input.data());
    predictor->Run();
    for (const std::string& name : predictor->GetOutputNames()) {
      auto out = predictor->GetOutputHandle(name);
      std::vector<int> dims = out->shape();
      const size_t n = std::accumulate(dims.begin(), dims.end(), size_t{1},
                                       [](size_t a, int d) { return a * static_cast<size_t>(d); });
      std::vector<float> values(n);
      out->CopyToCpu(values.data());
      std::printf("%s ", name.c_str());
      for (size_t i = 0; i < dims.size(); ++i) std::printf(i ? "x%d" : "%d", dims[i]);
      for (float v : values) std::printf(" %.9g", v);
      std::printf("\n");
    }
  } catch (const std::exception& e) {
    std::fprintf(stderr, "error: %s\n", e.what());
    return 1;
  }
  return 0;
}
