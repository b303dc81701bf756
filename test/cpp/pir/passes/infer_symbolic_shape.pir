// Cases split by "// -----"; each runs the passes of its RUN line on the
// input program and expects the program after CHECK (test/cpp/pir/pass_text_test.cc).
// Note [Symbolic shapes]: each op's first result's symbolic shape.

// The data's unknown dims are symbols; a stride-2 convolution with padding 1
// and a 3-wide window gives floor((H + 2 - 3) / 2) + 1 = Div(Add(S1, 1), 2),
// and flatten multiplies the dims it merges.
// RUN: infer_symbolic_shape
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,3,-1,-1]} : () -> tensor<-1x3x-1x-1xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[4,3,3,3]} : () -> tensor<4x3x3x3xf32>
    (%2) = "pd_op.conv2d" (%0, %1) {dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[2,2]} : (tensor<-1x3x-1x-1xf32>, tensor<4x3x3x3xf32>) -> tensor<-1x4x-1x-1xf32>
    (%3) = "pd_op.flatten" (%2) {start_axis:1,stop_axis:-1} : (tensor<-1x4x-1x-1xf32>) -> tensor<-1x-1xf32>
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,3,-1,-1],sym_shape_str:"shape[S0, 3, S1, S2], data[NULL]"} : () -> tensor<-1x3x-1x-1xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"w",place:Place(undefined:0),shape:[4,3,3,3],sym_shape_str:"shape[4, 3, 3, 3], data[NULL]"} : () -> tensor<4x3x3x3xf32>
    (%2) = "pd_op.conv2d" (%0, %1) {dilations:[1,1],groups:1,paddings:[1,1,1,1],strides:[2,2],sym_shape_str:"shape[S0, 4, Div(Add(S1, 1), 2), Div(Add(S2, 1), 2)], data[NULL]"} : (tensor<-1x3x-1x-1xf32>, tensor<4x3x3x3xf32>) -> tensor<-1x4x-1x-1xf32>
    (%3) = "pd_op.flatten" (%2) {start_axis:1,stop_axis:-1,sym_shape_str:"shape[S0, Mul(Div(Add(S1, 1), 2), Div(Add(S2, 1), 2), 4)], data[NULL]"} : (tensor<-1x4x-1x-1xf32>) -> tensor<-1x-1xf32>
}

// -----
// Concatenation adds dims, a reshape with -1 divides the elements it keeps;
// add's operands must agree (or be 1), so its dim is their Broadcast; the
// length masked_select's values decide is a new symbol, which exp keeps.
// RUN: infer_symbolic_shape
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,8]} : () -> tensor<-1x8xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[-1,8]} : () -> tensor<-1x8xf32>
    (%2) = "builtin.combine" (%0, %1) {} : (tensor<-1x8xf32>, tensor<-1x8xf32>) -> vec[tensor<-1x8xf32>,tensor<-1x8xf32>]
    (%3) = "pd_op.concat" (%2) {axis:0} : (vec[tensor<-1x8xf32>,tensor<-1x8xf32>]) -> tensor<-1x8xf32>
    (%4) = "pd_op.reshape" (%3) {shape:[-1,4]} : (tensor<-1x8xf32>) -> tensor<-1x4xf32>
    (%5) = "pd_op.add" (%0, %1) {} : (tensor<-1x8xf32>, tensor<-1x8xf32>) -> tensor<-1x8xf32>
    (%6) = "pd_op.full" () {dtype:float32,fill_value:0,place:Place(undefined:0),shape:[]} : () -> tensor<f32>
    (%7) = "pd_op.greater_than" (%0, %6) {} : (tensor<-1x8xf32>, tensor<f32>) -> tensor<-1x8xb>
    (%8) = "pd_op.masked_select" (%0, %7) {} : (tensor<-1x8xf32>, tensor<-1x8xb>) -> tensor<-1xf32>
    (%9) = "pd_op.exp" (%8) {} : (tensor<-1xf32>) -> tensor<-1xf32>
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,8],sym_shape_str:"shape[S0, 8], data[NULL]"} : () -> tensor<-1x8xf32>
    (%1) = "pd_op.data" () {dtype:float32,name:"y",place:Place(undefined:0),shape:[-1,8],sym_shape_str:"shape[S1, 8], data[NULL]"} : () -> tensor<-1x8xf32>
    (%2) = "builtin.combine" (%0, %1) {} : (tensor<-1x8xf32>, tensor<-1x8xf32>) -> vec[tensor<-1x8xf32>,tensor<-1x8xf32>]
    (%3) = "pd_op.concat" (%2) {axis:0,sym_shape_str:"shape[Add(S0, S1), 8], data[NULL]"} : (vec[tensor<-1x8xf32>,tensor<-1x8xf32>]) -> tensor<-1x8xf32>
    (%4) = "pd_op.reshape" (%3) {shape:[-1,4],sym_shape_str:"shape[Add(Mul(S0, 2), Mul(S1, 2)), 4], data[NULL]"} : (tensor<-1x8xf32>) -> tensor<-1x4xf32>
    (%5) = "pd_op.add" (%0, %1) {sym_shape_str:"shape[Broadcast(S0, S1), 8], data[NULL]"} : (tensor<-1x8xf32>, tensor<-1x8xf32>) -> tensor<-1x8xf32>
    (%6) = "pd_op.full" () {dtype:float32,fill_value:0,place:Place(undefined:0),shape:[],sym_shape_str:"shape[], data[NULL]"} : () -> tensor<f32>
    (%7) = "pd_op.greater_than" (%0, %6) {sym_shape_str:"shape[S0, 8], data[NULL]"} : (tensor<-1x8xf32>, tensor<f32>) -> tensor<-1x8xb>
    (%8) = "pd_op.masked_select" (%0, %7) {sym_shape_str:"shape[S2], data[NULL]"} : (tensor<-1x8xf32>, tensor<-1x8xb>) -> tensor<-1xf32>
    (%9) = "pd_op.exp" (%8) {sym_shape_str:"shape[S2], data[NULL]"} : (tensor<-1xf32>) -> tensor<-1xf32>
}

// -----
// A loop value the body doubles is a new symbol (S1) inside and after the
// loop; an if whose branches agree keeps their dims.
// RUN: infer_symbolic_shape
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,2]} : () -> tensor<-1x2xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[1]} : () -> tensor<1xi64>
    (%2) = "pd_op.full" () {dtype:int64,fill_value:3,place:Place(undefined:0),shape:[]} : () -> tensor<i64>
    (%3) = "pd_op.less_than" (%1, %2) {} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%4, %5) = "pd_op.while" (%3, %1, %0) {} -> tensor<1xi64>, tensor<-1x2xf32> {
    ^%arg_0: tensor<1xi64>, %arg_1: tensor<-1x2xf32>
        (%6) = "pd_op.full" () {dtype:int64,fill_value:1,place:Place(undefined:0),shape:[]} : () -> tensor<i64>
        (%7) = "pd_op.add" (%arg_0, %6) {} : (tensor<1xi64>, tensor<i64>) -> tensor<1xi64>
        (%8) = "builtin.combine" (%arg_1, %arg_1) {} : (tensor<-1x2xf32>, tensor<-1x2xf32>) -> vec[tensor<-1x2xf32>,tensor<-1x2xf32>]
        (%9) = "pd_op.concat" (%8) {axis:0} : (vec[tensor<-1x2xf32>,tensor<-1x2xf32>]) -> tensor<-1x2xf32>
        (%10) = "pd_op.full" () {dtype:int64,fill_value:3,place:Place(undefined:0),shape:[]} : () -> tensor<i64>
        (%11) = "pd_op.less_than" (%7, %10) {} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%11, %7, %9) {} : (tensor<1xb>, tensor<1xi64>, tensor<-1x2xf32>) -> 
    }
    (%12) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1]} : () -> tensor<1xb>
    (%13) = "pd_op.if" (%12) {} -> tensor<-1x2xf32> {
        (%14) = "pd_op.exp" (%0) {} : (tensor<-1x2xf32>) -> tensor<-1x2xf32>
        () = "cf.yield" (%14) {} : (tensor<-1x2xf32>) -> 
    } else {
        (%15) = "pd_op.tanh" (%0) {} : (tensor<-1x2xf32>) -> tensor<-1x2xf32>
        () = "cf.yield" (%15) {} : (tensor<-1x2xf32>) -> 
    }
}
// CHECK:
{
    (%0) = "pd_op.data" () {dtype:float32,name:"x",place:Place(undefined:0),shape:[-1,2],sym_shape_str:"shape[S0, 2], data[NULL]"} : () -> tensor<-1x2xf32>
    (%1) = "pd_op.data" () {dtype:int64,name:"i",place:Place(undefined:0),shape:[1],sym_shape_str:"shape[1], data[NULL]"} : () -> tensor<1xi64>
    (%2) = "pd_op.full" () {dtype:int64,fill_value:3,place:Place(undefined:0),shape:[],sym_shape_str:"shape[], data[NULL]"} : () -> tensor<i64>
    (%3) = "pd_op.less_than" (%1, %2) {sym_shape_str:"shape[1], data[NULL]"} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
    (%4, %5) = "pd_op.while" (%3, %1, %0) {sym_shape_str:"shape[1], data[NULL]"} -> tensor<1xi64>, tensor<-1x2xf32> {
    ^%arg_0: tensor<1xi64>, %arg_1: tensor<-1x2xf32>
        (%6) = "pd_op.full" () {dtype:int64,fill_value:1,place:Place(undefined:0),shape:[],sym_shape_str:"shape[], data[NULL]"} : () -> tensor<i64>
        (%7) = "pd_op.add" (%arg_0, %6) {sym_shape_str:"shape[1], data[NULL]"} : (tensor<1xi64>, tensor<i64>) -> tensor<1xi64>
        (%8) = "builtin.combine" (%arg_1, %arg_1) {} : (tensor<-1x2xf32>, tensor<-1x2xf32>) -> vec[tensor<-1x2xf32>,tensor<-1x2xf32>]
        (%9) = "pd_op.concat" (%8) {axis:0,sym_shape_str:"shape[Mul(S1, 2), 2], data[NULL]"} : (vec[tensor<-1x2xf32>,tensor<-1x2xf32>]) -> tensor<-1x2xf32>
        (%10) = "pd_op.full" () {dtype:int64,fill_value:3,place:Place(undefined:0),shape:[],sym_shape_str:"shape[], data[NULL]"} : () -> tensor<i64>
        (%11) = "pd_op.less_than" (%7, %10) {sym_shape_str:"shape[1], data[NULL]"} : (tensor<1xi64>, tensor<i64>) -> tensor<1xb>
        () = "cf.yield" (%11, %7, %9) {} : (tensor<1xb>, tensor<1xi64>, tensor<-1x2xf32>) -> 
    }
    (%12) = "pd_op.data" () {dtype:bool,name:"p",place:Place(undefined:0),shape:[1],sym_shape_str:"shape[1], data[NULL]"} : () -> tensor<1xb>
    (%13) = "pd_op.if" (%12) {sym_shape_str:"shape[S0, 2], data[NULL]"} -> tensor<-1x2xf32> {
        (%14) = "pd_op.exp" (%0) {sym_shape_str:"shape[S0, 2], data[NULL]"} : (tensor<-1x2xf32>) -> tensor<-1x2xf32>
        () = "cf.yield" (%14) {} : (tensor<-1x2xf32>) -> 
    } else {
        (%15) = "pd_op.tanh" (%0) {sym_shape_str:"shape[S0, 2], data[NULL]"} : (tensor<-1x2xf32>) -> tensor<-1x2xf32>
        () = "cf.yield" (%15) {} : (tensor<-1x2xf32>) -> 
    }
}
