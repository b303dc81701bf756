// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// An inference batch_norm after a conv2d goes into the conv: the weight
// times gain = scale * rsqrt(variance + epsilon) per output channel, plus
// bias - mean * gain; the unfolded conv and batch_norm die.
// RUN: conv_bn_fold
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,2,4,4]} : () -> tensor<1x2x4x4xf32>
    (%1) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<3x2x3x3xf32>
    (%2) = "pd_op.conv2d" (%0, %1) {dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[1,1]} : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32>
    (%3) = "builtin.parameter" () {parameter_name:"m"} : () -> tensor<3xf32>
    (%4) = "builtin.parameter" () {parameter_name:"v"} : () -> tensor<3xf32>
    (%5) = "builtin.parameter" () {parameter_name:"s"} : () -> tensor<3xf32>
    (%6) = "builtin.parameter" () {parameter_name:"b"} : () -> tensor<3xf32>
    (%7) = "pd_op.reshape" (%3) {shape:[3]} : (tensor<3xf32>) -> tensor<3xf32>
    (%8) = "pd_op.reshape" (%4) {shape:[3]} : (tensor<3xf32>) -> tensor<3xf32>
    (%9, %10, %11, %12, %13) = "pd_op.batch_norm" (%2, %7, %8, %5, %6) {data_format:"NCHW",epsilon:1e-05,is_test:true,momentum:0.9,trainable_statistics:false,use_global_stats:true} : (tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
    () = "builtin.shadow_output" (%9) {output_name:"z"} : (tensor<1x3x4x4xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[1,2,4,4]} : () -> tensor<1x2x4x4xf32>
    (%1) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<3x2x3x3xf32>
    (%2) = "builtin.parameter" () {parameter_name:"m"} : () -> tensor<3xf32>
    (%3) = "builtin.parameter" () {parameter_name:"v"} : () -> tensor<3xf32>
    (%4) = "builtin.parameter" () {parameter_name:"s"} : () -> tensor<3xf32>
    (%5) = "builtin.parameter" () {parameter_name:"b"} : () -> tensor<3xf32>
    (%6) = "pd_op.reshape" (%2) {shape:[3]} : (tensor<3xf32>) -> tensor<3xf32>
    (%7) = "pd_op.reshape" (%3) {shape:[3]} : (tensor<3xf32>) -> tensor<3xf32>
    (%8) = "pd_op.full" () {dtype:float32,fill_value:1e-05,place:Place(undefined:0),shape:[]} : () -> tensor<f32>
    (%9) = "pd_op.add" (%7, %8) {} : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
    (%10) = "pd_op.rsqrt" (%9) {} : (tensor<3xf32>) -> tensor<3xf32>
    (%11) = "pd_op.multiply" (%4, %10) {} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    (%12) = "pd_op.multiply" (%6, %11) {} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    (%13) = "pd_op.subtract" (%5, %12) {} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    (%14) = "pd_op.reshape" (%11) {shape:[3,1,1,1]} : (tensor<3xf32>) -> tensor<3x1x1x1xf32>
    (%15) = "pd_op.multiply" (%1, %14) {} : (tensor<3x2x3x3xf32>, tensor<3x1x1x1xf32>) -> tensor<3x2x3x3xf32>
    (%16) = "pd_op.conv2d" (%0, %15) {dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[1,1]} : (tensor<1x2x4x4xf32>, tensor<3x2x3x3xf32>) -> tensor<1x3x4x4xf32>
    (%17) = "pd_op.reshape" (%13) {shape:[1,3,1,1]} : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    (%18) = "pd_op.add" (%16, %17) {} : (tensor<1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x4x4xf32>
    () = "builtin.shadow_output" (%18) {output_name:"z"} : (tensor<1x3x4x4xf32>) ->
}

// -----
// nn.Conv2D's own bias (an add of a [1, C, 1, 1] tensor) between the conv
// and the batch_norm joins the shift: bias - mean * gain + c * gain.
// RUN: conv_bn_fold
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,2,4,4]} : () -> tensor<-1x2x4x4xf32>
    (%1) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<3x2x3x3xf32>
    (%2) = "pd_op.conv2d" (%0, %1) {dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[1,1]} : (tensor<-1x2x4x4xf32>, tensor<3x2x3x3xf32>) -> tensor<-1x3x4x4xf32>
    (%3) = "builtin.parameter" () {parameter_name:"c"} : () -> tensor<3xf32>
    (%4) = "pd_op.reshape" (%3) {shape:[1,3,1,1]} : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    (%5) = "pd_op.add" (%2, %4) {} : (tensor<-1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<-1x3x4x4xf32>
    (%6) = "builtin.parameter" () {parameter_name:"m"} : () -> tensor<3xf32>
    (%7) = "builtin.parameter" () {parameter_name:"v"} : () -> tensor<3xf32>
    (%8) = "builtin.parameter" () {parameter_name:"s"} : () -> tensor<3xf32>
    (%9) = "builtin.parameter" () {parameter_name:"b"} : () -> tensor<3xf32>
    (%10, %11, %12, %13, %14) = "pd_op.batch_norm" (%5, %6, %7, %8, %9) {data_format:"NCHW",epsilon:1e-05,is_test:true,momentum:0.9,trainable_statistics:false,use_global_stats:true} : (tensor<-1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) -> tensor<-1x3x4x4xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
    () = "builtin.shadow_output" (%10) {output_name:"z"} : (tensor<-1x3x4x4xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,2,4,4]} : () -> tensor<-1x2x4x4xf32>
    (%1) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<3x2x3x3xf32>
    (%2) = "builtin.parameter" () {parameter_name:"c"} : () -> tensor<3xf32>
    (%3) = "pd_op.reshape" (%2) {shape:[1,3,1,1]} : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    (%4) = "builtin.parameter" () {parameter_name:"m"} : () -> tensor<3xf32>
    (%5) = "builtin.parameter" () {parameter_name:"v"} : () -> tensor<3xf32>
    (%6) = "builtin.parameter" () {parameter_name:"s"} : () -> tensor<3xf32>
    (%7) = "builtin.parameter" () {parameter_name:"b"} : () -> tensor<3xf32>
    (%8) = "pd_op.full" () {dtype:float32,fill_value:1e-05,place:Place(undefined:0),shape:[]} : () -> tensor<f32>
    (%9) = "pd_op.add" (%5, %8) {} : (tensor<3xf32>, tensor<f32>) -> tensor<3xf32>
    (%10) = "pd_op.rsqrt" (%9) {} : (tensor<3xf32>) -> tensor<3xf32>
    (%11) = "pd_op.multiply" (%6, %10) {} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    (%12) = "pd_op.multiply" (%4, %11) {} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    (%13) = "pd_op.subtract" (%7, %12) {} : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
    (%14) = "pd_op.reshape" (%11) {shape:[3,1,1,1]} : (tensor<3xf32>) -> tensor<3x1x1x1xf32>
    (%15) = "pd_op.multiply" (%1, %14) {} : (tensor<3x2x3x3xf32>, tensor<3x1x1x1xf32>) -> tensor<3x2x3x3xf32>
    (%16) = "pd_op.conv2d" (%0, %15) {dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[1,1]} : (tensor<-1x2x4x4xf32>, tensor<3x2x3x3xf32>) -> tensor<-1x3x4x4xf32>
    (%17) = "pd_op.reshape" (%13) {shape:[1,3,1,1]} : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    (%18) = "pd_op.reshape" (%11) {shape:[1,3,1,1]} : (tensor<3xf32>) -> tensor<1x3x1x1xf32>
    (%19) = "pd_op.multiply" (%3, %18) {} : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    (%20) = "pd_op.add" (%17, %19) {} : (tensor<1x3x1x1xf32>, tensor<1x3x1x1xf32>) -> tensor<1x3x1x1xf32>
    (%21) = "pd_op.add" (%16, %20) {} : (tensor<-1x3x4x4xf32>, tensor<1x3x1x1xf32>) -> tensor<-1x3x4x4xf32>
    () = "builtin.shadow_output" (%21) {output_name:"z"} : (tensor<-1x3x4x4xf32>) -> 
}
