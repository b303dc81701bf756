# Runs tools/codegen over the op YAML at build time. Outputs land in
# ${PADDLE_GENERATED_DIR}, mirroring the source tree (paddle/phi/api/generated,
# paddle/phi/kernels/generated: the registered dtypes,
# paddle/autograd/generated, paddle/pir/dialect/generated: the pd_op
# dialect, paddle/executor/generated: its instructions, paddle/pybind/generated), one translation unit per
# YAML family and layer; the generator rewrites only files whose text changed,
# so editing one op recompiles one family's files.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(PADDLE_GENERATED_DIR ${CMAKE_BINARY_DIR}/generated)
file(GLOB PADDLE_OP_YAML CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/paddle/phi/ops/yaml/*.yaml)
file(GLOB PADDLE_CODEGEN_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tools/codegen/*.py)
# PaddlePaddle's op signatures, which the `paddle:` fields are checked against.
set(PADDLE_OP_SIGNATURES ${PROJECT_SOURCE_DIR}/paddle/phi/ops/pd_op_signatures.json)
set(PADDLE_CODEGEN ${CMAKE_COMMAND} -E env PYTHONPATH=${PROJECT_SOURCE_DIR}/tools ${Python3_EXECUTABLE} -m codegen
                   --yaml ${PADDLE_OP_YAML})

# The generator names its outputs (a family's files appear with its YAML).
execute_process(COMMAND ${PADDLE_CODEGEN} --list OUTPUT_VARIABLE generated ERROR_VARIABLE codegen_error
                RESULT_VARIABLE codegen_status OUTPUT_STRIP_TRAILING_WHITESPACE)
if(NOT codegen_status EQUAL 0)
  message(FATAL_ERROR "tools/codegen failed on the op YAML:\n${codegen_error}")
endif()
list(TRANSFORM generated PREPEND ${PADDLE_GENERATED_DIR}/)
set(PADDLE_GENERATED_API ${generated})
list(FILTER PADDLE_GENERATED_API INCLUDE REGEX "/paddle/phi/api/generated/")
set(PADDLE_GENERATED_EAGER ${generated})
list(FILTER PADDLE_GENERATED_EAGER INCLUDE REGEX "/paddle/autograd/generated/")
set(PADDLE_GENERATED_PIR ${generated})
list(FILTER PADDLE_GENERATED_PIR INCLUDE REGEX "/paddle/pir/(dialect|autodiff)/generated/.*[.]cc$")
set(PADDLE_GENERATED_EXECUTOR ${generated})
list(FILTER PADDLE_GENERATED_EXECUTOR INCLUDE REGEX "/paddle/executor/generated/.*[.]cc$")
set(PADDLE_GENERATED_SERIALIZE ${generated})
list(FILTER PADDLE_GENERATED_SERIALIZE INCLUDE REGEX "/paddle/serialize/generated/.*[.]cc$")
set(PADDLE_GENERATED_PYBIND ${generated})
list(FILTER PADDLE_GENERATED_PYBIND INCLUDE REGEX "/paddle/pybind/generated/")

add_custom_command(
  OUTPUT ${generated}
  COMMAND ${PADDLE_CODEGEN} --out-dir ${PADDLE_GENERATED_DIR}
  DEPENDS ${PADDLE_OP_YAML} ${PADDLE_CODEGEN_SOURCES} ${PADDLE_OP_SIGNATURES}
  COMMENT "Generating the op API and bindings from YAML"
  VERBATIM)
add_custom_target(paddle_codegen DEPENDS ${generated})
