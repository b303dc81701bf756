// Note [Paddle's ops]: PaddlePaddle 3.x's programs call its ops with its own
// signatures, which are not always ours: an IntArray or Scalar argument of
// Paddle's op is an operand, made by a pd_op.full_int_array or pd_op.full
// (sum's axis), where ours is an attribute. The YAML's `paddle:` field of an
// op says how Paddle's inputs and attributes bind to its arguments; for each
// op of ours that is the Paddle op of its name with plain bindings, the
// generated table below lists them, and the program reader builds our op
// from Paddle's: an input bound to our attribute must be such a constant.
// The writer does the reverse, so a file holds Paddle's signatures: our
// attribute becomes a constant op and an operand of Paddle's op, and each
// attribute takes the kind of Paddle's C++ type (an int is 0.a_i32).
//
// A list may be reordered (conv2d's paddings: Paddle's [i] is ours
// [permute[i]]) and given by Paddle in a symmetric half form ([1, 2] for [1,
// 1, 2, 2]); results may correspond in another order, with Paddle's extra
// ones (batch_norm's reserve space) declared for the writer and unusable in
// what the reader builds; and one Paddle op may stand for several of ours,
// told apart by its constants (pool2d's pooling_type: max_pool, avg_pool),
// for a first input of one rank (rank; -1 for any). An argument's values may
// translate (values: dropout's upscale and Paddle's mode).
#pragma once

#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "paddle/pir/core/attribute.h"

namespace paddle::serialize {

struct PaddleArgBinding {
  const char* paddle;  // Paddle's input or attribute name
  bool input;          // an operand of Paddle's op
  const char* ours;    // our argument; nullptr where Paddle's has no counterpart here
  // With no argument of ours: the JSON value our op stands for (Paddle's
  // cumsum with flatten false), which Paddle's must equal; nullptr for
  // anything (a place, an optional input left empty).
  const char* constant;
  const char* paddle_type;  // an attribute's C++ type in Paddle ("int", "std::vector<int64_t>"); nullptr for an input
  std::vector<int> permute = {};  // a list of ours reordered: Paddle's [i] = ours[permute[i]]; empty: as it is
  int symmetric = 0;  // the list's length when Paddle may give it half as long, each entry for a pair; 0: no
  std::vector<int64_t> if_empty = {};  // what Paddle is given where our list is empty (adaptive pools' strides)
  // An argument whose values translate (dropout's upscale true is Paddle's
  // mode "upscale_in_train"): each value of ours and Paddle's for it, as
  // JSON; empty: the value as it is.
  std::vector<std::pair<const char*, const char*>> values = {};
};

// A list argument between Paddle's form and ours (permute, symmetric);
// InvalidArgument naming `what` when Paddle's has a length neither form has.
std::vector<int64_t> PaddleListToOurs(const std::vector<int64_t>& paddle, const PaddleArgBinding& b,
                                      const std::string& what);
std::vector<int64_t> OurListToPaddle(const std::vector<int64_t>& ours, const PaddleArgBinding& b);

// The integers of a list attribute (an IntArray, or an Array of Int64), and
// an attribute of the same kind holding `values`.
std::optional<std::vector<int64_t>> IntList(pir::Attribute a);
pir::Attribute WithInts(pir::Attribute like, const std::vector<int64_t>& values);

// One of Paddle's results: our result `ours`, or (-1) none of ours: then the
// writer declares a tensor of `dtype` (nullptr: the first input's) with the
// first input's dims before the value of our attribute `dims_before`, or
// all its dims (like_input), or one dim of -1.
struct PaddleResult {
  int ours;
  const char* dtype;
  const char* dims_before;
  bool like_input;
};

struct PaddleOpImport {
  const char* paddle;  // "pd_op.sum"
  const char* ours;
  std::vector<PaddleArgBinding> args;  // Paddle's inputs, then its attributes, in its order
  std::vector<PaddleResult> results = {};  // Paddle's results in its order; empty: ours, in order
  int rank = -1;                           // the first input's rank this mapping is for; -1: any
};

const std::vector<PaddleOpImport>& PaddleOpImports();
// Our ops PaddlePaddle has not, saved as their decompositions (the YAML's
// paddle: {decompose}).
const std::set<std::string>& PaddleDecomposedOps();

// The entries of Paddle's op `paddle_op` ("pd_op.sum"; empty where the op
// reads in our signature), the entry of our op `ours` (null where it writes
// in ours).
const std::vector<const PaddleOpImport*>& FindPaddleOps(const std::string& paddle_op);
const PaddleOpImport* FindOurOp(const std::string& ours);

}  // namespace paddle::serialize
