// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// Equal pure ops merge, and what read the merged one merges next; other
// operand orders and other attributes do not.
// RUN: common_subexpression_elimination
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.add" (%0, %1) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%3) = "pd_op.add" (%0, %1) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.add" (%1, %0) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.exp" (%2) {} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%6) = "pd_op.exp" (%3) {} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%7) = "pd_op.sum" (%5) {axis:[1],dtype:Undefined,keepdim:false} : (tensor<2x3xf32>) -> tensor<2xf32>
    (%8) = "pd_op.sum" (%6) {axis:[1],dtype:Undefined,keepdim:true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
    () = "builtin.shadow_output" (%4) {output_name:"a"} : (tensor<2x3xf32>) ->
    () = "builtin.shadow_output" (%7) {output_name:"b"} : (tensor<2xf32>) ->
    () = "builtin.shadow_output" (%8) {output_name:"c"} : (tensor<2x1xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[2,3]} : () -> tensor<2x3xf32>
    (%2) = "pd_op.add" (%0, %1) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%3) = "pd_op.add" (%1, %0) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%4) = "pd_op.exp" (%2) {} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%5) = "pd_op.sum" (%4) {axis:[1],dtype:Undefined,keepdim:false} : (tensor<2x3xf32>) -> tensor<2xf32>
    (%6) = "pd_op.sum" (%4) {axis:[1],dtype:Undefined,keepdim:true} : (tensor<2x3xf32>) -> tensor<2x1xf32>
    () = "builtin.shadow_output" (%3) {output_name:"a"} : (tensor<2x3xf32>) ->
    () = "builtin.shadow_output" (%5) {output_name:"b"} : (tensor<2xf32>) ->
    () = "builtin.shadow_output" (%6) {output_name:"c"} : (tensor<2x1xf32>) ->
}

// -----
// Random ops never merge: two dropouts draw two masks.
// RUN: common_subexpression_elimination
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1, %2) = "pd_op.dropout" (%0) {is_test:false,p:0.5,seed:0,upscale:true} : (tensor<4xf32>) -> tensor<4xf32>, tensor<4xf32>
    (%3, %4) = "pd_op.dropout" (%0) {is_test:false,p:0.5,seed:0,upscale:true} : (tensor<4xf32>) -> tensor<4xf32>, tensor<4xf32>
    (%5) = "pd_op.add" (%1, %3) {} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1, %2) = "pd_op.dropout" (%0) {is_test:false,p:0.5,seed:0,upscale:true} : (tensor<4xf32>) -> tensor<4xf32>, tensor<4xf32>
    (%3, %4) = "pd_op.dropout" (%0) {is_test:false,p:0.5,seed:0,upscale:true} : (tensor<4xf32>) -> tensor<4xf32>, tensor<4xf32>
    (%5) = "pd_op.add" (%1, %3) {} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
}

// -----
// Two equal constants the scope keeps stay two tensors: a later in-place
// update of one must not reach the other (Note [Escaping values]).
// RUN: common_subexpression_elimination
{
    (%0) = "pd_op.full" () {dtype:float32,fill_value:0.0,place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:0.0,place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    () = "builtin.set_parameter" (%0) {parameter_name:"m1"} : (tensor<4xf32>) ->
    () = "builtin.set_parameter" (%1) {parameter_name:"m2"} : (tensor<4xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.full" () {dtype:float32,fill_value:0.0,place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.full" () {dtype:float32,fill_value:0.0,place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    () = "builtin.set_parameter" (%0) {parameter_name:"m1"} : (tensor<4xf32>) ->
    () = "builtin.set_parameter" (%1) {parameter_name:"m2"} : (tensor<4xf32>) ->
}
