// Typed errors. Every user mistake becomes one of these; the Python binding
// maps each kind to a Python exception class (see pybind/errors.cc):
//
//   InvalidArgument    -> ValueError           (wrong shape, value, axis)
//   InvalidType        -> TypeError            (wrong dtype or argument type)
//   OutOfRange         -> IndexError           (index beyond a dimension)
//   Unimplemented      -> NotImplementedError  (no kernel for that dtype/place)
//   PreconditionNotMet -> RuntimeError         (state the call cannot run in)
//   ResourceExhausted  -> MemoryError          (allocation failed)
//   Unavailable        -> RuntimeError         (device or library missing)
//   NotFound           -> OSError/KeyError-like lookups (files, flags)
//
// Messages start with the op in brackets: "[matmul] x.shape[-1] (3) must equal
// y.shape[-2] (4)". Generated API functions prepend the op name, so shared
// code such as infer-meta functions writes only the details.
#pragma once

#include <sstream>
#include <stdexcept>
#include <string>
#include <utility>

namespace paddle::common {

enum class ErrorCode {
  kInvalidArgument,
  kInvalidType,
  kOutOfRange,
  kUnimplemented,
  kPreconditionNotMet,
  kResourceExhausted,
  kUnavailable,
  kNotFound,
  kTimeout,  // a wait that ran out of time (a store key, a collective's peers)
};

const char* ErrorCodeName(ErrorCode code);

class Error : public std::exception {
 public:
  Error(ErrorCode code, std::string message) : code_(code), message_(std::move(message)) {}

  ErrorCode code() const { return code_; }
  const char* what() const noexcept override { return message_.c_str(); }
  const std::string& message() const { return message_; }

  // Prefixes "[op] " unless the message already names an op.
  void AttachOp(const char* op);

 private:
  ErrorCode code_;
  std::string message_;
};

template <typename... Args>
std::string StrCat(Args&&... args) {
  std::ostringstream os;
  (os << ... << std::forward<Args>(args));
  return os.str();
}

}  // namespace paddle::common

// PD_CHECK(cond, Kind, message parts...): throws Error(kKind, StrCat(parts))
// when cond is false.
#define PD_CHECK(cond, kind, ...)                                                               \
  do {                                                                                          \
    if (!(cond)) [[unlikely]] {                                                                 \
      throw ::paddle::common::Error(::paddle::common::ErrorCode::k##kind,                       \
                                    ::paddle::common::StrCat(__VA_ARGS__));                     \
    }                                                                                           \
  } while (0)

#define PD_THROW(kind, ...)                                            \
  throw ::paddle::common::Error(::paddle::common::ErrorCode::k##kind, \
                                ::paddle::common::StrCat(__VA_ARGS__))

// PD_CHECK_ARG(cond, Kind, op, arg, expected, got): the structured form for a
// bad argument; the message reads
//   "[op] argument 'arg': expected <expected>, but got <got>".
#define PD_CHECK_ARG(cond, kind, op, arg, expected, got)                                \
  PD_CHECK(cond, kind, "[", op, "] argument '", arg, "': expected ", expected, ", but got ", got)
