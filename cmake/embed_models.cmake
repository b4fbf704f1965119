# Writes OUT, a C++ fragment with each model file of DIR as a raw string,
# and OUT.d, a depfile naming those files:
#   {"models/glib.yaml", R"reapcheck_model(...)reapcheck_model"},
# Run by the build (cmake -P) whenever a model file changes, or the folder.
# The output is rewritten (and its time changed) only when it differs, and
# touched otherwise, so that the build does not run this again.
file(GLOB _files "${DIR}/*.yaml")
list(SORT _files)
set(_text "// Generated from models/*.yaml; do not edit.\n")
foreach(_file IN LISTS _files)
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
file(TOUCH_NOCREATE "${OUT}")
file(REMOVE "${OUT}.tmp")
# The files read, for the build tool to watch.
set(_deps "${OUT}:")
foreach(_file IN LISTS _files)
  string(REPLACE " " "\\ " _escaped "${_file}")
  string(APPEND _deps " \\\n  ${_escaped}")
endforeach()
file(WRITE "${OUT}.d" "${_deps}\n")
