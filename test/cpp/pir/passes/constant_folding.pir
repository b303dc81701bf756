// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// A chain of constants (a loss gradient's seed) folds into one uniform
// pd_op.full; the constants it read die.
// RUN: constant_folding
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[8,8]} : () -> tensor<8x8xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[]} : () -> tensor<f32>
    (%2) = "pd_op.reshape" (%1) {shape:[1,1]} : (tensor<f32>) -> tensor<1x1xf32>
    (%3) = "pd_op.expand" (%2) {shape:[8,8]} : (tensor<1x1xf32>) -> tensor<8x8xf32>
    (%4) = "pd_op.full" () {dtype:float32,fill_value:64.0,place:Place(undefined:0),shape:[]} : () -> tensor<f32>
    (%5) = "pd_op.divide" (%3, %4) {} : (tensor<8x8xf32>, tensor<f32>) -> tensor<8x8xf32>
    (%6) = "pd_op.multiply" (%5, %0) {} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    () = "builtin.shadow_output" (%6) {output_name:"y"} : (tensor<8x8xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[8,8]} : () -> tensor<8x8xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:0.015625,place:Place(undefined:0),shape:[8,8]} : () -> tensor<8x8xf32>
    (%2) = "pd_op.multiply" (%1, %0) {} : (tensor<8x8xf32>, tensor<8x8xf32>) -> tensor<8x8xf32>
    () = "builtin.shadow_output" (%2) {output_name:"y"} : (tensor<8x8xf32>) ->
}

// -----
// A value that is not uniform stays without a scope to keep it in (the
// executor gives one); the reshape before it folds.
// RUN: constant_folding
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%2) = "pd_op.reshape" (%1) {shape:[-1]} : (tensor<4xf32>) -> tensor<4xf32>
    (%3) = "pd_op.cumsum" (%2) {axis:0,reverse:false} : (tensor<4xf32>) -> tensor<4xf32>
    (%4) = "pd_op.add" (%0, %3) {} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    () = "builtin.shadow_output" (%4) {output_name:"y"} : (tensor<4xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%2) = "pd_op.cumsum" (%1) {axis:0,reverse:false} : (tensor<4xf32>) -> tensor<4xf32>
    (%3) = "pd_op.add" (%0, %2) {} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    () = "builtin.shadow_output" (%3) {output_name:"y"} : (tensor<4xf32>) ->
}

// -----
// Random ops are not pure: they and what they feed stay.
// RUN: constant_folding
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.uniform" () {dtype:float32,max:1.0,min:-1.0,place:Place(undefined:0),seed:0,shape:[4]} : () -> tensor<4xf32>
    (%2) = "pd_op.exp" (%1) {} : (tensor<4xf32>) -> tensor<4xf32>
    (%3) = "pd_op.add" (%0, %2) {} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    () = "builtin.shadow_output" (%3) {output_name:"y"} : (tensor<4xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.uniform" () {dtype:float32,max:1.0,min:-1.0,place:Place(undefined:0),seed:0,shape:[4]} : () -> tensor<4xf32>
    (%2) = "pd_op.exp" (%1) {} : (tensor<4xf32>) -> tensor<4xf32>
    (%3) = "pd_op.add" (%0, %2) {} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    () = "builtin.shadow_output" (%3) {output_name:"y"} : (tensor<4xf32>) ->
}

// -----
// A constant that an in-place op writes is not constant: exp reads it
// (Note [Escaping values]).
// RUN: constant_folding
{
    (%0) = "pd_op.data" () {dtype:float32,name:"g",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:0.0,place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%2) = "pd_op.sgd_" (%1, %0) {learning_rate:0.1,regularization:"",regularization_coeff:0} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    (%3) = "pd_op.exp" (%1) {} : (tensor<4xf32>) -> tensor<4xf32>
    () = "builtin.shadow_output" (%3) {output_name:"y"} : (tensor<4xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"g",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:0.0,place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%2) = "pd_op.sgd_" (%1, %0) {learning_rate:0.1,regularization:"",regularization_coeff:0} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    (%3) = "pd_op.exp" (%1) {} : (tensor<4xf32>) -> tensor<4xf32>
    () = "builtin.shadow_output" (%3) {output_name:"y"} : (tensor<4xf32>) ->
}
