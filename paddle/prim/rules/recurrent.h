// Rules of the recurrent cells (Note [Fused LSTM cell] in the op YAML): the
// composite forms of lstm_cell and its gradient, for backends without the
// fused kernels and for graphs.
#pragma once

#include <tuple>
#include <vector>

#include "paddle/prim/rules/basics.h"

namespace paddle::prim {

namespace recurrent_detail {

// The gate pre-activations [batch, 4 * hidden] as (i, f, c, o).
template <TensorLike T>
std::vector<T> Gates(const T& gates) {
  const int64_t hidden = gates.dims()[1] / 4;
  return split(gates, {hidden, hidden, hidden, hidden}, 1);
}

}  // namespace recurrent_detail

// lstm_cell: (hidden, cell_out).
template <TensorLike T>
std::tuple<T, T> LstmCell(const T& gates, const T& cell) {
  const std::vector<T> g = recurrent_detail::Gates(gates);
  T cell_out = add(multiply(sigmoid(g[1]), cell), multiply(sigmoid(g[0]), tanh(g[2])));
  return {multiply(sigmoid(g[3]), tanh(cell_out)), cell_out};
}

// lstm_cell_grad: the gradients of the gate pre-activations and of the previous cell.
template <TensorLike T>
std::tuple<T, T> LstmCellGrads(const T& hidden_grad, const T& cell_out_grad, const T& gates, const T& cell,
                               const T& cell_out) {
  const std::vector<T> g = recurrent_detail::Gates(gates);
  const T one = ScalarLike(1, cell);
  const T i = sigmoid(g[0]), f = sigmoid(g[1]), c = tanh(g[2]), o = sigmoid(g[3]);
  const T squashed = tanh(cell_out);
  // everything that reaches cell_out: its own gradient and, through hidden, o * tanh'(cell_out)
  const T total = add(cell_out_grad, multiply(multiply(hidden_grad, o), subtract(one, multiply(squashed, squashed))));
  const T di = multiply(multiply(total, c), multiply(i, subtract(one, i)));
  const T df = multiply(multiply(total, cell), multiply(f, subtract(one, f)));
  const T dc = multiply(multiply(total, i), subtract(one, multiply(c, c)));
  const T dout = multiply(multiply(hidden_grad, squashed), multiply(o, subtract(one, o)));
  return {concat(std::vector<T>{di, df, dc, dout}, 1), multiply(total, f)};
}

// gru_cell: the next hidden state.
template <TensorLike T>
T GruCell(const T& x_proj, const T& h_proj, const T& pre_hidden) {
  const int64_t hidden = pre_hidden.dims()[1];
  const std::vector<T> x = split(x_proj, {hidden, hidden, hidden}, 1);
  const std::vector<T> h = split(h_proj, {hidden, hidden, hidden}, 1);
  const T r = sigmoid(add(x[0], h[0])), z = sigmoid(add(x[1], h[1]));
  const T c = tanh(add(x[2], multiply(r, h[2])));
  return add(multiply(subtract(pre_hidden, c), z), c);
}

// gru_cell_grad: the gradients of both projections and of the previous hidden state.
template <TensorLike T>
std::tuple<T, T, T> GruCellGrads(const T& grad, const T& x_proj, const T& h_proj, const T& pre_hidden) {
  const int64_t hidden = pre_hidden.dims()[1];
  const std::vector<T> x = split(x_proj, {hidden, hidden, hidden}, 1);
  const std::vector<T> h = split(h_proj, {hidden, hidden, hidden}, 1);
  const T one = ScalarLike(1, pre_hidden);
  const T r = sigmoid(add(x[0], h[0])), z = sigmoid(add(x[1], h[1]));
  const T c = tanh(add(x[2], multiply(r, h[2])));
  const T dz = multiply(multiply(grad, subtract(pre_hidden, c)), multiply(z, subtract(one, z)));
  const T dc = multiply(multiply(grad, subtract(one, z)), subtract(one, multiply(c, c)));
  const T dr = multiply(multiply(dc, h[2]), multiply(r, subtract(one, r)));
  return {concat(std::vector<T>{dr, dz, dc}, 1), concat(std::vector<T>{dr, dz, multiply(dc, r)}, 1),
          multiply(grad, z)};
}

}  // namespace paddle::prim
