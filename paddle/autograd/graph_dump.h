// The backward graph as Graphviz DOT, for Paddle's
// backward(dump_backward_graph_path=...): a debugging aid that shows which
// gradient nodes a backward pass will run and how they connect.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/api/tensor.h"

namespace paddle::autograd {

// The DOT text of the graph that a backward pass from `roots` runs: one box
// per gradient node ("<node name>\nGradNode: <address>"), and an arrow from
// the node of each op's input to the op's node (the forward direction, as
// Paddle draws it), labelled with the input's position.
std::string BackwardGraphDot(const std::vector<Tensor>& roots);

// Writes BackwardGraphDot(roots) to <directory>/<local time>_backward_graph.dot
// (creating the directory; written to a temporary file, then renamed) and
// returns the file's path.
std::string DumpBackwardGraph(const std::vector<Tensor>& roots, const std::string& directory);

}  // namespace paddle::autograd
