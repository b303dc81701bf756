# Runs tools/codegen over the op YAML at build time. Outputs land in
# ${PADDLE_GENERATED_DIR}, mirroring the source tree (paddle/phi/api/generated,
# paddle/autograd/generated, paddle/pybind/generated); the generator rewrites only files whose text
# changed, so editing one op recompiles little.
find_package(Python3 REQUIRED COMPONENTS Interpreter)
set(PADDLE_GENERATED_DIR ${CMAKE_BINARY_DIR}/generated)
file(GLOB PADDLE_OP_YAML CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/paddle/phi/ops/yaml/*.yaml)
file(GLOB PADDLE_CODEGEN_SOURCES CONFIGURE_DEPENDS ${PROJECT_SOURCE_DIR}/tools/codegen/*.py)

set(PADDLE_GENERATED_API
    ${PADDLE_GENERATED_DIR}/paddle/phi/api/generated/api.h
    ${PADDLE_GENERATED_DIR}/paddle/phi/api/generated/api.cc)
set(PADDLE_GENERATED_EAGER
    ${PADDLE_GENERATED_DIR}/paddle/autograd/generated/eager_ops.h
    ${PADDLE_GENERATED_DIR}/paddle/autograd/generated/eager_ops.cc)
set(PADDLE_GENERATED_PYBIND
    ${PADDLE_GENERATED_DIR}/paddle/pybind/generated/op_bindings.h
    ${PADDLE_GENERATED_DIR}/paddle/pybind/generated/op_bindings.cc)

add_custom_command(
  OUTPUT ${PADDLE_GENERATED_API} ${PADDLE_GENERATED_EAGER} ${PADDLE_GENERATED_PYBIND}
  COMMAND ${CMAKE_COMMAND} -E env PYTHONPATH=${PROJECT_SOURCE_DIR}/tools
          ${Python3_EXECUTABLE} -m codegen --yaml ${PADDLE_OP_YAML} --out-dir ${PADDLE_GENERATED_DIR}
  DEPENDS ${PADDLE_OP_YAML} ${PADDLE_CODEGEN_SOURCES}
  COMMENT "Generating the op API and bindings from YAML"
  VERBATIM)
add_custom_target(paddle_codegen DEPENDS ${PADDLE_GENERATED_API} ${PADDLE_GENERATED_EAGER}
                                        ${PADDLE_GENERATED_PYBIND})
