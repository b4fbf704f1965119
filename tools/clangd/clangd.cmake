# reapcheck-clangd: clangd with process-unreaped-child compiled in.
#
# Included from the top-level CMakeLists.txt after find_package(Clang).
# Only LLVM 19 and 22 ship libclangdMain.a in Debian; other majors skip the
# target quietly (the plugin and reapcheck-tidy still build).
#
# Debian's exported clangd targets were built with the remote index, so they
# name gRPC/protobuf/absl libraries the -dev packages would provide:
#   LLVM 19: plain names (protobuf, grpc, grpc++, gpr, absl_synchronization)
#            that become -lNAME and fail without the unversioned .so links;
#   LLVM 22: gRPC::grpc++ and protobuf::libprotobuf, which must be targets
#            at generate time.
# The runtime libraries themselves are already installed, because the stock
# clangd-N package depends on them.  We therefore define those names as
# IMPORTED targets pointing at the versioned .so files, so no -dev package is
# needed.  If a name is already a target (someone found the real gRPC
# package first), it is left alone.

option(REAPCHECK_CLANGD "Build reapcheck-clangd (LLVM 19 and 22 only)" ON)
if(NOT REAPCHECK_CLANGD)
  return()
endif()
if(NOT LLVM_VERSION_MAJOR MATCHES "^(19|22)$")
  message(STATUS "reapcheck: no reapcheck-clangd for LLVM ${LLVM_VERSION_MAJOR} "
                 "(only 19 and 22 ship libclangdMain.a)")
  return()
endif()
if(NOT TARGET clangdMain OR NOT EXISTS "${LLVM_LIBRARY_DIR}/libclangdMain.a")
  message(STATUS "reapcheck: no reapcheck-clangd: ${LLVM_LIBRARY_DIR}/libclangdMain.a "
                 "is missing (install libclang-${LLVM_VERSION_MAJOR}-dev)")
  return()
endif()

# Without the stock clangd-N (tools/reapcheck does not install it: running
# the check needs no editor) its runtime libraries are missing as well.
if(NOT EXISTS "${LLVM_TOOLS_BINARY_DIR}/clangd")
  message(STATUS "reapcheck: no reapcheck-clangd: ${LLVM_TOOLS_BINARY_DIR}/clangd "
                 "is missing (install clangd-${LLVM_VERSION_MAJOR}; tools/test does)")
  return()
endif()

# The sonames the stock clangd-N links.  The remote-index archives were
# compiled against exactly those gRPC/protobuf versions, so they win over
# whatever else happens to be installed.
set(_reapcheck_stock_sonames)
set(_reapcheck_objdump "${CMAKE_OBJDUMP}")
if(NOT _reapcheck_objdump)
  set(_reapcheck_objdump "${LLVM_TOOLS_BINARY_DIR}/llvm-objdump")
endif()
if(EXISTS "${LLVM_TOOLS_BINARY_DIR}/clangd" AND EXISTS "${_reapcheck_objdump}")
  execute_process(COMMAND "${_reapcheck_objdump}" -p "${LLVM_TOOLS_BINARY_DIR}/clangd"
                  OUTPUT_VARIABLE _out ERROR_QUIET)
  string(REGEX MATCHALL "NEEDED +[^ \n]+" _needed "${_out}")
  foreach(_entry IN LISTS _needed)
    string(REGEX REPLACE "^NEEDED +" "" _soname "${_entry}")
    list(APPEND _reapcheck_stock_sonames "${_soname}")
  endforeach()
endif()

# Finds lib<NAME> for linking without its -dev package.  In order: the soname
# the stock clangd uses, the development symlink (libNAME.so) if a -dev
# package is installed after all, the shortest versioned file (the soname
# when only one version is installed).  Sets OUT to the path, or to "".
function(_reapcheck_find_runtime_lib out name)
  set(_dirs)
  foreach(_prefix /usr/lib /lib /usr/local/lib)
    if(CMAKE_LIBRARY_ARCHITECTURE)
      list(APPEND _dirs "${_prefix}/${CMAKE_LIBRARY_ARCHITECTURE}")
    endif()
    list(APPEND _dirs "${_prefix}")
  endforeach()
  set(_wanted "")
  foreach(_soname IN LISTS _reapcheck_stock_sonames)
    string(FIND "${_soname}" "lib${name}.so." _at)
    if(_at EQUAL 0)
      set(_wanted "${_soname}")
      break()
    endif()
  endforeach()
  foreach(_file IN ITEMS "${_wanted}" "lib${name}.so")
    if(NOT _file)
      continue()
    endif()
    foreach(_dir IN LISTS _dirs)
      if(EXISTS "${_dir}/${_file}")
        set(${out} "${_dir}/${_file}" PARENT_SCOPE)
        return()
      endif()
    endforeach()
  endforeach()
  foreach(_dir IN LISTS _dirs)
    file(GLOB _candidates LIST_DIRECTORIES false "${_dir}/lib${name}.so.*")
    set(_best "")
    foreach(_candidate IN LISTS _candidates)
      string(LENGTH "${_candidate}" _len)
      if(NOT _best OR _len LESS _best_len)
        set(_best "${_candidate}")
        set(_best_len ${_len})
      endif()
    endforeach()
    if(_best)
      set(${out} "${_best}" PARENT_SCOPE)
      return()
    endif()
  endforeach()
  set(${out} "" PARENT_SCOPE)
endfunction()

# Defines TARGET as an IMPORTED shared library for lib<NAME>, linking DEPS
# after it.  Fails the configuration with the package to install when the
# runtime library is absent.
function(_reapcheck_import_runtime_lib target name)
  if(TARGET "${target}")
    return()
  endif()
  _reapcheck_find_runtime_lib(_path "${name}")
  if(NOT _path)
    message(FATAL_ERROR "reapcheck-clangd needs lib${name}.so.* (a dependency of "
                        "clangd-${LLVM_VERSION_MAJOR}): install clangd-${LLVM_VERSION_MAJOR}, "
                        "or configure with -DREAPCHECK_CLANGD=OFF")
  endif()
  add_library("${target}" SHARED IMPORTED)
  set_target_properties("${target}" PROPERTIES IMPORTED_LOCATION "${_path}")
  if(ARGN)
    set_target_properties("${target}" PROPERTIES INTERFACE_LINK_LIBRARIES "${ARGN}")
  endif()
  message(STATUS "reapcheck-clangd: ${target} -> ${_path}")
endfunction()

# Every name the remote-index targets link that is not a target yet:
# LLVM 19 spells them as bare library names, LLVM 22 as package targets.
set(_reapcheck_grpc_items)
foreach(_target clangdRemoteIndexProto clangdMonitoringServiceProto
                clangdRemoteIndexServiceProto clangdRemoteIndex
                clangdRemoteMarshalling)
  if(TARGET ${_target})
    get_target_property(_items ${_target} INTERFACE_LINK_LIBRARIES)
    foreach(_item IN LISTS _items)
      if(_item AND NOT _item MATCHES "^\\$<" AND NOT TARGET "${_item}")
        list(APPEND _reapcheck_grpc_items "${_item}")
      endif()
    endforeach()
  endif()
endforeach()
list(REMOVE_DUPLICATES _reapcheck_grpc_items)

# Imports one such name.  The remote-index archives call gpr_log and
# absl::Mutex directly (through gRPC's inline headers), so grpc++ comes with
# gpr, absl_synchronization and gRPC core, as gRPC's own CMake package would
# bring them.  LLVM 19 lists them explicitly; LLVM 22 relies on the package.
function(_reapcheck_import_item item)
  # gRPC::grpc++ -> grpc++, protobuf::libprotobuf -> protobuf,
  # absl::synchronization -> absl_synchronization, grpc -> grpc.
  string(REGEX REPLACE "^absl::" "absl_" _name "${item}")
  string(REGEX REPLACE "^[A-Za-z]+::(lib)?" "" _name "${_name}")
  set(_deps)
  if(_name STREQUAL "grpc++")
    if(item MATCHES "::")
      set(_deps gRPC::grpc gRPC::gpr absl::synchronization)
    else()
      set(_deps grpc gpr absl_synchronization)
    endif()
  endif()
  foreach(_dep IN LISTS _deps)
    _reapcheck_import_item("${_dep}")
  endforeach()
  _reapcheck_import_runtime_lib("${item}" "${_name}" ${_deps})
endfunction()
foreach(_item IN LISTS _reapcheck_grpc_items)
  _reapcheck_import_item("${_item}")
endforeach()

add_executable(reapcheck-clangd
  tools/clangd/ClangdMain.cpp
  tools/clangd/ClangdConfig.cpp
  tools/clangd/LspRewriter.cpp
  tools/clangd/OptionErrors.cpp
  tools/clangd/UserConfig.cpp
  $<TARGET_OBJECTS:reapcheck_checks>)
target_include_directories(reapcheck-clangd SYSTEM PRIVATE
  ${LLVM_INCLUDE_DIRS} ${CLANG_INCLUDE_DIRS})
target_compile_options(reapcheck-clangd PRIVATE ${_llvm_defs})
if(NOT LLVM_ENABLE_RTTI)
  target_compile_options(reapcheck-clangd PRIVATE -fno-rtti)
endif()
target_link_libraries(reapcheck-clangd PRIVATE clangdMain clangDaemon clangDaemonTweaks)

# clangd looks for its builtin headers (stddef.h...) in <exe>/../lib/clang/N,
# which does not exist for a binary in the build tree.  ClangdMain.cpp falls
# back to the installed compiler's resource directory.
set(_reapcheck_resource_dir "${LLVM_LIBRARY_DIR}/clang/${LLVM_VERSION_MAJOR}")
if(NOT EXISTS "${_reapcheck_resource_dir}/include/stddef.h")
  message(WARNING "reapcheck-clangd: no builtin headers in ${_reapcheck_resource_dir} "
                  "(install libclang-common-${LLVM_VERSION_MAJOR}-dev); the binary "
                  "will need --resource-dir")
  set(_reapcheck_resource_dir "")
endif()
# Where the check's documentation is, for the diagnostics' links.
if(NOT DEFINED REAPCHECK_DOC_HTML)
  set(REAPCHECK_DOC_HTML "")
  set(REAPCHECK_DOC_HTML_INSTALLED "")
  set(REAPCHECK_DOC_RST "${CMAKE_CURRENT_SOURCE_DIR}/docs/process/unreaped-child.rst")
endif()
target_compile_definitions(reapcheck-clangd PRIVATE
  REAPCHECK_LLVM_MAJOR=${LLVM_VERSION_MAJOR}
  REAPCHECK_LLVM_VERSION="${LLVM_PACKAGE_VERSION}"
  REAPCHECK_VERSION="${PROJECT_VERSION}"
  REAPCHECK_CLANGD_RESOURCE_DIR="${_reapcheck_resource_dir}"
  REAPCHECK_DOC_INSTALLED="${REAPCHECK_DOC_HTML_INSTALLED}"
  REAPCHECK_DOC_BUILT="${REAPCHECK_DOC_HTML}"
  REAPCHECK_DOC_SOURCE="${REAPCHECK_DOC_RST}")
