// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// A conv2d's bias add and relu go into one fused_conv2d (the [1, C, 1, 1]
// bias as a vector); the second conv's bias (the add's first operand) too,
// then the residual add of the input and the relu into fused_conv2d_add.
// RUN: conv_add_act_fusion
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,16,4,4]} : () -> tensor<-1x16x4x4xf32>
    (%1) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<16x16x3x3xf32>
    (%2) = "builtin.parameter" () {parameter_name:"c"} : () -> tensor<1x16x1x1xf32>
    (%3) = "pd_op.conv2d" (%0, %1) {dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[1,1]} : (tensor<-1x16x4x4xf32>, tensor<16x16x3x3xf32>) -> tensor<-1x16x4x4xf32>
    (%4) = "pd_op.add" (%3, %2) {} : (tensor<-1x16x4x4xf32>, tensor<1x16x1x1xf32>) -> tensor<-1x16x4x4xf32>
    (%5) = "pd_op.relu" (%4) {} : (tensor<-1x16x4x4xf32>) -> tensor<-1x16x4x4xf32>
    (%6) = "pd_op.conv2d" (%5, %1) {dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[1,1]} : (tensor<-1x16x4x4xf32>, tensor<16x16x3x3xf32>) -> tensor<-1x16x4x4xf32>
    (%7) = "pd_op.add" (%2, %6) {} : (tensor<1x16x1x1xf32>, tensor<-1x16x4x4xf32>) -> tensor<-1x16x4x4xf32>
    (%8) = "pd_op.add" (%0, %7) {} : (tensor<-1x16x4x4xf32>, tensor<-1x16x4x4xf32>) -> tensor<-1x16x4x4xf32>
    (%9) = "pd_op.relu" (%8) {} : (tensor<-1x16x4x4xf32>) -> tensor<-1x16x4x4xf32>
    () = "builtin.shadow_output" (%9) {output_name:"y"} : (tensor<-1x16x4x4xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,16,4,4]} : () -> tensor<-1x16x4x4xf32>
    (%1) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<16x16x3x3xf32>
    (%2) = "builtin.parameter" () {parameter_name:"c"} : () -> tensor<1x16x1x1xf32>
    (%3) = "pd_op.reshape" (%2) {shape:[16]} : (tensor<1x16x1x1xf32>) -> tensor<16xf32>
    (%4) = "pd_op.fused_conv2d" (%0, %1, %3) {activation:"relu",data_format:"NCHW",dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[1,1]} : (tensor<-1x16x4x4xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>) -> tensor<-1x16x4x4xf32>
    (%5) = "pd_op.reshape" (%2) {shape:[16]} : (tensor<1x16x1x1xf32>) -> tensor<16xf32>
    (%6) = "pd_op.fused_conv2d_add" (%4, %1, %5, %0) {activation:"relu",data_format:"NCHW",dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[1,1]} : (tensor<-1x16x4x4xf32>, tensor<16x16x3x3xf32>, tensor<16xf32>, tensor<-1x16x4x4xf32>) -> tensor<-1x16x4x4xf32>
    () = "builtin.shadow_output" (%6) {output_name:"y"} : (tensor<-1x16x4x4xf32>) ->
}

// -----
// Nothing fuses where the conv's result is read elsewhere too (the raw
// output is fetched) or the added tensor is not a [1, C, 1, 1] channel bias.
// RUN: conv_add_act_fusion
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,4,4]} : () -> tensor<2x3x4x4xf32>
    (%1) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<4x3x1x1xf32>
    (%2) = "builtin.parameter" () {parameter_name:"c"} : () -> tensor<1x4x1x1xf32>
    (%3) = "builtin.parameter" () {parameter_name:"d"} : () -> tensor<4x1x1xf32>
    (%4) = "pd_op.conv2d" (%0, %1) {dilations:[1,1],groups:1,paddings:[0,0,0,0],strides:[1,1]} : (tensor<2x3x4x4xf32>, tensor<4x3x1x1xf32>) -> tensor<2x4x4x4xf32>
    (%5) = "pd_op.add" (%4, %2) {} : (tensor<2x4x4x4xf32>, tensor<1x4x1x1xf32>) -> tensor<2x4x4x4xf32>
    (%6) = "pd_op.conv2d" (%0, %1) {dilations:[1,1],groups:1,paddings:[0,0,0,0],strides:[1,1]} : (tensor<2x3x4x4xf32>, tensor<4x3x1x1xf32>) -> tensor<2x4x4x4xf32>
    (%7) = "pd_op.add" (%6, %3) {} : (tensor<2x4x4x4xf32>, tensor<4x1x1xf32>) -> tensor<2x4x4x4xf32>
    () = "builtin.shadow_output" (%4) {output_name:"raw"} : (tensor<2x4x4x4xf32>) ->
    () = "builtin.shadow_output" (%5) {output_name:"y"} : (tensor<2x4x4x4xf32>) ->
    () = "builtin.shadow_output" (%7) {output_name:"z"} : (tensor<2x4x4x4xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3,4,4]} : () -> tensor<2x3x4x4xf32>
    (%1) = "builtin.parameter" () {parameter_name:"w"} : () -> tensor<4x3x1x1xf32>
    (%2) = "builtin.parameter" () {parameter_name:"c"} : () -> tensor<1x4x1x1xf32>
    (%3) = "builtin.parameter" () {parameter_name:"d"} : () -> tensor<4x1x1xf32>
    (%4) = "pd_op.conv2d" (%0, %1) {dilations:[1,1],groups:1,paddings:[0,0,0,0],strides:[1,1]} : (tensor<2x3x4x4xf32>, tensor<4x3x1x1xf32>) -> tensor<2x4x4x4xf32>
    (%5) = "pd_op.add" (%4, %2) {} : (tensor<2x4x4x4xf32>, tensor<1x4x1x1xf32>) -> tensor<2x4x4x4xf32>
    (%6) = "pd_op.conv2d" (%0, %1) {dilations:[1,1],groups:1,paddings:[0,0,0,0],strides:[1,1]} : (tensor<2x3x4x4xf32>, tensor<4x3x1x1xf32>) -> tensor<2x4x4x4xf32>
    (%7) = "pd_op.add" (%6, %3) {} : (tensor<2x4x4x4xf32>, tensor<4x1x1xf32>) -> tensor<2x4x4x4xf32>
    () = "builtin.shadow_output" (%4) {output_name:"raw"} : (tensor<2x4x4x4xf32>) ->
    () = "builtin.shadow_output" (%5) {output_name:"y"} : (tensor<2x4x4x4xf32>) ->
    () = "builtin.shadow_output" (%7) {output_name:"z"} : (tensor<2x4x4x4xf32>) ->
}
