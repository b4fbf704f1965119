# Writes OUT, a C++ fragment with each model file of FILES as a raw string:
#   {"models/glib.yaml", R"reapcheck_model(...)reapcheck_model"},
# Run by the build (cmake -P) whenever a model file changes.
set(_text "// Generated from models/*.yaml; do not edit.\n")
foreach(_file IN LISTS FILES)
  file(READ "${_file}" _content)
  string(FIND "${_content}" ")reapcheck_model\"" _clash)
  if(NOT _clash EQUAL -1)
    message(FATAL_ERROR "${_file} contains the raw-string delimiter")
  endif()
  get_filename_component(_name "${_file}" NAME)
  string(APPEND _text "{\"models/${_name}\", R\"reapcheck_model(${_content})reapcheck_model\"},\n")
endforeach()
file(WRITE "${OUT}.tmp" "${_text}")
execute_process(COMMAND "${CMAKE_COMMAND}" -E copy_if_different "${OUT}.tmp" "${OUT}")
