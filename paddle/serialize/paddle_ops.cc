#include "paddle/serialize/paddle_ops.h"

#include <unordered_map>

namespace paddle::serialize {
namespace {

using Index = std::unordered_map<std::string, const PaddleOpImport*>;

const PaddleOpImport* Find(const Index& index, const std::string& name) {
  auto it = index.find(name);
  return it == index.end() ? nullptr : it->second;
}

Index IndexBy(const char* PaddleOpImport::*key) {
  Index index;
  for (const PaddleOpImport& op : PaddleOpImports()) index.emplace(op.*key, &op);
  return index;
}

}  // namespace

const PaddleOpImport* FindPaddleOp(const std::string& paddle_op) {
  static const Index by_paddle = IndexBy(&PaddleOpImport::paddle);
  return Find(by_paddle, paddle_op);
}

const PaddleOpImport* FindOurOp(const std::string& ours) {
  static const Index by_ours = IndexBy(&PaddleOpImport::ours);
  return Find(by_ours, ours);
}

}  // namespace paddle::serialize
