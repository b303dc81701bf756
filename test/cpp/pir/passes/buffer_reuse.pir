// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// A chain of ops that are not pointwise shares two buffers: softmax's
// result (%1) frees buffer 0 after cumsum read it, not before (cumsum writes
// buffer 1), and the second softmax takes it. The last cumsum is read by a
// view (reshape shares its memory) and the view by an output: neither is
// planned.
// RUN: kernel_selection,buffer_reuse
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.softmax" (%0) {axis:-1} : (tensor<4xf32>) -> tensor<4xf32>
    (%2) = "pd_op.cumsum" (%1) {axis:0,exclusive:false,flatten:false,reverse:false} : (tensor<4xf32>) -> tensor<4xf32>
    (%3) = "pd_op.softmax" (%2) {axis:-1} : (tensor<4xf32>) -> tensor<4xf32>
    (%4) = "pd_op.cumsum" (%3) {axis:0,exclusive:false,flatten:false,reverse:false} : (tensor<4xf32>) -> tensor<4xf32>
    (%5) = "pd_op.reshape" (%4) {shape:[2,2]} : (tensor<4xf32>) -> tensor<2x2xf32>
    () = "builtin.shadow_output" (%5) {output_name:"y"} : (tensor<2x2xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "softmax(phi_kernel)" (%0) {axis:-1,buffers:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"softmax",op_name:"pd_op.softmax"} : (tensor<4xf32>) -> tensor<4xf32>
    (%2) = "cumsum(phi_kernel)" (%1) {axis:0,buffers:[1],exclusive:false,flatten:false,kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"cumsum",op_name:"pd_op.cumsum",reverse:false} : (tensor<4xf32>) -> tensor<4xf32>
    (%3) = "softmax(phi_kernel)" (%2) {axis:-1,buffers:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"softmax",op_name:"pd_op.softmax"} : (tensor<4xf32>) -> tensor<4xf32>
    (%4) = "cumsum(phi_kernel)" (%3) {axis:0,buffers:[-1],exclusive:false,flatten:false,kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"cumsum",op_name:"pd_op.cumsum",reverse:false} : (tensor<4xf32>) -> tensor<4xf32>
    (%5) = "reshape(phi_kernel)" (%4) {kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"reshape",op_name:"pd_op.reshape",shape:[2,2]} : (tensor<4xf32>) -> tensor<2x2xf32>
    () = "builtin.shadow_output" (%5) {output_name:"y"} : (tensor<2x2xf32>) ->
}

// -----
// Note [In-place]: tanh cannot write over exp's result, which add reads
// later; add writes over tanh's (operand 0); multiply reads %3 twice, so it
// takes the buffer add freed instead; a cast to a dtype of the same size
// writes over its operand, one to a wider dtype cannot.
// RUN: kernel_selection,buffer_reuse
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.exp" (%0) {} : (tensor<4xf32>) -> tensor<4xf32>
    (%2) = "pd_op.tanh" (%1) {} : (tensor<4xf32>) -> tensor<4xf32>
    (%3) = "pd_op.add" (%2, %1) {} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    (%4) = "pd_op.multiply" (%3, %3) {} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    (%5) = "pd_op.cast" (%4) {dtype:int32} : (tensor<4xf32>) -> tensor<4xi32>
    (%6) = "pd_op.cast" (%5) {dtype:float64} : (tensor<4xi32>) -> tensor<4xf64>
    (%7) = "pd_op.sum" (%6) {axis:[],dtype:Undefined,keepdim:false} : (tensor<4xf64>) -> tensor<f64>
    () = "builtin.shadow_output" (%7) {output_name:"y"} : (tensor<f64>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "exp(phi_kernel)" (%0) {buffers:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"exp",op_name:"pd_op.exp"} : (tensor<4xf32>) -> tensor<4xf32>
    (%2) = "tanh(phi_kernel)" (%1) {buffers:[1],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"tanh",op_name:"pd_op.tanh"} : (tensor<4xf32>) -> tensor<4xf32>
    (%3) = "add(phi_kernel)" (%2, %1) {buffers:[1],inplace_operands:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"add",op_name:"pd_op.add"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    (%4) = "multiply(phi_kernel)" (%3, %3) {buffers:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"multiply",op_name:"pd_op.multiply"} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    (%5) = "cast(phi_kernel)" (%4) {buffers:[0],dtype:int32,inplace_operands:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"cast",op_name:"pd_op.cast"} : (tensor<4xf32>) -> tensor<4xi32>
    (%6) = "cast(phi_kernel)" (%5) {buffers:[2],dtype:float64,kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:int32>,kernel_name:"cast",op_name:"pd_op.cast"} : (tensor<4xi32>) -> tensor<4xf64>
    (%7) = "sum(phi_kernel)" (%6) {axis:[],buffers:[-1],dtype:Undefined,keepdim:false,kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float64>,kernel_name:"sum",op_name:"pd_op.sum"} : (tensor<4xf64>) -> tensor<f64>
    () = "builtin.shadow_output" (%7) {output_name:"y"} : (tensor<f64>) ->
}

// -----
// Sizes the run decides (Note [Symbolic shapes]): exp's [S0, 4] buffer goes
// to softmax (same symbolic size) and later to the softmax of the [4, S0]
// transpose (the same bytes), never to exp of y ([S1, 4]: its own buffer);
// add writes over tanh's result as with static shapes.
// RUN: kernel_selection,buffer_reuse
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,4]} : () -> tensor<-1x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[-1,4]} : () -> tensor<-1x4xf32>
    (%2) = "pd_op.exp" (%0) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%3) = "pd_op.tanh" (%2) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%4) = "pd_op.add" (%3, %2) {} : (tensor<-1x4xf32>, tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%5) = "pd_op.softmax" (%4) {axis:-1} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%6) = "pd_op.exp" (%1) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%7) = "pd_op.softmax" (%5) {axis:-1} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%8) = "pd_op.transpose" (%7) {perm:[1,0]} : (tensor<-1x4xf32>) -> tensor<4x-1xf32>
    (%9) = "pd_op.softmax" (%8) {axis:-1} : (tensor<4x-1xf32>) -> tensor<4x-1xf32>
    (%10) = "pd_op.sum" (%9) {axis:[],dtype:Undefined,keepdim:false} : (tensor<4x-1xf32>) -> tensor<f32>
    (%11) = "pd_op.sum" (%6) {axis:[],dtype:Undefined,keepdim:false} : (tensor<-1x4xf32>) -> tensor<f32>
    (%12) = "pd_op.add" (%10, %11) {} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    () = "builtin.shadow_output" (%12) {output_name:"y"} : (tensor<f32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,4]} : () -> tensor<-1x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[-1,4]} : () -> tensor<-1x4xf32>
    (%2) = "exp(phi_kernel)" (%0) {buffers:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"exp",op_name:"pd_op.exp"} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%3) = "tanh(phi_kernel)" (%2) {buffers:[1],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"tanh",op_name:"pd_op.tanh"} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%4) = "add(phi_kernel)" (%3, %2) {buffers:[1],inplace_operands:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"add",op_name:"pd_op.add"} : (tensor<-1x4xf32>, tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%5) = "softmax(phi_kernel)" (%4) {axis:-1,buffers:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"softmax",op_name:"pd_op.softmax"} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%6) = "exp(phi_kernel)" (%1) {buffers:[2],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"exp",op_name:"pd_op.exp"} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%7) = "softmax(phi_kernel)" (%5) {axis:-1,buffers:[-1],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"softmax",op_name:"pd_op.softmax"} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%8) = "transpose(phi_kernel)" (%7) {kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"transpose",op_name:"pd_op.transpose",perm:[1,0]} : (tensor<-1x4xf32>) -> tensor<4x-1xf32>
    (%9) = "softmax(phi_kernel)" (%8) {axis:-1,buffers:[0],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"softmax",op_name:"pd_op.softmax"} : (tensor<4x-1xf32>) -> tensor<4x-1xf32>
    (%10) = "sum(phi_kernel)" (%9) {axis:[],buffers:[3],dtype:Undefined,keepdim:false,kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"sum",op_name:"pd_op.sum"} : (tensor<4x-1xf32>) -> tensor<f32>
    (%11) = "sum(phi_kernel)" (%6) {axis:[],buffers:[4],dtype:Undefined,keepdim:false,kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"sum",op_name:"pd_op.sum"} : (tensor<-1x4xf32>) -> tensor<f32>
    (%12) = "add(phi_kernel)" (%10, %11) {buffers:[-1],kernel_key:<backend:CPU|layout:Undefined(AnyLayout)|dtype:float32>,kernel_name:"add",op_name:"pd_op.add"} : (tensor<f32>, tensor<f32>) -> tensor<f32>
    () = "builtin.shadow_output" (%12) {output_name:"y"} : (tensor<f32>) -> 
}
