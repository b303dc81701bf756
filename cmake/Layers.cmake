# paddle_layer(NAME SOURCES...): one layer of the C++ core as an OBJECT
# library (docs/architecture.md, "Layers"). A layer links only the layers
# below it (target_link_libraries in each CMakeLists.txt, in that order), and
# tools/check_layers.py fails CI on an include that points up a layer. The
# layers' objects make the one shared libpaddle_core (paddle/CMakeLists.txt),
# so static kernel registrations are never dropped by the linker.
function(paddle_layer name)
  add_library(${name} OBJECT ${ARGN})
  target_include_directories(${name} PUBLIC ${PROJECT_SOURCE_DIR} ${PADDLE_GENERATED_DIR})
  target_compile_options(${name} PRIVATE
    $<$<COMPILE_LANGUAGE:CXX>:-Wall -Wextra -Wno-unused-parameter -Werror=init-self -Werror=uninitialized>
    $<$<COMPILE_LANG_AND_ID:CXX,GNU>:-Werror=shadow=local>)
  set_target_properties(${name} PROPERTIES POSITION_INDEPENDENT_CODE ON)
  if(WITH_GPU)
    target_include_directories(${name} PRIVATE ${CUDAToolkit_INCLUDE_DIRS})
    set_target_properties(${name} PROPERTIES CUDA_SEPARABLE_COMPILATION OFF)
  endif()
endfunction()
