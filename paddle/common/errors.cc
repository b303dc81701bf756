#include "paddle/common/errors.h"

namespace paddle::common {

const char* ErrorCodeName(ErrorCode code) {
  switch (code) {
    case ErrorCode::kInvalidArgument: return "InvalidArgument";
    case ErrorCode::kInvalidType: return "InvalidType";
    case ErrorCode::kOutOfRange: return "OutOfRange";
    case ErrorCode::kUnimplemented: return "Unimplemented";
    case ErrorCode::kPreconditionNotMet: return "PreconditionNotMet";
    case ErrorCode::kResourceExhausted: return "ResourceExhausted";
    case ErrorCode::kUnavailable: return "Unavailable";
    case ErrorCode::kNotFound: return "NotFound";
    case ErrorCode::kTimeout: return "Timeout";
  }
  return "Unknown";
}

void Error::AttachOp(const char* op) {
  if (!message_.empty() && message_[0] == '[') return;
  message_ = StrCat("[", op, "] ", message_);
}

}  // namespace paddle::common
