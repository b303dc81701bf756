// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// A chain shares two buffers: exp's result (%1) frees buffer 0 after tanh
// read it, not before (tanh writes buffer 1), and the second exp takes it.
// The last tanh is read by a view (reshape shares its memory) and the view
// by an output: neither is planned.
// RUN: kernel_selection,buffer_reuse
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.exp" (%0) {} : (tensor<4xf32>) -> tensor<4xf32>
    (%2) = "pd_op.tanh" (%1) {} : (tensor<4xf32>) -> tensor<4xf32>
    (%3) = "pd_op.exp" (%2) {} : (tensor<4xf32>) -> tensor<4xf32>
    (%4) = "pd_op.tanh" (%3) {} : (tensor<4xf32>) -> tensor<4xf32>
    (%5) = "pd_op.reshape" (%4) {shape:[2,2]} : (tensor<4xf32>) -> tensor<2x2xf32>
    () = "builtin.shadow_output" (%5) {output_name:"y"} : (tensor<2x2xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "exp(phi_kernel)" (%0) {buffers:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"exp",op_name:"pd_op.exp"} : (tensor<4xf32>) -> tensor<4xf32>
    (%2) = "tanh(phi_kernel)" (%1) {buffers:[1],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"tanh",op_name:"pd_op.tanh"} : (tensor<4xf32>) -> tensor<4xf32>
    (%3) = "exp(phi_kernel)" (%2) {buffers:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"exp",op_name:"pd_op.exp"} : (tensor<4xf32>) -> tensor<4xf32>
    (%4) = "tanh(phi_kernel)" (%3) {buffers:[-1],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"tanh",op_name:"pd_op.tanh"} : (tensor<4xf32>) -> tensor<4xf32>
    (%5) = "reshape(phi_kernel)" (%4) {kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"reshape",op_name:"pd_op.reshape",shape:[2,2]} : (tensor<4xf32>) -> tensor<2x2xf32>
    () = "builtin.shadow_output" (%5) {output_name:"y"} : (tensor<2x2xf32>) ->
}
