// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// Ops with a kernel for their key become phi_kernel ops named by their
// kernel; expand_as has no kernel (it runs as its decomposition) and stays.
// RUN: kernel_selection
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[3,3]} : () -> tensor<3x3xf32>
    (%2) = "pd_op.matmul" (%0, %1) {transpose_x:false,transpose_y:false} : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
    (%3) = "pd_op.full" () {dtype:float32,fill_value:0.0,place:Place(undefined:0),shape:[4,2,3]} : () -> tensor<4x2x3xf32>
    (%4) = "pd_op.expand_as" (%2, %3) {} : (tensor<2x3xf32>, tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
    () = "builtin.shadow_output" (%4) {output_name:"y"} : (tensor<4x2x3xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[3,3]} : () -> tensor<3x3xf32>
    (%2) = "matmul(phi_kernel)" (%0, %1) {kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"matmul",op_name:"pd_op.matmul",transpose_x:false,transpose_y:false} : (tensor<2x3xf32>, tensor<3x3xf32>) -> tensor<2x3xf32>
    (%3) = "full(phi_kernel)" () {dtype:float32,fill_value:0.0,kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"full",op_name:"pd_op.full",place:Place(undefined:0),shape:[4,2,3]} : () -> tensor<4x2x3xf32>
    (%4) = "pd_op.expand_as" (%2, %3) {} : (tensor<2x3xf32>, tensor<4x2x3xf32>) -> tensor<4x2x3xf32>
    () = "builtin.shadow_output" (%4) {output_name:"y"} : (tensor<4x2x3xf32>) ->
}
