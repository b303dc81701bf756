// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// x @ w + b becomes one linear (either operand order of the add); a product
// something else reads, a transposed one, and a bias that is not a vector
// of w's columns stay.
// RUN: matmul_add_fusion
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,4]} : () -> tensor<-1x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[4,3]} : () -> tensor<4x3xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"b",place:Place(undefined:0),shape:[3]} : () -> tensor<3xf32>
    (%3) = "pd_op.matmul" (%0, %1) {transpose_x:false,transpose_y:false} : (tensor<-1x4xf32>, tensor<4x3xf32>) -> tensor<-1x3xf32>
    (%4) = "pd_op.add" (%2, %3) {} : (tensor<3xf32>, tensor<-1x3xf32>) -> tensor<-1x3xf32>
    (%5) = "pd_op.matmul" (%0, %1) {transpose_x:false,transpose_y:false} : (tensor<-1x4xf32>, tensor<4x3xf32>) -> tensor<-1x3xf32>
    (%6) = "pd_op.add" (%5, %2) {} : (tensor<-1x3xf32>, tensor<3xf32>) -> tensor<-1x3xf32>
    (%7) = "pd_op.tanh" (%5) {} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
    (%8) = "pd_op.add" (%4, %4) {} : (tensor<-1x3xf32>, tensor<-1x3xf32>) -> tensor<-1x3xf32>
    () = "builtin.shadow_output" (%6) {output_name:"a"} : (tensor<-1x3xf32>) ->
    () = "builtin.shadow_output" (%7) {output_name:"b"} : (tensor<-1x3xf32>) ->
    () = "builtin.shadow_output" (%8) {output_name:"c"} : (tensor<-1x3xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,4]} : () -> tensor<-1x4xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[4,3]} : () -> tensor<4x3xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"b",place:Place(undefined:0),shape:[3]} : () -> tensor<3xf32>
    (%3) = "pd_op.linear" (%0, %1, %2) {} : (tensor<-1x4xf32>, tensor<4x3xf32>, tensor<3xf32>) -> tensor<-1x3xf32>
    (%4) = "pd_op.matmul" (%0, %1) {transpose_x:false,transpose_y:false} : (tensor<-1x4xf32>, tensor<4x3xf32>) -> tensor<-1x3xf32>
    (%5) = "pd_op.add" (%4, %2) {} : (tensor<-1x3xf32>, tensor<3xf32>) -> tensor<-1x3xf32>
    (%6) = "pd_op.tanh" (%4) {} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
    (%7) = "pd_op.add" (%3, %3) {} : (tensor<-1x3xf32>, tensor<-1x3xf32>) -> tensor<-1x3xf32>
    () = "builtin.shadow_output" (%5) {output_name:"a"} : (tensor<-1x3xf32>) ->
    () = "builtin.shadow_output" (%6) {output_name:"b"} : (tensor<-1x3xf32>) ->
    () = "builtin.shadow_output" (%7) {output_name:"c"} : (tensor<-1x3xf32>) ->
}

// -----
// relu after the fused linear goes into the GEMM's epilogue too.
// RUN: matmul_add_fusion
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,3]} : () -> tensor<4x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[3,5]} : () -> tensor<3x5xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"b",place:Place(undefined:0),shape:[5]} : () -> tensor<5xf32>
    (%3) = "pd_op.matmul" (%0, %1) {transpose_x:false,transpose_y:false} : (tensor<4x3xf32>, tensor<3x5xf32>) -> tensor<4x5xf32>
    (%4) = "pd_op.add" (%3, %2) {} : (tensor<4x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
    (%5) = "pd_op.relu" (%4) {} : (tensor<4x5xf32>) -> tensor<4x5xf32>
    () = "builtin.shadow_output" (%5) {output_name:"y"} : (tensor<4x5xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[4,3]} : () -> tensor<4x3xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[3,5]} : () -> tensor<3x5xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"b",place:Place(undefined:0),shape:[5]} : () -> tensor<5xf32>
    (%3) = "pd_op.fused_gemm_epilogue" (%0, %1, %2) {activation:"relu"} : (tensor<4x3xf32>, tensor<3x5xf32>, tensor<5xf32>) -> tensor<4x5xf32>
    () = "builtin.shadow_output" (%3) {output_name:"y"} : (tensor<4x5xf32>) ->
}
