#include "paddle/serialize/paddle_ops.h"

#include <unordered_map>

#include "paddle/common/errors.h"
#include "paddle/pir/core/ir_context.h"

namespace paddle::serialize {

std::vector<int64_t> PaddleListToOurs(const std::vector<int64_t>& paddle, const PaddleArgBinding& b,
                                      const std::string& what) {
  std::vector<int64_t> full = paddle;
  if (b.symmetric > 0 && paddle.size() * 2 == static_cast<size_t>(b.symmetric)) {
    full.clear();
    for (int64_t v : paddle) full.insert(full.end(), {v, v});
  }
  if (b.permute.empty()) return full;
  PD_CHECK(full.size() == b.permute.size(), InvalidArgument, "[load] ", what, " has ", paddle.size(),
           " values; this framework reads it with ", b.permute.size(),
           b.symmetric > 0 ? " (or half as many)" : "");
  std::vector<int64_t> ours(full.size());
  for (size_t i = 0; i < full.size(); ++i) ours[b.permute[i]] = full[i];
  return ours;
}

std::vector<int64_t> OurListToPaddle(const std::vector<int64_t>& ours, const PaddleArgBinding& b) {
  if (ours.empty()) return b.if_empty;
  if (b.permute.empty() || ours.size() != b.permute.size()) return ours;
  std::vector<int64_t> paddle(ours.size());
  for (size_t i = 0; i < ours.size(); ++i) paddle[i] = ours[b.permute[i]];
  return paddle;
}

std::optional<std::vector<int64_t>> IntList(pir::Attribute a) {
  if (auto list = a.dyn_cast<pir::IntArrayAttribute>()) return list.data();
  auto array = a.dyn_cast<pir::ArrayAttribute>();
  if (!array) return std::nullopt;
  std::vector<int64_t> values;
  for (pir::Attribute e : array.data()) {
    auto i = e.dyn_cast<pir::Int64Attribute>();
    if (!i) return std::nullopt;
    values.push_back(i.data());
  }
  return values;
}

pir::Attribute WithInts(pir::Attribute like, const std::vector<int64_t>& values) {
  pir::IrContext* ctx = pir::IrContext::Instance();
  if (like.isa<pir::IntArrayAttribute>()) return pir::IntArrayAttribute::Get(ctx, values);
  std::vector<pir::Attribute> elements;
  for (int64_t v : values) elements.push_back(pir::Int64Attribute::Get(ctx, v));
  return pir::ArrayAttribute::Get(ctx, elements);
}

const std::vector<const PaddleOpImport*>& FindPaddleOps(const std::string& paddle_op) {
  static const auto* by_paddle = [] {
    auto* index = new std::unordered_map<std::string, std::vector<const PaddleOpImport*>>();
    for (const PaddleOpImport& op : PaddleOpImports()) (*index)[op.paddle].push_back(&op);
    return index;
  }();
  static const std::vector<const PaddleOpImport*> none;
  auto it = by_paddle->find(paddle_op);
  return it == by_paddle->end() ? none : it->second;
}

const PaddleOpImport* FindOurOp(const std::string& ours) {
  static const auto* by_ours = [] {
    auto* index = new std::unordered_map<std::string, const PaddleOpImport*>();
    for (const PaddleOpImport& op : PaddleOpImports()) index->emplace(op.ours, &op);
    return index;
  }();
  auto it = by_ours->find(ours);
  return it == by_ours->end() ? nullptr : it->second;
}

}  // namespace paddle::serialize
