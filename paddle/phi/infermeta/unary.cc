#include <algorithm>
#include <tuple>
#include <vector>

#include "paddle/common/errors.h"
#include "paddle/phi/infermeta/infermeta.h"

namespace phi {

void UnchangedInferMeta(const Meta& x, Meta* out) { *out = Meta(x.dtype, x.dims); }

void FloatingUnchangedInferMeta(const Meta& x, Meta* out) {
  PD_CHECK(IsFloating(x.dtype), InvalidType, "x must be a floating-point tensor, but got ", DataTypeName(x.dtype));
  *out = Meta(x.dtype, x.dims);
}

void RealInferMeta(const Meta& x, Meta* out) { *out = Meta(ToReal(x.dtype), x.dims); }

void ShapeInferMeta(const Meta& x, Meta* out) { *out = Meta(DataType::INT64, DDim({x.dims.size()})); }

void LogicalNotInferMeta(const Meta& x, Meta* out) { *out = Meta(DataType::BOOL, x.dims); }

void CastInferMeta(const Meta& x, DataType dtype, Meta* out) {
  PD_CHECK(dtype != DataType::UNDEFINED, InvalidType, "dtype must be given");
  *out = Meta(dtype, x.dims);
}


void SumInferMeta(const Meta& x, const IntArray& axis, DataType dtype, bool keepdim, Meta* out) {
  if (dtype == DataType::UNDEFINED) {
    dtype = (x.dtype == DataType::BOOL || x.dtype == DataType::INT32) ? DataType::INT64 : x.dtype;
  }
  *out = Meta(dtype, ReducedDims(x.dims, axis, keepdim));
}

void SoftmaxInferMeta(const Meta& x, int64_t axis, Meta* out) {
  PD_CHECK(IsFloating(x.dtype), InvalidType, "x must be a floating-point tensor, but got ",
           paddle::DataTypeName(x.dtype));
  NormalizeAxis(axis, x.dims.size());
  *out = Meta(x.dtype, x.dims);
}

void SoftmaxGradInferMeta(const Meta& forward_out, const Meta& out_grad, int64_t axis, bool, Meta* x_grad) {
  SoftmaxInferMeta(forward_out, axis, x_grad);
  PD_CHECK(out_grad.dims == forward_out.dims && out_grad.dtype == forward_out.dtype, InvalidArgument, "out_grad (",
           out_grad.dims.ToString(), ", ", paddle::DataTypeName(out_grad.dtype), ") must match forward_out (",
           forward_out.dims.ToString(), ", ", paddle::DataTypeName(forward_out.dtype), ")");
}

void SoftmaxCrossEntropyInferMeta(const Meta& logits, const Meta& label, int64_t, int64_t axis, Meta* loss,
                                  Meta* lse) {
  Meta probabilities;
  SoftmaxInferMeta(logits, axis, &probabilities);
  std::vector<int64_t> rows = logits.dims.ToVector();
  if (!rows.empty()) rows[NormalizeAxis(axis, logits.dims.size())] = 1;
  PD_CHECK(label.dtype == DataType::INT64, InvalidType, "label must be int64, but got ",
           paddle::DataTypeName(label.dtype));
  PD_CHECK(label.dims == DDim(rows), InvalidArgument, "label has shape ", label.dims.ToString(), " but logits ",
           logits.dims.ToString(), " need ", DDim(rows).ToString());
  *loss = Meta(logits.dtype, label.dims);
  *lse = Meta(logits.dtype == DataType::FLOAT64 ? DataType::FLOAT64 : DataType::FLOAT32, label.dims);
}

void SoftmaxCrossEntropyGradInferMeta(const Meta& logits, const Meta& label, const Meta& lse, const Meta& loss_grad,
                                      int64_t ignore_index, int64_t axis, Meta* logits_grad) {
  Meta loss, expected_lse;
  SoftmaxCrossEntropyInferMeta(logits, label, ignore_index, axis, &loss, &expected_lse);
  for (const auto& [name, got, want] : {std::tuple<const char*, const Meta*, const Meta*>{"lse", &lse, &expected_lse},
                                        {"loss_grad", &loss_grad, &loss}}) {
    PD_CHECK(got->dims == want->dims && got->dtype == want->dtype, InvalidArgument, name, " must be ",
             paddle::DataTypeName(want->dtype), want->dims.ToString(), ", but got ", paddle::DataTypeName(got->dtype),
             got->dims.ToString());
  }
  *logits_grad = Meta(logits.dtype, logits.dims);
}

void ReduceInferMeta(const Meta& x, const IntArray& axis, bool keepdim, Meta* out) {
  *out = Meta(x.dtype, ReducedDims(x.dims, axis, keepdim));
}

namespace {

// A 0 in reshape's shape copies x's dim (Paddle's convention), but the
// engine's own calls (gradients, indexing) pass real dims, where 0 is a size.
// For an x without elements, where the copy reading is an error (a dim past
// x's rank, or elements x does not have), 0 is a size.
bool ZeroIsASize(const DDim& x_dims, const std::vector<int64_t>& shape) {
  if (x_dims.numel() != 0) return false;
  int64_t copied = 1;
  bool has_zero = false;
  for (size_t i = 0; i < shape.size(); ++i) {
    if (shape[i] < 0) return false;
    has_zero = has_zero || shape[i] == 0;
    if (shape[i] == 0 && static_cast<int>(i) >= x_dims.size()) return true;  // nothing to copy there
    const int64_t dim = shape[i] == 0 ? x_dims[static_cast<int>(i)] : shape[i];
    if (dim < 0) return false;
    copied *= dim;
  }
  return has_zero && copied != 0;
}

}  // namespace

void ReshapeInferMeta(const Meta& x, const IntArray& shape, Meta* out) {
  if (ZeroIsASize(x.dims, shape.GetData())) {
    *out = Meta(x.dtype, DDim(shape.GetData()));
    return;
  }
  std::vector<int64_t> dims = shape.GetData();
  int infer_at = -1;
  int64_t known = 1;
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] == -1) {
      PD_CHECK(infer_at < 0, InvalidArgument, "only one dim of shape may be -1, but got ",
               DDim(shape.GetData()).ToString());
      infer_at = static_cast<int>(i);
      continue;
    }
    if (dims[i] == 0) {
      PD_CHECK(static_cast<int>(i) < x.dims.size(), InvalidArgument, "shape[", i,
               "] is 0 (copy the input dim) but x has only ", x.dims.size(), " dims");
      dims[i] = x.dims[static_cast<int>(i)];
      if (dims[i] == -1) continue;  // a copied dim a graph leaves to run time
    }
    PD_CHECK(dims[i] >= 0, InvalidArgument, "shape dims must be >= -1, but got ",
             DDim(shape.GetData()).ToString());
    PD_CHECK(!__builtin_mul_overflow(known, dims[i], &known), InvalidArgument, "shape ",
             DDim(shape.GetData()).ToString(), " has more elements than fit in int64");
  }
  // x may have dims known only when a graph runs (-1). The inferred dim is
  // then known only where each of them is copied (shape 0) to the same place.
  bool unknown = false, all_copied = true;
  int64_t x_known = 1;
  for (int d = 0; d < x.dims.size(); ++d) {
    if (x.dims[d] == -1) {
      unknown = true;
      all_copied = all_copied && d < static_cast<int>(shape.size()) && shape[d] == 0;
    } else {
      x_known *= x.dims[d];
    }
  }
  int64_t numel = x.dims.numel();
  if (unknown) {
    if (infer_at >= 0) dims[infer_at] = all_copied && known != 0 && x_known % known == 0 ? x_known / known : -1;
  } else if (infer_at >= 0) {
    PD_CHECK(known != 0 && numel % known == 0, InvalidArgument, "cannot reshape x of shape ",
             x.dims.ToString(), " (", numel, " elements) to ", DDim(shape.GetData()).ToString());
    dims[infer_at] = numel / known;
  } else {
    PD_CHECK(known == numel, InvalidArgument, "cannot reshape x of shape ", x.dims.ToString(), " (",
             numel, " elements) to ", DDim(shape.GetData()).ToString(), " (", known, " elements)");
  }
  *out = Meta(x.dtype, DDim(dims));
}

void TransposeInferMeta(const Meta& x, const std::vector<int64_t>& perm, Meta* out) {
  int rank = x.dims.size();
  PD_CHECK(static_cast<int>(perm.size()) == rank, InvalidArgument, "perm must have ", rank,
           " entries for x of shape ", x.dims.ToString(), ", but got ", DDim(perm).ToString());
  std::vector<bool> seen(rank, false);
  std::vector<int64_t> dims(rank);
  for (int i = 0; i < rank; ++i) {
    int p = NormalizeAxis(perm[i], rank, "perm entry");
    PD_CHECK(!seen[p], InvalidArgument, "perm must be a permutation, but got ", DDim(perm).ToString());
    seen[p] = true;
    dims[i] = x.dims[p];
  }
  *out = Meta(x.dtype, DDim(dims));
}

void SqueezeInferMeta(const Meta& x, const IntArray& axis, Meta* out) {
  int rank = x.dims.size();
  std::vector<bool> drop(rank, false);
  if (axis.empty()) {
    for (int i = 0; i < rank; ++i) drop[i] = x.dims[i] == 1;
  } else {
    for (int64_t a : axis.GetData()) {
      int i = NormalizeAxis(a, rank);
      if (rank > 0) drop[i] = x.dims[i] == 1;  // non-1 dims are kept, as Paddle does
    }
  }
  std::vector<int64_t> dims;
  for (int i = 0; i < rank; ++i)
    if (!drop[i]) dims.push_back(x.dims[i]);
  *out = Meta(x.dtype, DDim(dims));
}

void UnsqueezeInferMeta(const Meta& x, const IntArray& axis, Meta* out) {
  std::vector<int64_t> dims = x.dims.ToVector();
  for (int64_t a : axis.GetData()) {
    int rank = static_cast<int>(dims.size()) + 1;
    int i = NormalizeAxis(a, rank);
    dims.insert(dims.begin() + i, 1);
  }
  *out = Meta(x.dtype, DDim(dims));
}

void SliceInferMeta(const Meta& input, const std::vector<int64_t>& axes, const IntArray& starts,
                    const IntArray& ends, Meta* out) {
  PD_CHECK(axes.size() == starts.size() && axes.size() == ends.size(), InvalidArgument,
           "axes, starts and ends must have the same length, but got ", axes.size(), ", ",
           starts.size(), " and ", ends.size());
  DDim dims = input.dims;
  for (size_t i = 0; i < axes.size(); ++i) {
    int a = NormalizeAxis(axes[i], dims.size(), "axes entry");
    // Of a dim known only when a graph runs (-1), a slice's length is unknown too.
    dims[a] = input.dims[a] == -1 ? -1 : ClampSlice(starts[i], ends[i], input.dims[a]).length;
  }
  *out = Meta(input.dtype, dims);
}

void SplitInferMeta(const Meta& x, const std::vector<int64_t>& sections, int64_t axis, std::vector<Meta>* out) {
  const int a = NormalizeAxis(axis, x.dims.size());
  int64_t total = 0;
  for (int64_t size : sections) {
    PD_CHECK(size >= 0, InvalidArgument, "sections must be sizes >= 0, but got ", size);
    total += size;
  }
  PD_CHECK(total == x.dims[a], InvalidArgument, "sections must add up to x.shape[", a, "] (", x.dims[a],
           "), but add up to ", total);
  out->clear();
  for (int64_t size : sections) {
    DDim dims = x.dims;
    dims[a] = size;
    out->push_back(Meta(x.dtype, dims));
  }
}

void BroadcastViewInferMeta(const Meta& x, const IntArray& shape, Meta* out) {
  DDim dims(shape.GetData());
  const int lead = dims.size() - x.dims.size();
  for (int i = 0; i < dims.size(); ++i) {
    const bool left_to_run = dims[i] == -1 && i >= lead && x.dims[i - lead] == -1;  // a static program's
    PD_CHECK(dims[i] >= 0 || left_to_run, InvalidArgument, "every dim of shape must be >= 0, but got ",
             dims.ToString());
  }
  const DDim broadcast = BroadcastDims(x.dims, dims);
  bool fits = broadcast.size() == dims.size();
  for (int i = 0; fits && i < dims.size(); ++i) {  // x's -1 (left to the run) must be 1 or the target there
    fits = broadcast[i] == dims[i] || (i >= lead && x.dims[i - lead] == -1);
  }
  PD_CHECK(fits, InvalidArgument, "x of shape ", x.dims.ToString(), " cannot be broadcast to ", dims.ToString());
  *out = Meta(x.dtype, dims);
}

void AsStridedInferMeta(const Meta& x, const std::vector<int64_t>& shape, const std::vector<int64_t>& stride,
                        int64_t offset, Meta* out) {
  PD_CHECK(shape.size() == stride.size(), InvalidArgument, "arguments 'shape' and 'stride': expected as many sizes as ",
           "strides, but got ", shape.size(), " and ", stride.size());
  PD_CHECK(offset >= 0, InvalidArgument, "argument 'offset': expected an int >= 0, but got ", offset);
  int64_t last = offset;  // the furthest position reached
  bool empty = false, overflows = false;
  for (size_t d = 0; d < shape.size(); ++d) {
    PD_CHECK(shape[d] >= 0 && stride[d] >= 0, InvalidArgument, "arguments 'shape' and 'stride': expected ",
             "non-negative values, but got ", shape[d], " and ", stride[d], " at dim ", d);
    empty = empty || shape[d] == 0;
    int64_t span = 0;
    if (shape[d] > 0) {
      overflows = overflows || __builtin_mul_overflow(stride[d], shape[d] - 1, &span) ||
                  __builtin_add_overflow(last, span, &last);
    }
  }
  PD_CHECK(empty || !overflows, InvalidArgument, "shape ", DDim(shape).ToString(), ", stride ",
           DDim(stride).ToString(), " and offset ", offset, " reach past the largest int64 position");
  const int64_t numel = x.dims.numel();
  const bool known = std::none_of(x.dims.data(), x.dims.data() + x.dims.size(), [](int64_t d) { return d < 0; });
  PD_CHECK(empty || !known || last < numel, InvalidArgument, "shape ", DDim(shape).ToString(), ", stride ",
           DDim(stride).ToString(), " and offset ", offset, " reach position ", last, ", beyond x's ", numel,
           " elements");
  *out = Meta(x.dtype, DDim(shape));
}

void AsRealInferMeta(const Meta& x, Meta* out) {
  PD_CHECK(x.dtype == DataType::COMPLEX64 || x.dtype == DataType::COMPLEX128, InvalidType,
           "x must be complex64 or complex128, but got ", DataTypeName(x.dtype));
  std::vector<int64_t> dims = x.dims.ToVector();
  dims.push_back(2);
  *out = Meta(x.dtype == DataType::COMPLEX64 ? DataType::FLOAT32 : DataType::FLOAT64, DDim(dims));
}

void AsComplexInferMeta(const Meta& x, Meta* out) {
  PD_CHECK(x.dtype == DataType::FLOAT32 || x.dtype == DataType::FLOAT64, InvalidType,
           "x must be float32 or float64, but got ", DataTypeName(x.dtype));
  PD_CHECK(x.dims.size() >= 1 && x.dims[x.dims.size() - 1] == 2, InvalidArgument,
           "x's last dim must be 2 (real and imaginary parts), but got shape ", x.dims.ToString());
  std::vector<int64_t> dims = x.dims.ToVector();
  dims.pop_back();
  *out = Meta(x.dtype == DataType::FLOAT32 ? DataType::COMPLEX64 : DataType::COMPLEX128, DDim(dims));
}

void ComplexInferMeta(const Meta& real, const Meta& imag, Meta* out) {
  PD_CHECK(real.dtype == imag.dtype && (real.dtype == DataType::FLOAT32 || real.dtype == DataType::FLOAT64),
           InvalidType, "real and imag must be both float32 or both float64, but got ", DataTypeName(real.dtype),
           " and ", DataTypeName(imag.dtype));
  *out = Meta(real.dtype == DataType::FLOAT32 ? DataType::COMPLEX64 : DataType::COMPLEX128,
              BroadcastDims(real.dims, imag.dims));
}

void ExpandInferMeta(const Meta& x, const IntArray& shape, Meta* out) {
  std::vector<int64_t> dims = shape.GetData();
  const int lead = static_cast<int>(dims.size()) - x.dims.size();
  PD_CHECK(lead >= 0, InvalidArgument, "shape ", DDim(dims).ToString(), " has fewer dims than x's shape ",
           x.dims.ToString());
  for (size_t i = 0; i < dims.size(); ++i) {
    if (dims[i] != -1) continue;
    PD_CHECK(static_cast<int>(i) >= lead, InvalidArgument, "-1 in shape ", DDim(shape.GetData()).ToString(),
             " must stand where x has a dim");
    dims[i] = x.dims[static_cast<int>(i) - lead];
  }
  BroadcastViewInferMeta(x, IntArray(dims), out);
}

void FlattenInferMeta(const Meta& x, int64_t start_axis, int64_t stop_axis, Meta* out) {
  const int rank = x.dims.size();
  if (rank == 0) {
    *out = Meta(x.dtype, DDim({1}));
    return;
  }
  const int start = NormalizeAxis(start_axis, rank, "start_axis");
  const int stop = NormalizeAxis(stop_axis, rank, "stop_axis");
  PD_CHECK(start <= stop, InvalidArgument, "start_axis (", start_axis, ") must not be after stop_axis (", stop_axis,
           ")");
  std::vector<int64_t> dims;
  for (int i = 0; i < start; ++i) dims.push_back(x.dims[i]);
  int64_t merged = 1;
  bool unknown = false;  // a -1 dim (known when a graph runs) makes the product unknown, unless one is 0
  for (int i = start; i <= stop; ++i) {
    if (x.dims[i] == -1) {
      unknown = true;
    } else {
      merged *= x.dims[i];
    }
  }
  if (unknown && merged != 0) merged = -1;
  dims.push_back(merged);
  for (int i = stop + 1; i < rank; ++i) dims.push_back(x.dims[i]);
  *out = Meta(x.dtype, DDim(dims));
}

void LogicalReduceInferMeta(const Meta& x, const IntArray& axis, bool keepdim, Meta* out) {
  *out = Meta(DataType::BOOL, ReducedDims(x.dims, axis, keepdim));
}

void PNormInferMeta(const Meta& x, float porder, const IntArray& axis, bool keepdim, Meta* out) {
  *out = Meta(ToReal(x.dtype), ReducedDims(x.dims, axis, keepdim));
}

void MatrixUnchangedInferMeta(const Meta& x, Meta* out) {
  PD_CHECK(x.dims.size() >= 2, InvalidArgument, "x must have at least 2 dims, but got shape ", x.dims.ToString());
  *out = Meta(x.dtype, x.dims);
}

void FlipInferMeta(const Meta& x, const std::vector<int64_t>& axis, Meta* out) {
  // A 0-D x has the one axis 0 (-1), as NormalizeAxis reads it: flipping it changes nothing.
  std::vector<bool> seen(std::max(x.dims.size(), 1), false);
  for (int64_t a : axis) {
    const int d = NormalizeAxis(a, x.dims.size());
    PD_CHECK(!seen[d], InvalidArgument, "axis ", a, " is given twice");
    seen[d] = true;
  }
  *out = Meta(x.dtype, x.dims);
}

void RollInferMeta(const Meta& x, const IntArray& shifts, const std::vector<int64_t>& axis, Meta* out) {
  PD_CHECK(axis.empty() ? shifts.size() == 1 : shifts.size() == axis.size(), InvalidArgument, "shifts (",
           shifts.size(), " values) must match axis (", axis.size(), " values; 1 shift when axis is empty)");
  for (int64_t a : axis) NormalizeAxis(a, x.dims.size());
  *out = Meta(x.dtype, x.dims);
}

void PreluInferMeta(const Meta& x, const Meta& alpha, const std::string& data_format, const std::string& mode,
                    Meta* out) {
  PD_CHECK(mode == "all" || mode == "channel" || mode == "element", InvalidArgument,
           "mode must be 'all', 'channel' or 'element', but got '", mode, "'");
  PD_CHECK(alpha.dtype == x.dtype, InvalidType, "alpha.dtype (", DataTypeName(alpha.dtype), ") must equal x.dtype (",
           DataTypeName(x.dtype), ")");
  *out = Meta(x.dtype, x.dims);
}

}  // namespace phi
