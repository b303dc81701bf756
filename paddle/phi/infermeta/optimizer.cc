#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {
namespace {

// Every tensor of an update (grad, states) has param's shape and dtype; each
// output is its input again (the ops update in place).
void UpdateLikeParam(const Meta& param, const Meta& grad, std::initializer_list<const Meta*> states,
                     std::initializer_list<Meta*> outs) {
  PD_CHECK(IsFloating(param.dtype), InvalidType, "param must be a floating tensor, but has dtype ",
           DataTypeName(param.dtype));
  PD_CHECK(grad.dims == param.dims, InvalidArgument, "grad has shape ", grad.dims.ToString(),
           " but param has shape ", param.dims.ToString());
  PD_CHECK(grad.dtype == param.dtype, InvalidType, "grad has dtype ", DataTypeName(grad.dtype),
           " but param has dtype ", DataTypeName(param.dtype));
  int index = 0;
  for (const Meta* state : states) {
    ++index;
    PD_CHECK(state->dims == param.dims && state->dtype == param.dtype, InvalidArgument, "optimizer state ", index,
             " is ", DataTypeName(state->dtype), state->dims.ToString(), " but must be like param, ",
             DataTypeName(param.dtype), param.dims.ToString());
  }
  for (Meta* out : outs) *out = Meta(param.dtype, param.dims);
}

}  // namespace

void ScheduledAdamInferMeta(const Meta& param, const Meta& grad, const Meta& learning_rate, const Meta& moment1,
                            const Meta& moment2, const Meta& moment2_max, const Meta& beta1_pow,
                            const Meta& beta2_pow, Meta* param_out, Meta* moment1_out, Meta* moment2_out,
                            Meta* moment2_max_out, Meta* beta1_pow_out, Meta* beta2_pow_out) {
  UpdateLikeParam(param, grad, {&moment1, &moment2, &moment2_max}, {param_out, moment1_out, moment2_out, moment2_max_out});
  PD_CHECK(learning_rate.dtype == DataType::FLOAT32 && learning_rate.dims.numel() == 1, InvalidArgument,
           "learning_rate must be a float32 tensor of one element, but got ", DataTypeName(learning_rate.dtype),
           learning_rate.dims.ToString());
  int index = 0;
  for (const Meta* beta_pow : {&beta1_pow, &beta2_pow}) {
    ++index;
    PD_CHECK(beta_pow->dtype == DataType::FLOAT64 && beta_pow->dims.numel() == 1, InvalidArgument, "beta", index,
             "_pow must be a float64 tensor of one element, but got ", DataTypeName(beta_pow->dtype),
             beta_pow->dims.ToString());
  }
  *beta1_pow_out = beta1_pow;
  *beta2_pow_out = beta2_pow;
}

void OptimizerInferMeta(const Meta& param, const Meta& grad, Meta* param_out) {
  UpdateLikeParam(param, grad, {}, {param_out});
}

void OptimizerInferMeta(const Meta& param, const Meta& grad, const Meta& s1, Meta* param_out, Meta* s1_out) {
  UpdateLikeParam(param, grad, {&s1}, {param_out, s1_out});
}

void OptimizerInferMeta(const Meta& param, const Meta& grad, const Meta& s1, const Meta& s2, Meta* param_out,
                        Meta* s1_out, Meta* s2_out) {
  UpdateLikeParam(param, grad, {&s1, &s2}, {param_out, s1_out, s2_out});
}

void OptimizerInferMeta(const Meta& param, const Meta& grad, const Meta& s1, const Meta& s2, const Meta& s3,
                        Meta* param_out, Meta* s1_out, Meta* s2_out, Meta* s3_out) {
  UpdateLikeParam(param, grad, {&s1, &s2, &s3}, {param_out, s1_out, s2_out, s3_out});
}

}  // namespace phi
