#include <tuple>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

void AttentionInferMeta(const Meta& q, const Meta& k, const Meta& v, bool, double, Meta* out, Meta* lse) {
  PD_CHECK(q.dims.size() == 4 && k.dims.size() == 4 && v.dims.size() == 4, InvalidArgument,
           "query, key and value must be 4-D [batch, seq, heads, dim], but got shapes ", q.dims.ToString(), ", ",
           k.dims.ToString(), " and ", v.dims.ToString());
  PD_CHECK(k.dims[0] == q.dims[0] && v.dims[0] == q.dims[0] && k.dims[2] == q.dims[2] && v.dims[2] == q.dims[2],
           InvalidArgument, "query, key and value must agree in batch and heads, but got shapes ", q.dims.ToString(),
           ", ", k.dims.ToString(), " and ", v.dims.ToString());
  PD_CHECK(k.dims[3] == q.dims[3], InvalidArgument, "key's dim (", k.dims[3], ") must equal query's (", q.dims[3], ")");
  PD_CHECK(v.dims[1] == k.dims[1], InvalidArgument, "value's sequence (", v.dims[1], ") must equal key's (",
           k.dims[1], ")");
  PD_CHECK(q.dtype == k.dtype && q.dtype == v.dtype, InvalidType, "query, key and value must have one dtype");
  *out = Meta(q.dtype, DDim({q.dims[0], q.dims[1], q.dims[2], v.dims[3]}));
  // Half types keep their log-sum-exp in float: it is a large number whose
  // rounding would scale every probability the backward rebuilds from it.
  const DataType lse_dtype = q.dtype == DataType::FLOAT64 ? DataType::FLOAT64 : DataType::FLOAT32;
  *lse = Meta(lse_dtype, DDim({q.dims[0], q.dims[2], q.dims[1]}));
}

void AttentionGradInferMeta(const Meta& q, const Meta& k, const Meta& v, const Meta& out, const Meta& lse,
                            const Meta& out_grad, bool causal, double scale, Meta* q_grad, Meta* k_grad,
                            Meta* v_grad) {
  Meta expected_out, expected_lse;
  AttentionInferMeta(q, k, v, causal, scale, &expected_out, &expected_lse);
  for (const auto& [name, meta, want] : {std::tuple<const char*, const Meta*, const Meta*>{"out", &out, &expected_out},
                                          {"lse", &lse, &expected_lse}, {"out_grad", &out_grad, &expected_out}}) {
    PD_CHECK(meta->dims == want->dims && meta->dtype == want->dtype, InvalidArgument, name, " must be ",
             DataTypeName(want->dtype), want->dims.ToString(), ", but got ", DataTypeName(meta->dtype),
             meta->dims.ToString());
  }
  *q_grad = Meta(q.dtype, q.dims);
  *k_grad = Meta(k.dtype, k.dims);
  *v_grad = Meta(v.dtype, v.dims);
}

}  // namespace phi
