#include "paddle/autograd/graph_dump.h"

#include <chrono>
#include <cstdio>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iomanip>
#include <sstream>
#include <unordered_map>

#include "paddle/autograd/grad_node.h"
#include "paddle/common/errors.h"

namespace paddle::autograd {

namespace {

// The nodes reachable from the roots, each numbered once, in visiting order.
std::vector<GradNode*> ReachableNodes(const std::vector<Tensor>& roots, std::unordered_map<GradNode*, int>& ids) {
  std::vector<GradNode*> order;
  std::vector<GradNode*> stack;
  auto visit = [&](GradNode* node) {
    if (node == nullptr || ids.count(node)) return;
    ids.emplace(node, static_cast<int>(order.size()));
    order.push_back(node);
    stack.push_back(node);
  };
  for (const Tensor& root : roots) visit(EdgeOf(root).node.get());
  while (!stack.empty()) {
    GradNode* node = stack.back();
    stack.pop_back();
    for (const Edge& edge : node->next_edges()) visit(edge.node.get());
  }
  return order;
}

std::string LocalTimestamp() {
  const auto now = std::chrono::system_clock::now();
  const std::time_t seconds = std::chrono::system_clock::to_time_t(now);
  const auto micros =
      std::chrono::duration_cast<std::chrono::microseconds>(now.time_since_epoch()).count() % 1000000;
  std::tm local{};
  localtime_r(&seconds, &local);
  std::ostringstream text;
  text << std::put_time(&local, "%Y-%m-%d_%H:%M:%S") << '.' << std::setw(6) << std::setfill('0') << micros;
  return text.str();
}

}  // namespace

std::string BackwardGraphDot(const std::vector<Tensor>& roots) {
  std::unordered_map<GradNode*, int> ids;
  const std::vector<GradNode*> nodes = ReachableNodes(roots, ids);
  std::ostringstream dot;
  dot << "digraph G {\n";
  for (GradNode* node : nodes) {
    dot << "\tnode_" << ids[node] << "[label=\"" << node->name() << "\\nGradNode: " << static_cast<const void*>(node)
        << "\" shape=\"box\" style=\"rounded,filled,bold\" fontname=\"Arial\" fontcolor=\"#ffffff\" color=\""
        << (node->is_accumulation() ? "#148b97" : "#999999") << "\"]\n";
  }
  for (GradNode* node : nodes) {
    const std::vector<Edge>& inputs = node->next_edges();
    for (size_t i = 0; i < inputs.size(); ++i) {
      if (!inputs[i].valid()) continue;
      dot << "\tnode_" << ids[inputs[i].node.get()] << "->node_" << ids[node] << "[label=\"input " << i << "\"]\n";
    }
  }
  dot << "}\n";
  return dot.str();
}

std::string DumpBackwardGraph(const std::vector<Tensor>& roots, const std::string& directory) {
  namespace fs = std::filesystem;
  std::error_code error;
  fs::create_directories(directory, error);
  PD_CHECK(!error && fs::is_directory(directory), InvalidArgument, "[backward] argument 'dump_backward_graph_path': ",
           "cannot create the directory '", directory, "'", error ? ": " + error.message() : std::string());
  const fs::path path = fs::path(directory) / (LocalTimestamp() + "_backward_graph.dot");
  const fs::path temporary = fs::path(path.string() + ".tmp");
  {
    std::ofstream file(temporary);
    file << BackwardGraphDot(roots);
    PD_CHECK(file.good(), InvalidArgument, "[backward] cannot write '", temporary.string(), "'");
  }
  fs::rename(temporary, path, error);
  PD_CHECK(!error, InvalidArgument, "[backward] cannot write '", path.string(), "': ", error.message());
  return path.string();
}

}  // namespace paddle::autograd
