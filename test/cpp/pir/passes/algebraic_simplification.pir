// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// x * 1 and x - 0 are x; the constants die with their users.
// RUN: algebraic_simplification
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,8]} : () -> tensor<-1x8xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[1]} : () -> tensor<1xf32>
    (%2) = "pd_op.multiply" (%0, %1) {} : (tensor<-1x8xf32>, tensor<1xf32>) -> tensor<-1x8xf32>
    (%3) = "pd_op.full" () {dtype:float32,fill_value:0.0,place:Place(undefined:0),shape:[8]} : () -> tensor<8xf32>
    (%4) = "pd_op.subtract" (%2, %3) {} : (tensor<-1x8xf32>, tensor<8xf32>) -> tensor<-1x8xf32>
    (%5) = "pd_op.relu" (%4) {} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
    () = "builtin.shadow_output" (%5) {output_name:"y"} : (tensor<-1x8xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,8]} : () -> tensor<-1x8xf32>
    (%1) = "pd_op.relu" (%0) {} : (tensor<-1x8xf32>) -> tensor<-1x8xf32>
    () = "builtin.shadow_output" (%1) {output_name:"y"} : (tensor<-1x8xf32>) ->
}

// -----
// Float x + 0 stays (-0.0 + 0.0 is +0.0), and so does a broadcast x * 1.
// RUN: algebraic_simplification
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[8]} : () -> tensor<8xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:0.0,place:Place(undefined:0),shape:[1]} : () -> tensor<1xf32>
    (%2) = "pd_op.add" (%0, %1) {} : (tensor<8xf32>, tensor<1xf32>) -> tensor<8xf32>
    (%3) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[2,8]} : () -> tensor<2x8xf32>
    (%4) = "pd_op.multiply" (%2, %3) {} : (tensor<8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    () = "builtin.shadow_output" (%4) {output_name:"y"} : (tensor<2x8xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[8]} : () -> tensor<8xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:0.0,place:Place(undefined:0),shape:[1]} : () -> tensor<1xf32>
    (%2) = "pd_op.add" (%0, %1) {} : (tensor<8xf32>, tensor<1xf32>) -> tensor<8xf32>
    (%3) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[2,8]} : () -> tensor<2x8xf32>
    (%4) = "pd_op.multiply" (%2, %3) {} : (tensor<8xf32>, tensor<2x8xf32>) -> tensor<2x8xf32>
    () = "builtin.shadow_output" (%4) {output_name:"y"} : (tensor<2x8xf32>) ->
}

// -----
// Two transposes compose into one; a reshape of a reshape reads x; casts to
// the own dtype and double negations vanish.
// RUN: algebraic_simplification
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,4]} : () -> tensor<2x3x4xf32>
    (%1) = "pd_op.transpose" (%0) {perm:[1,0,2]} : (tensor<2x3x4xf32>) -> tensor<3x2x4xf32>
    (%2) = "pd_op.transpose" (%1) {perm:[0,2,1]} : (tensor<3x2x4xf32>) -> tensor<3x4x2xf32>
    (%3) = "pd_op.reshape" (%0) {shape:[6,4]} : (tensor<2x3x4xf32>) -> tensor<6x4xf32>
    (%4) = "pd_op.reshape" (%3) {shape:[-1]} : (tensor<6x4xf32>) -> tensor<24xf32>
    (%5) = "pd_op.cast" (%4) {dtype:float32} : (tensor<24xf32>) -> tensor<24xf32>
    (%6) = "pd_op.neg" (%5) {} : (tensor<24xf32>) -> tensor<24xf32>
    (%7) = "pd_op.neg" (%6) {} : (tensor<24xf32>) -> tensor<24xf32>
    () = "builtin.shadow_output" (%2) {output_name:"t"} : (tensor<3x4x2xf32>) ->
    () = "builtin.shadow_output" (%7) {output_name:"r"} : (tensor<24xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,4]} : () -> tensor<2x3x4xf32>
    (%1) = "pd_op.transpose" (%0) {perm:[1,2,0]} : (tensor<2x3x4xf32>) -> tensor<3x4x2xf32>
    (%2) = "pd_op.reshape" (%0) {shape:[-1]} : (tensor<2x3x4xf32>) -> tensor<24xf32>
    () = "builtin.shadow_output" (%1) {output_name:"t"} : (tensor<3x4x2xf32>) ->
    () = "builtin.shadow_output" (%2) {output_name:"r"} : (tensor<24xf32>) ->
}

// -----
// The passes together: CSE merges the two constants, the simplification
// drops x * 1, and DCE the rest.
// RUN: common_subexpression_elimination,algebraic_simplification,dead_code_elimination
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[1]} : () -> tensor<1xf32>
    (%2) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[1]} : () -> tensor<1xf32>
    (%3) = "pd_op.multiply" (%0, %1) {} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
    (%4) = "pd_op.add" (%3, %2) {} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
    () = "builtin.shadow_output" (%4) {output_name:"y"} : (tensor<4xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[1]} : () -> tensor<1xf32>
    (%2) = "pd_op.add" (%0, %1) {} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
    () = "builtin.shadow_output" (%2) {output_name:"y"} : (tensor<4xf32>) ->
}

// -----
// reshape(sum(keepdim)) that drops the kept dim is the sum without it; a
// 0-D seed expanded to a 0-D value is the seed.
// RUN: algebraic_simplification
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[8,4]} : () -> tensor<8x4xf32>
    (%1) = "pd_op.sum" (%0) {axis:[0],dtype:Undefined,keepdim:true} : (tensor<8x4xf32>) -> tensor<1x4xf32>
    (%2) = "pd_op.reshape" (%1) {shape:[4]} : (tensor<1x4xf32>) -> tensor<4xf32>
    (%3) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[]} : () -> tensor<f32>
    (%4) = "pd_op.mean" (%0) {axis:[],keepdim:false} : (tensor<8x4xf32>) -> tensor<f32>
    (%5) = "pd_op.expand_as" (%3, %4) {} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    () = "builtin.shadow_output" (%2) {output_name:"s"} : (tensor<4xf32>) ->
    () = "builtin.shadow_output" (%5) {output_name:"e"} : (tensor<f32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[8,4]} : () -> tensor<8x4xf32>
    (%1) = "pd_op.sum" (%0) {axis:[0],dtype:Undefined,keepdim:false} : (tensor<8x4xf32>) -> tensor<4xf32>
    (%2) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[]} : () -> tensor<f32>
    () = "builtin.shadow_output" (%1) {output_name:"s"} : (tensor<4xf32>) ->
    () = "builtin.shadow_output" (%2) {output_name:"e"} : (tensor<f32>) ->
}

// -----
// x * 1 stays where x is a parameter an in-place update writes: the
// product must not become the updated tensor (Note [Escaping values]).
// RUN: algebraic_simplification
{
    (%0) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[1]} : () -> tensor<1xf32>
    (%2) = "pd_op.multiply" (%0, %1) {} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
    (%3) = "pd_op.data" () {dtype:float32,name:"g",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%4) = "pd_op.sgd_" (%0, %3) {learning_rate:0.1,regularization:"",regularization_coeff:0} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    () = "builtin.shadow_output" (%2) {output_name:"y"} : (tensor<4xf32>) ->
}
// CHECK:
{
    (%0) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:1.0,place:Place(undefined:0),shape:[1]} : () -> tensor<1xf32>
    (%2) = "pd_op.multiply" (%0, %1) {} : (tensor<4xf32>, tensor<1xf32>) -> tensor<4xf32>
    (%3) = "pd_op.data" () {dtype:float32,name:"g",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%4) = "pd_op.sgd_" (%0, %3) {learning_rate:0.1,regularization:"",regularization_coeff:0} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    () = "builtin.shadow_output" (%2) {output_name:"y"} : (tensor<4xf32>) ->
}
