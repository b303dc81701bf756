# find_package(paddle_inference CONFIG) for a C++ program that serves saved
# models (paddle_inference_api.h): the imported target
# paddle_inference::paddle_inference. Point paddle_inference_DIR at
# <site-packages>/paddle/cmake/paddle_inference (python -c "import paddle,
# os; print(os.path.join(os.path.dirname(paddle.__file__), 'cmake',
# 'paddle_inference'))").
get_filename_component(_paddle_root "${CMAKE_CURRENT_LIST_DIR}/../.." ABSOLUTE)
if(NOT TARGET paddle_inference::paddle_inference)
  add_library(paddle_inference::paddle_inference SHARED IMPORTED)
  set_target_properties(paddle_inference::paddle_inference PROPERTIES
    IMPORTED_LOCATION "${_paddle_root}/libpaddle_core.so"
    INTERFACE_INCLUDE_DIRECTORIES "${_paddle_root}/include"
    INTERFACE_COMPILE_FEATURES cxx_std_17)
endif()
set(paddle_inference_FOUND TRUE)
unset(_paddle_root)
