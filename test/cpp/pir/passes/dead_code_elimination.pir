// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// An unused chain goes whole; what is read stays.
// RUN: dead_code_elimination
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,4]} : () -> tensor<-1x4xf32>
    (%1) = "pd_op.exp" (%0) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%2) = "pd_op.add" (%0, %0) {} : (tensor<-1x4xf32>, tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%3) = "pd_op.tanh" (%2) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    (%4) = "pd_op.sin" (%3) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    () = "builtin.shadow_output" (%1) {output_name:"y"} : (tensor<-1x4xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,4]} : () -> tensor<-1x4xf32>
    (%1) = "pd_op.exp" (%0) {} : (tensor<-1x4xf32>) -> tensor<-1x4xf32>
    () = "builtin.shadow_output" (%1) {output_name:"y"} : (tensor<-1x4xf32>) ->
}

// -----
// Ops with effects stay unused: random (dropout), in-place (sgd_), inputs.
// RUN: dead_code_elimination
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"unused",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%2, %3) = "pd_op.dropout" (%0) {is_test:false,p:0.5,seed:0,upscale:true} : (tensor<4xf32>) -> tensor<4xf32>, tensor<4xf32>
    (%4) = "pd_op.sgd_" (%0, %0) {learning_rate:0.1,regularization:"",regularization_coeff:0} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
    (%5) = "pd_op.cos" (%4) {} : (tensor<4xf32>) -> tensor<4xf32>
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"unused",place:Place(undefined:0),shape:[4]} : () -> tensor<4xf32>
    (%2, %3) = "pd_op.dropout" (%0) {is_test:false,p:0.5,seed:0,upscale:true} : (tensor<4xf32>) -> tensor<4xf32>, tensor<4xf32>
    (%4) = "pd_op.sgd_" (%0, %0) {learning_rate:0.1,regularization:"",regularization_coeff:0} : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
}
