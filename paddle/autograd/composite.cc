#include "paddle/autograd/composite.h"

#include <cmath>

#include "paddle/autograd/generated/eager_ops.h"
#include "paddle/autograd/grad_helpers.h"
#include "paddle/common/errors.h"

namespace paddle::autograd {

Tensor PNorm(const Tensor& x, float porder, const phi::IntArray& axis, bool keepdim) {
  PD_CHECK(!std::isnan(porder), InvalidArgument, "porder must be a number, but got nan");
  const DataType real = IsComplex(x.dtype()) ? (x.dtype() == DataType::COMPLEX64 ? DataType::FLOAT32
                                                                                  : DataType::FLOAT64)
                                             : x.dtype();
  PD_CHECK(IsFloating(real), InvalidType, "x must be floating point or complex, but got ",
           DataTypeName(x.dtype()));
  const Tensor magnitude = eager::abs(x);
  if (std::isinf(porder)) {
    return porder > 0 ? eager::max(magnitude, axis, keepdim) : eager::min(magnitude, axis, keepdim);
  }
  if (porder == 0) {
    Tensor nonzero = eager::cast(eager::not_equal(magnitude, ScalarLike(0, magnitude)), real);
    return eager::sum(nonzero, axis, DataType::UNDEFINED, keepdim);
  }
  if (porder == 2) {  // the common case, without pow's logs
    return eager::sqrt(eager::sum(eager::multiply(magnitude, magnitude), axis, DataType::UNDEFINED, keepdim));
  }
  Tensor powered = eager::sum(eager::pow(magnitude, static_cast<double>(porder)), axis, DataType::UNDEFINED, keepdim);
  return eager::pow(powered, 1.0 / static_cast<double>(porder));
}

}  // namespace paddle::autograd
