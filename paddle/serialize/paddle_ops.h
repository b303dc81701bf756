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
#pragma once

#include <string>
#include <vector>

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
};

struct PaddleOpImport {
  const char* paddle;  // "pd_op.sum"
  const char* ours;
  std::vector<PaddleArgBinding> args;  // Paddle's inputs, then its attributes, in its order
};

const std::vector<PaddleOpImport>& PaddleOpImports();

// The entry of Paddle's op `paddle_op` ("pd_op.sum"), of our op `ours`; null
// where the op reads or writes in our signature.
const PaddleOpImport* FindPaddleOp(const std::string& paddle_op);
const PaddleOpImport* FindOurOp(const std::string& ours);

}  // namespace paddle::serialize
