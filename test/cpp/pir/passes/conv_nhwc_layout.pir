// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// The fused convolutions and the max pool between them run in NHWC: the
// input is transposed once, the residual shares the pool's NHWC result,
// and one transpose back serves both readers of the last convolution.
// RUN: conv_nhwc_layout
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,3,8,8]} : () -> tensor<-1x3x8x8xf32>
    (%1) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<16x3x3x3xf32>
    (%2) = "builtin.parameter" () {parameter_name:"b"} : () -> tensor<16xf32>
    (%3) = "builtin.parameter" () {parameter_name:"v"} : () -> tensor<16x16x1x1xf32>
    (%4) = "pd_op.fused_conv2d" (%0, %1, %2) {activation:"relu",data_format:"NCHW",dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[1,1]} : (tensor<-1x3x8x8xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>) -> tensor<-1x16x8x8xf32>
    (%5, %6) = "pd_op.max_pool" (%4) {adaptive:false,ceil_mode:false,kernel_size:[2,2],paddings:[0,0,0,0],strides:[2,2]} : (tensor<-1x16x8x8xf32>) -> tensor<-1x16x4x4xf32>, tensor<-1x16x4x4xi64>
    (%7) = "pd_op.fused_conv2d_add" (%5, %3, %2, %5) {activation:"none",data_format:"NCHW",dilations:[1,1],groups:1,paddings:[0,0,0,0],strides:[1,1]} : (tensor<-1x16x4x4xf32>, tensor<16x16x1x1xf32>, tensor<16xf32>, tensor<-1x16x4x4xf32>) -> tensor<-1x16x4x4xf32>
    (%8) = "pd_op.exp" (%7) {} : (tensor<-1x16x4x4xf32>) -> tensor<-1x16x4x4xf32>
    (%9) = "pd_op.tanh" (%7) {} : (tensor<-1x16x4x4xf32>) -> tensor<-1x16x4x4xf32>
    () = "builtin.shadow_output" (%8) {output_name:"y"} : (tensor<-1x16x4x4xf32>) ->
    () = "builtin.shadow_output" (%9) {output_name:"z"} : (tensor<-1x16x4x4xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,3,8,8]} : () -> tensor<-1x3x8x8xf32>
    (%1) = "pd_op.transpose" (%0) {perm:[0,2,3,1]} : (tensor<-1x3x8x8xf32>) -> tensor<-1x8x8x3xf32>
    (%2) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<16x3x3x3xf32>
    (%3) = "builtin.parameter" () {parameter_name:"b"} : () -> tensor<16xf32>
    (%4) = "builtin.parameter" () {parameter_name:"v"} : () -> tensor<16x16x1x1xf32>
    (%5) = "pd_op.fused_conv2d" (%1, %2, %3) {activation:"relu",data_format:"NHWC",dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[1,1]} : (tensor<-1x8x8x3xf32>, tensor<16x3x3x3xf32>, tensor<16xf32>) -> tensor<-1x8x8x16xf32>
    (%6) = "pd_op.max_pool2d_nhwc" (%5) {ceil_mode:false,kernel_size:[2,2],paddings:[0,0,0,0],strides:[2,2]} : (tensor<-1x8x8x16xf32>) -> tensor<-1x4x4x16xf32>
    (%7) = "pd_op.fused_conv2d_add" (%6, %4, %3, %6) {activation:"none",data_format:"NHWC",dilations:[1,1],groups:1,paddings:[0,0,0,0],strides:[1,1]} : (tensor<-1x4x4x16xf32>, tensor<16x16x1x1xf32>, tensor<16xf32>, tensor<-1x4x4x16xf32>) -> tensor<-1x4x4x16xf32>
    (%8) = "pd_op.transpose" (%7) {perm:[0,3,1,2]} : (tensor<-1x4x4x16xf32>) -> tensor<-1x16x4x4xf32>
    (%9) = "pd_op.exp" (%8) {} : (tensor<-1x16x4x4xf32>) -> tensor<-1x16x4x4xf32>
    (%10) = "pd_op.tanh" (%8) {} : (tensor<-1x16x4x4xf32>) -> tensor<-1x16x4x4xf32>
    () = "builtin.shadow_output" (%9) {output_name:"y"} : (tensor<-1x16x4x4xf32>) ->
    () = "builtin.shadow_output" (%10) {output_name:"z"} : (tensor<-1x16x4x4xf32>) ->
}

// -----
// A max_pool whose indices are read stays NCHW: it reads the convolution's
// result transposed back.
// RUN: conv_nhwc_layout
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,16,4,4]} : () -> tensor<2x16x4x4xf32>
    (%1) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<16x16x1x1xf32>
    (%2) = "builtin.parameter" () {parameter_name:"b"} : () -> tensor<16xf32>
    (%3) = "pd_op.fused_conv2d" (%0, %1, %2) {activation:"none",data_format:"NCHW",dilations:[1,1],groups:1,paddings:[0,0,0,0],strides:[1,1]} : (tensor<2x16x4x4xf32>, tensor<16x16x1x1xf32>, tensor<16xf32>) -> tensor<2x16x4x4xf32>
    (%4, %5) = "pd_op.max_pool" (%3) {adaptive:false,ceil_mode:false,kernel_size:[2,2],paddings:[0,0,0,0],strides:[2,2]} : (tensor<2x16x4x4xf32>) -> tensor<2x16x2x2xf32>, tensor<2x16x2x2xi64>
    () = "builtin.shadow_output" (%4) {output_name:"y"} : (tensor<2x16x2x2xf32>) ->
    () = "builtin.shadow_output" (%5) {output_name:"i"} : (tensor<2x16x2x2xi64>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,16,4,4]} : () -> tensor<2x16x4x4xf32>
    (%1) = "pd_op.transpose" (%0) {perm:[0,2,3,1]} : (tensor<2x16x4x4xf32>) -> tensor<2x4x4x16xf32>
    (%2) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<16x16x1x1xf32>
    (%3) = "builtin.parameter" () {parameter_name:"b"} : () -> tensor<16xf32>
    (%4) = "pd_op.fused_conv2d" (%1, %2, %3) {activation:"none",data_format:"NHWC",dilations:[1,1],groups:1,paddings:[0,0,0,0],strides:[1,1]} : (tensor<2x4x4x16xf32>, tensor<16x16x1x1xf32>, tensor<16xf32>) -> tensor<2x4x4x16xf32>
    (%5) = "pd_op.transpose" (%4) {perm:[0,3,1,2]} : (tensor<2x4x4x16xf32>) -> tensor<2x16x4x4xf32>
    (%6, %7) = "pd_op.max_pool" (%5) {adaptive:false,ceil_mode:false,kernel_size:[2,2],paddings:[0,0,0,0],strides:[2,2]} : (tensor<2x16x4x4xf32>) -> tensor<2x16x2x2xf32>, tensor<2x16x2x2xi64>
    () = "builtin.shadow_output" (%6) {output_name:"y"} : (tensor<2x16x2x2xf32>) ->
    () = "builtin.shadow_output" (%7) {output_name:"i"} : (tensor<2x16x2x2xi64>) ->
}
