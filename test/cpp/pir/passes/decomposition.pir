// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).

// A composite becomes its decomposition (square is x * x); an op whose
// shapes hold a -1 stays whole, since decompositions read dims as numbers.
// RUN: decomposition
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.square" (%0) {} : (tensor<2x3xf32>) -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[-1,3]} : () -> tensor<-1x3xf32>
    (%3) = "pd_op.square" (%2) {} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
    () = "builtin.shadow_output" (%1) {output_name:"a"} : (tensor<2x3xf32>) ->
    () = "builtin.shadow_output" (%3) {output_name:"b"} : (tensor<-1x3xf32>) ->
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[2,3]} : () -> tensor<2x3xf32>
    (%1) = "pd_op.multiply" (%0, %0) {} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
    (%2) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[-1,3]} : () -> tensor<-1x3xf32>
    (%3) = "pd_op.square" (%2) {} : (tensor<-1x3xf32>) -> tensor<-1x3xf32>
    () = "builtin.shadow_output" (%1) {output_name:"a"} : (tensor<2x3xf32>) ->
    () = "builtin.shadow_output" (%3) {output_name:"b"} : (tensor<-1x3xf32>) ->
}
