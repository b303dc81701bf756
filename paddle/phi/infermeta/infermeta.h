// Infer-meta functions: the output's dims and dtype from the inputs' metas
// and the attributes, with the op's argument checks. One function per op
// family, shared by the eager API and (later) the static graph and compiler.
// They receive the op's args in YAML order, tensors as metas.
#pragma once

#include <string>
#include <vector>

#include "paddle/phi/core/dense_tensor.h"
#include "paddle/phi/core/scalar.h"
#include "paddle/phi/core/shape_rules.h"

namespace phi {

using Meta = DenseTensorMeta;

// ---- unary (unary.cc)
void UnchangedInferMeta(const Meta& x, Meta* out);
// x's meta, for ops defined on floating-point tensors only.
void FloatingUnchangedInferMeta(const Meta& x, Meta* out);
// x's meta, for x with at least 2 dims (tril, triu).
void MatrixUnchangedInferMeta(const Meta& x, Meta* out);
void FlipInferMeta(const Meta& x, const std::vector<int64_t>& axis, Meta* out);
void RollInferMeta(const Meta& x, const IntArray& shifts, const std::vector<int64_t>& axis, Meta* out);
void PreluInferMeta(const Meta& x, const Meta& alpha, const std::string& data_format, const std::string& mode,
                    Meta* out);
void RealInferMeta(const Meta& x, Meta* out);
// shape64: the dims of x as an int64 vector of x's rank.
void ShapeInferMeta(const Meta& x, Meta* out);
void LogicalNotInferMeta(const Meta& x, Meta* out);
void CastInferMeta(const Meta& x, DataType dtype, Meta* out);
// softmax / log_softmax: floating x, axis in range; out like x.
void SoftmaxInferMeta(const Meta& x, int64_t axis, Meta* out);
// softmax_cross_entropy: floating logits; int64 label of logits' dims with the axis dim 1;
// loss like label, lse too (float32 but for float64).
void SoftmaxCrossEntropyInferMeta(const Meta& logits, const Meta& label, int64_t ignore_index, int64_t axis,
                                  Meta* loss, Meta* lse);
void SoftmaxCrossEntropyGradInferMeta(const Meta& logits, const Meta& label, const Meta& lse, const Meta& loss_grad,
                                      int64_t ignore_index, int64_t axis, Meta* logits_grad);
// softmax_grad: out_grad like forward_out; x_grad like both.
void SoftmaxGradInferMeta(const Meta& forward_out, const Meta& out_grad, int64_t axis, bool log, Meta* x_grad);
void SumInferMeta(const Meta& x, const IntArray& axis, DataType dtype, bool keepdim, Meta* out);
void ReduceInferMeta(const Meta& x, const IntArray& axis, bool keepdim, Meta* out);
void ReshapeInferMeta(const Meta& x, const IntArray& shape, Meta* out);
void TransposeInferMeta(const Meta& x, const std::vector<int64_t>& perm, Meta* out);
void SqueezeInferMeta(const Meta& x, const IntArray& axis, Meta* out);
void UnsqueezeInferMeta(const Meta& x, const IntArray& axis, Meta* out);
// as_strided: shape, with every position offset + sum(i[d] * stride[d]) within x's elements.
void AsStridedInferMeta(const Meta& x, const std::vector<int64_t>& shape, const std::vector<int64_t>& stride,
                        int64_t offset, Meta* out);
// as_real: complex [...] -> real [..., 2]; as_complex the inverse.
void AsRealInferMeta(const Meta& x, Meta* out);
void AsComplexInferMeta(const Meta& x, Meta* out);
// complex: real and imag of one float dtype, broadcast together.
void ComplexInferMeta(const Meta& real, const Meta& imag, Meta* out);
void BroadcastViewInferMeta(const Meta& x, const IntArray& shape, Meta* out);
// x broadcast to shape, where -1 keeps x's dim.
void ExpandInferMeta(const Meta& x, const IntArray& shape, Meta* out);
void ExpandAsInferMeta(const Meta& x, const Meta& y, Meta* out);
void FlattenInferMeta(const Meta& x, int64_t start_axis, int64_t stop_axis, Meta* out);
// A reduction to bool (any, all).
void LogicalReduceInferMeta(const Meta& x, const IntArray& axis, bool keepdim, Meta* out);
// A reduction to the real dtype of x (p_norm).
void PNormInferMeta(const Meta& x, float porder, const IntArray& axis, bool keepdim, Meta* out);
void IndexSelectInferMeta(const Meta& x, const Meta& index, int64_t axis, Meta* out);
// The rows of weight [num_embeddings, dim] at the ids x: x's dims + [dim].
void EmbeddingInferMeta(const Meta& x, const Meta& weight, int64_t padding_idx, Meta* out);
// float32 [x's dims..., num_classes].
void OneHotInferMeta(const Meta& x, int64_t num_classes, Meta* out);
void CheckLabelsInferMeta(const Meta& label, Meta* out);
// split: pieces of x along axis; sections are sizes >= 0 that add up to x.dims[axis].
void SplitInferMeta(const Meta& x, const std::vector<int64_t>& sections, int64_t axis, std::vector<Meta>* out);
void SliceInferMeta(const Meta& input, const std::vector<int64_t>& axes, const IntArray& starts,
                    const IntArray& ends, Meta* out);

// unfold / fold (conv.cc): strides, dilations [h, w]; paddings [top, left, bottom, right].
void UnfoldInferMeta(const Meta& x, const std::vector<int64_t>& kernel_sizes,
                     const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                     const std::vector<int64_t>& dilations, Meta* out);
void FoldInferMeta(const Meta& x, const std::vector<int64_t>& output_sizes,
                   const std::vector<int64_t>& kernel_sizes, const std::vector<int64_t>& strides,
                   const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, Meta* out);
// conv2d and its gradients: x NCHW, weight [OC, C/groups, kh, kw];
// paddings [top, left, bottom, right]; the gradients take the shape of the
// input (or filter) they produce.
void ConvInferMeta(const Meta& x, const Meta& weight, const std::vector<int64_t>& strides,
                   const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups,
                   Meta* out);
// The predictor's oneDNN ops: x, residual and out NCHW or NHWC
// (data_format), bias [OC], activation "none" or "relu".
void FusedConvInferMeta(const Meta& x, const Meta& weight, const Meta& bias, const std::vector<int64_t>& strides,
                        const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups,
                        const std::string& activation, const std::string& data_format, Meta* out);
void FusedConvAddInferMeta(const Meta& x, const Meta& weight, const Meta& bias, const Meta& residual,
                           const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                           const std::vector<int64_t>& dilations, int64_t groups, const std::string& activation,
                           const std::string& data_format, Meta* out);
void MaxPoolNhwcInferMeta(const Meta& x, const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& strides,
                          const std::vector<int64_t>& paddings, bool ceil_mode, Meta* out);
void ConvInputGradInferMeta(const Meta& out_grad, const Meta& weight, const IntArray& input_shape,
                            const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                            const std::vector<int64_t>& dilations, int64_t groups, Meta* x_grad);
// conv2d's transpose: x [N, C, H, W], weight [C, OC/groups, kh, kw], to [N, OC, output_size...].
void Conv2dTransposeInferMeta(const Meta& x, const Meta& weight, const IntArray& output_size,
                              const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                              const std::vector<int64_t>& dilations, int64_t groups, Meta* out);
// x NCDHW, weight [OC, C/groups, kd, kh, kw], paddings [d, h, w] on both sides.
void Conv3dInferMeta(const Meta& x, const Meta& weight, const std::vector<int64_t>& strides,
                     const std::vector<int64_t>& paddings, const std::vector<int64_t>& dilations, int64_t groups,
                     Meta* out);
void ConvFilterGradInferMeta(const Meta& x, const Meta& out_grad, const IntArray& filter_shape,
                             const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings,
                             const std::vector<int64_t>& dilations, int64_t groups, Meta* w_grad);

// ---- losses (loss.cc): input and label of one shape, floating input
void LossInferMeta(const Meta& input, const Meta& label, Meta* out);
// The reduced loss is 0-D unless reduction is "none".
void KlDivInferMeta(const Meta& x, const Meta& label, const std::string& reduction, Meta* out);
void HuberLossInferMeta(const Meta& input, const Meta& label, double delta, Meta* out, Meta* residual);
// input [N, C, ...], label [N, ...], weight [C].
void NllLossInferMeta(const Meta& input, const Meta& label, const Meta& weight, int64_t ignore_index,
                      const std::string& reduction, Meta* out, Meta* total_weight);

// ---- binary (binary.cc)
void ElementwiseInferMeta(const Meta& x, const Meta& y, Meta* out);
void CompareInferMeta(const Meta& x, const Meta& y, Meta* out);
void IsCloseInferMeta(const Meta& x, const Meta& y, const Scalar& rtol, const Scalar& atol, Meta* out);
void WhereInferMeta(const Meta& condition, const Meta& x, const Meta& y, Meta* out);
void MatmulInferMeta(const Meta& x, const Meta& y, bool transpose_x, bool transpose_y, Meta* out);
void SparseDenseMatmulInferMeta(const Meta& row, const Meta& col, const Meta& values, const Meta& y, int64_t rows,
                                Meta* out);
// linear: x [..., in], weight [in, out], bias [out] of one dtype; out [..., out].
void LinearInferMeta(const Meta& x, const Meta& weight, const Meta& bias, Meta* out);

// ---- no tensor input (nullary.cc)
void CreateInferMeta(const IntArray& shape, const Scalar& fill_value, DataType dtype, Meta* out);
void FullIntArrayInferMeta(const std::vector<int64_t>& value, DataType dtype, Meta* out);
void ArangeInferMeta(const Scalar& start, const Scalar& end, const Scalar& step, DataType dtype,
                     Meta* out);
// assign_value: one value per element of shape.
void AssignValueInferMeta(const IntArray& shape, DataType dtype, const std::vector<double>& values, Meta* out);

// ---- random ops (random.cc)
void RandomInferMeta(const IntArray& shape, DataType dtype, Meta* out);
void RandintInferMeta(int64_t low, int64_t high, const IntArray& shape, DataType dtype, Meta* out);
// dropout: out like x; mask like x, holding 0 or the kept elements' scale.
void DropoutInferMeta(const Meta& x, const Scalar& p, int64_t seed, Meta* out, Meta* mask);
void PoissonInferMeta(const Meta& x, Meta* out);

// ---- pooling (pool.cc); paddings are [before, after] per spatial dim; for
// adaptive pooling kernel_size is the output size.
void MaxPoolInferMeta(const Meta& x, const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& strides,
                      const std::vector<int64_t>& paddings, bool ceil_mode, bool adaptive, Meta* out,
                      Meta* indices);
// max_pool_grad: out_grad and int64 indices alike; x_grad [N, C, input spatial dims].
void MaxPoolGradInferMeta(const Meta& out_grad, const Meta& indices, const IntArray& input_shape, Meta* x_grad);
void AvgPoolInferMeta(const Meta& x, const std::vector<int64_t>& kernel_size, const std::vector<int64_t>& strides,
                      const std::vector<int64_t>& paddings, bool ceil_mode, bool exclusive, bool adaptive, Meta* out);
void AvgPoolGradInferMeta(const Meta& out_grad, const Meta& x, const std::vector<int64_t>& kernel_size,
                          const std::vector<int64_t>& strides, const std::vector<int64_t>& paddings, bool ceil_mode,
                          bool exclusive, bool adaptive, Meta* x_grad);

// affine_grid: theta [N, k, k+1] (k = 2, 3) with output_shape [N, C, spatial...] gives [N, spatial..., k].
void AffineGridInferMeta(const Meta& input, const IntArray& output_shape, bool align_corners, Meta* output);
// grid_sample: x [N, C, spatial...] at grid [N, out spatial..., k] gives [N, C, out spatial...].
void GridSampleInferMeta(const Meta& x, const Meta& grid, const std::string& mode, const std::string& padding_mode,
                         bool align_corners, Meta* out);
// The *_interp ops: x resized along its spatial dims (phi/core/interp_geometry.h).
void InterpInferMeta(const Meta& x, const std::string& data_format, int out_d, int out_h, int out_w,
                     const std::vector<double>& scale, const std::string& interp_method, bool align_corners,
                     int align_mode, Meta* output);

// ---- gathers and scatters (index.cc); indices may be negative (from the end)
// take_along_axis: indices has arr's rank, no larger than arr off the axis; out shaped like indices.
void TakeAlongAxisInferMeta(const Meta& arr, const Meta& indices, int64_t axis, Meta* out);
// put_along_axis: values shaped like indices; reduce is "assign" or "add"; out like arr.
void PutAlongAxisInferMeta(const Meta& arr, const Meta& indices, const Meta& values, int64_t axis,
                           const std::string& reduce, Meta* out);
// gather_nd: out = index.shape[:-1] + x.shape[index.shape[-1]:].
void GatherNdInferMeta(const Meta& x, const Meta& index, Meta* out);
// put_nd: updates shaped as gather_nd's output; out like x.
void PutNdInferMeta(const Meta& x, const Meta& index, const Meta& updates, bool accumulate, Meta* out);
// nonzero: [count, rank] int64; the kernel sets the count.
void NonzeroInferMeta(const Meta& x, Meta* out);
void NmsInferMeta(const Meta& x, float threshold, Meta* out);
// masked_select: x and a bool mask that broadcast together; out is 1-D of x's dtype, its length
// (-1 here) set by mask's values.
void MaskedSelectInferMeta(const Meta& x, const Meta& mask, Meta* out);
// bincount: [length] of weights' dtype; the kernel sets the length.
void BincountInferMeta(const Meta& x, const Meta& weights, const Scalar& minlength, Meta* out);
// histogram: weight shaped like input; [bins] of weight's dtype (float32 for density).
void HistogramInferMeta(const Meta& input, const Meta& weight, int64_t bins, float min, float max, bool density,
                        Meta* out);

// ---- along one axis (sort.cc)
void ArgsortInferMeta(const Meta& x, int64_t axis, bool descending, bool stable, Meta* out, Meta* indices);
// topk: 0 <= k <= x.shape[axis]; out and indices have k along axis.
void TopkInferMeta(const Meta& x, int64_t k, int64_t axis, bool largest, bool sorted, Meta* out, Meta* indices);
// argmax/argmin: flatten reduces all of x; dtype is int32 or int64.
void ArgExtremeInferMeta(const Meta& x, int64_t axis, bool keepdim, bool flatten, DataType dtype, Meta* out);
void CumsumInferMeta(const Meta& x, int64_t axis, bool reverse, Meta* out);
void LinearScanInferMeta(const Meta& a, const Meta& b, int64_t axis, bool reverse, Meta* out);
void LogcumsumexpInferMeta(const Meta& x, int64_t axis, bool reverse, Meta* out);
void CumArgExtremeInferMeta(const Meta& x, int64_t axis, bool largest, Meta* out);
// cummax / cummin: the running extreme and its position (int32 or int64).
void CumExtremeInferMeta(const Meta& x, int axis, DataType dtype, Meta* out, Meta* indices);
// kthvalue / mode: a value and its position per slice along axis.
void KthvalueInferMeta(const Meta& x, int64_t k, int axis, bool keepdim, Meta* out, Meta* indices);
// median / nanmedian: out like x reduced over axis (all when empty); medians int64, with a last dim of 2
// (the middle pair) for mode avg.
// unique (of the flattened x; axis must be empty): out like x, 1-D of a value-dependent length (-1);
// indices and counts too, in dtype; inverse [numel] in dtype; each empty ([0]) unless asked for.
void UniqueInferMeta(const Meta& x, bool return_index, bool return_inverse, bool return_counts,
                     const std::vector<int64_t>& axis, DataType dtype, bool is_sorted, Meta* out, Meta* indices,
                     Meta* inverse, Meta* counts);
void MedianInferMeta(const Meta& x, const IntArray& axis, bool keepdim, const std::string& mode, Meta* out,
                     Meta* medians);
void ModeInferMeta(const Meta& x, int axis, bool keepdim, Meta* out, Meta* indices);

// ---- normalization (norm.cc)
// layer_norm: weight and bias shaped like x.shape[begin_norm_axis:]; mean and
// rstd keep x's leading dims and have size 1 in the normalized ones.
void LayerNormInferMeta(const Meta& x, const Meta& scale, const Meta& bias, float epsilon, int64_t begin_norm_axis,
                        Meta* out, Meta* mean, Meta* rstd);
// rms_norm: as layer_norm, without bias and mean.
void RmsNormInferMeta(const Meta& x, const Meta& scale, float epsilon, int64_t begin_norm_axis, Meta* out,
                      Meta* rstd);

// ---- linear algebra over the last two dims (linalg.cc); float32/float64
void LinalgSolveInferMeta(const Meta& x, const Meta& y, Meta* out);
void LogAbsDetInferMeta(const Meta& x, Meta* logabsdet, Meta* sign);
// slogdet: [2, ...batch], sign then log|det|.
void SlogdetInferMeta(const Meta& x, Meta* out);
// diagonal: the other dims, then the diagonal's length.
void DiagonalInferMeta(const Meta& x, int offset, int axis1, int axis2, Meta* out);
// diag: a 2-D x's diagonal, or a square matrix with a 0-D/1-D x on a diagonal.
void DiagInferMeta(const Meta& x, int offset, float padding_value, Meta* out);
void EyeInferMeta(const Scalar& num_rows, const Scalar& num_columns, DataType dtype, Meta* out);
// x's meta, for square matrices [..., n, n] (inverse, matrix_power).
void SquareMatrixInferMeta(const Meta& x, Meta* out);
// The determinants of square matrices: [...].
void DetInferMeta(const Meta& x, Meta* out);
// 1-D or 2-D x and y of one shape: [] or [rows].
void DotInferMeta(const Meta& x, const Meta& y, Meta* out);
// axis 9: the first of size 3.
void CrossInferMeta(const Meta& x, const Meta& y, int64_t axis, Meta* out);
// input broadcast against x @ y, x and y 2-D (addmm) or 3-D (baddbmm).
void AddmmInferMeta(const Meta& input, const Meta& x, const Meta& y, Meta* out);
void BaddbmmInferMeta(const Meta& input, const Meta& x, const Meta& y, Meta* out);
void CholeskyInferMeta(const Meta& x, bool upper, Meta* out);
void EighInferMeta(const Meta& x, const std::string& uplo, Meta* eigenvalues, Meta* eigenvectors);
void EigInferMeta(const Meta& x, Meta* eigenvalues, Meta* eigenvectors);
void EigvalsInferMeta(const Meta& x, Meta* eigenvalues);
void SvdInferMeta(const Meta& x, bool full_matrices, Meta* u, Meta* s, Meta* vh);
// qr: mode "reduced" (Q [m, k], R [k, n]), "complete" (Q [m, m], R [m, n]) or "r" (Q empty).
void QrInferMeta(const Meta& x, const std::string& mode, Meta* q, Meta* r);

// ---- discrete Fourier transforms (fft.cc): axes unique and in range, each
// transformed length >= 1; c2c complex -> complex, r2c real -> complex (the
// last axis halved to n / 2 + 1 when onesided), c2r the inverse of that.
void FftC2CInferMeta(const Meta& x, const std::vector<int64_t>& axes, const std::string& normalization, bool forward,
                     Meta* out);
void FftR2CInferMeta(const Meta& x, const std::vector<int64_t>& axes, const std::string& normalization, bool forward,
                     bool onesided, Meta* out);
void FftC2RInferMeta(const Meta& x, const std::vector<int64_t>& axes, const std::string& normalization, bool forward,
                     int64_t last_dim_size, Meta* out);

// ---- attention (attention.cc): q [B, Sq, H, D], k [B, Sk, H, D], v [B, Sk, H, Dv];
// out [B, Sq, H, Dv] and lse [B, H, Sq] (each query row's log-sum-exp of scores; float32 but for float64).
void AttentionInferMeta(const Meta& q, const Meta& k, const Meta& v, bool causal, double scale, Meta* out, Meta* lse);
// flash_attention_grad: out, lse and out_grad as flash_attention made them; the gradients like q, k, v.
void AttentionGradInferMeta(const Meta& q, const Meta& k, const Meta& v, const Meta& out, const Meta& lse,
                            const Meta& out_grad, bool causal, double scale, Meta* q_grad, Meta* k_grad,
                            Meta* v_grad);

// batch_norm_train: x [N, C, ...]; weight, bias, mean and rstd [C].
// Paddle's batch_norm: the running statistics' outputs keep their dtype.
void BatchNormInferMeta(const Meta& x, const Meta& mean, const Meta& variance, const Meta& scale, const Meta& bias,
                        bool is_test, double momentum, double epsilon, const std::string& data_format,
                        bool use_global_stats, bool trainable_statistics, Meta* out, Meta* mean_out,
                        Meta* variance_out, Meta* saved_mean, Meta* saved_variance);
// group_norm: y like x; mean and variance [N, groups].
void GroupNormInferMeta(const Meta& x, const Meta& scale, const Meta& bias, float epsilon, int groups,
                        const std::string& data_format, Meta* y, Meta* mean, Meta* variance);
// instance_norm: y like x [N, C, ...]; saved_mean and saved_variance [N * C].
void InstanceNormInferMeta(const Meta& x, const Meta& scale, const Meta& bias, float epsilon, Meta* y,
                           Meta* saved_mean, Meta* saved_variance);
void BatchNormTrainInferMeta(const Meta& x, const Meta& scale, const Meta& bias, float epsilon, Meta* out, Meta* mean,
                             Meta* rstd);

// layer_norm_grad: out_grad like x; scale one row's numel, mean and rstd one value per row.
void LayerNormGradInferMeta(const Meta& out_grad, const Meta& x, const Meta& scale, const Meta& mean,
                            const Meta& rstd, int64_t begin_norm_axis, Meta* x_grad, Meta* scale_grad,
                            Meta* bias_grad);
void BatchNormGradInferMeta(const Meta& out_grad, const Meta& x, const Meta& scale, const Meta& mean,
                            const Meta& rstd, Meta* x_grad, Meta* scale_grad, Meta* bias_grad);
void GruCellInferMeta(const Meta& x_proj, const Meta& h_proj, const Meta& pre_hidden, Meta* hidden);
void GruCellGradInferMeta(const Meta& hidden_grad, const Meta& x_proj, const Meta& h_proj, const Meta& pre_hidden,
                          Meta* x_proj_grad, Meta* h_proj_grad, Meta* pre_hidden_grad);
void LstmCellInferMeta(const Meta& gates, const Meta& cell, Meta* hidden, Meta* cell_out);
void LstmCellGradInferMeta(const Meta& hidden_grad, const Meta& cell_out_grad, const Meta& gates, const Meta& cell,
                           const Meta& cell_out, Meta* gates_grad, Meta* cell_grad);
void RmsNormGradInferMeta(const Meta& out_grad, const Meta& x, const Meta& scale, const Meta& rstd,
                          int64_t begin_norm_axis, Meta* x_grad, Meta* scale_grad);

// ---- optimizer updates (optimizer.cc): grad and 0-3 states like param;
// each output is its input (the ops update in place).
void ScheduledAdamInferMeta(const Meta& param, const Meta& grad, const Meta& learning_rate, const Meta& moment1,
                            const Meta& moment2, const Meta& moment2_max, const Meta& beta1_pow,
                            const Meta& beta2_pow, Meta* param_out, Meta* moment1_out, Meta* moment2_out,
                            Meta* moment2_max_out, Meta* beta1_pow_out, Meta* beta2_pow_out);
void OptimizerInferMeta(const Meta& param, const Meta& grad, Meta* param_out);
void OptimizerInferMeta(const Meta& param, const Meta& grad, const Meta& s1, Meta* param_out, Meta* s1_out);
void OptimizerInferMeta(const Meta& param, const Meta& grad, const Meta& s1, const Meta& s2, Meta* param_out,
                        Meta* s1_out, Meta* s2_out);
void OptimizerInferMeta(const Meta& param, const Meta& grad, const Meta& s1, const Meta& s2, const Meta& s3,
                        Meta* param_out, Meta* s1_out, Meta* s2_out, Meta* s3_out);

// ---- several inputs (multiary.cc)
void ConcatInferMeta(const std::vector<const Meta*>& x, int64_t axis, Meta* out);
void StackInferMeta(const std::vector<const Meta*>& x, int64_t axis, Meta* out);
// x + weight (y - x): the three broadcast and promoted together.
void LerpInferMeta(const Meta& x, const Meta& y, const Meta& weight, Meta* out);

}  // namespace phi
