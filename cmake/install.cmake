# cmake --install: the plugin, the standalone clang-tidy (and reapcheck-clangd
# when it was built), the tools/reapcheck driver, and a CMake package so that
# another project can write
#
#   find_package(reapcheck CONFIG REQUIRED)
#   set(CMAKE_C_CLANG_TIDY ${reapcheck_CLANG_TIDY})
#
# Layout under the prefix (GNUInstallDirs):
#   lib/reapcheck/libreapcheck.so          plugin for clang-tidy-N --load
#   bin/reapcheck-tidy, bin/reapcheck-clangd
#   bin/reapcheck -> share/reapcheck/tools/reapcheck   the driver (and its
#                                                     reapcheck_lib package)
#   lib/cmake/reapcheck/reapcheckConfig.cmake, reapcheckConfigVersion.cmake
# Everything is found relative to the installed files: the prefix can move.
#
# Included from the top-level CMakeLists.txt after the targets are defined.

include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(REAPCHECK_INSTALL_PLUGINDIR "${CMAKE_INSTALL_LIBDIR}/reapcheck"
  CACHE STRING "Where cmake --install puts libreapcheck.so (relative to the prefix)")
set(REAPCHECK_INSTALL_TOOLSDIR "${CMAKE_INSTALL_DATADIR}/reapcheck/tools"
  CACHE STRING "Where cmake --install puts the tools/reapcheck driver")
set(REAPCHECK_INSTALL_CMAKEDIR "${CMAKE_INSTALL_LIBDIR}/cmake/reapcheck"
  CACHE STRING "Where cmake --install puts reapcheckConfig.cmake")

install(TARGETS reapcheck LIBRARY DESTINATION "${REAPCHECK_INSTALL_PLUGINDIR}")

# The executables link LLVM's shared libraries from /usr/lib/llvm-N/lib,
# which is not on the loader's path: keep that directory in the installed
# RUNPATH (CMake strips the build-tree one on install).
set(_reapcheck_executables reapcheck-tidy)
if(TARGET reapcheck-clangd)
  list(APPEND _reapcheck_executables reapcheck-clangd)
endif()
foreach(_exe IN LISTS _reapcheck_executables)
  set_target_properties(${_exe} PROPERTIES INSTALL_RPATH_USE_LINK_PATH TRUE)
endforeach()
install(TARGETS reapcheck-tidy RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}")
if(TARGET reapcheck-clangd)
  # OPTIONAL: a build that only made the plugin and reapcheck-tidy still installs.
  install(TARGETS reapcheck-clangd RUNTIME DESTINATION "${CMAKE_INSTALL_BINDIR}" OPTIONAL)
endif()

# The driver.  Next to it, installed.env tells tools/reapcheck that it runs
# from an installation (use the installed plugin, build nothing) and where
# the plugin is, relative to the driver.
file(RELATIVE_PATH _reapcheck_plugin_from_tools
  "/prefix/${REAPCHECK_INSTALL_TOOLSDIR}" "/prefix/${REAPCHECK_INSTALL_PLUGINDIR}")
file(RELATIVE_PATH _reapcheck_bin_from_tools
  "/prefix/${REAPCHECK_INSTALL_TOOLSDIR}" "/prefix/${CMAKE_INSTALL_BINDIR}")
file(RELATIVE_PATH _reapcheck_tools_from_bin
  "/prefix/${CMAKE_INSTALL_BINDIR}" "/prefix/${REAPCHECK_INSTALL_TOOLSDIR}")
file(GENERATE OUTPUT "${CMAKE_CURRENT_BINARY_DIR}/installed.env" CONTENT
"# Written by cmake --install: this reapcheck driver is an installed one.
REAPCHECK_INSTALLED_VERSION=${PROJECT_VERSION}
REAPCHECK_INSTALLED_MAJOR=${LLVM_VERSION_MAJOR}
REAPCHECK_INSTALLED_PLUGIN=${_reapcheck_plugin_from_tools}/$<TARGET_FILE_NAME:reapcheck>
REAPCHECK_INSTALLED_TIDY=${_reapcheck_bin_from_tools}/$<TARGET_FILE_NAME:reapcheck-tidy>
")
install(PROGRAMS tools/reapcheck tools/reapcheck.py DESTINATION "${REAPCHECK_INSTALL_TOOLSDIR}")
install(DIRECTORY tools/reapcheck_lib DESTINATION "${REAPCHECK_INSTALL_TOOLSDIR}"
  FILES_MATCHING PATTERN "*.py")
install(FILES "${CMAKE_CURRENT_BINARY_DIR}/installed.env"
  DESTINATION "${REAPCHECK_INSTALL_TOOLSDIR}")
install(CODE "
  set(_link \"\$ENV{DESTDIR}\${CMAKE_INSTALL_PREFIX}/${CMAKE_INSTALL_BINDIR}/reapcheck\")
  message(STATUS \"Installing: \${_link}\")
  file(REMOVE \"\${_link}\")
  file(CREATE_LINK \"${_reapcheck_tools_from_bin}/reapcheck\" \"\${_link}\" SYMBOLIC)
")

# The package.
set(REAPCHECK_PACKAGE_LLVM_MAJOR "${LLVM_VERSION_MAJOR}")
set(REAPCHECK_PACKAGE_CLANG_TIDY "${LLVM_TOOLS_BINARY_DIR}/clang-tidy")
set(REAPCHECK_PACKAGE_PLUGIN
  "${REAPCHECK_INSTALL_PLUGINDIR}/${CMAKE_SHARED_MODULE_PREFIX}reapcheck${CMAKE_SHARED_MODULE_SUFFIX}")
set(REAPCHECK_PACKAGE_BINDIR "${CMAKE_INSTALL_BINDIR}")
# The runtime companion (runtime/CMakeLists.txt installs it when libdw was
# found): the C API library, its headers (and the GoogleTest listener's),
# reapcheck-run.
set(REAPCHECK_PACKAGE_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
set(REAPCHECK_PACKAGE_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
# The real package file only works from the install prefix (its paths are
# relative to it), so it is generated out of find_package's sight...
configure_package_config_file(
  "${CMAKE_CURRENT_LIST_DIR}/reapcheckConfig.cmake.in"
  "${CMAKE_CURRENT_BINARY_DIR}/package/reapcheckConfig.cmake"
  INSTALL_DESTINATION "${REAPCHECK_INSTALL_CMAKEDIR}"
  PATH_VARS REAPCHECK_PACKAGE_PLUGIN REAPCHECK_PACKAGE_BINDIR
    REAPCHECK_PACKAGE_LIBDIR REAPCHECK_PACKAGE_INCLUDEDIR)
# ...and the build directory gets one that refuses with what to do instead:
# when find_package fails, CMake suggests -Dreapcheck_DIR=<the build dir>.
configure_file("${CMAKE_CURRENT_LIST_DIR}/reapcheckBuildTreeConfig.cmake.in"
  "${CMAKE_CURRENT_BINARY_DIR}/reapcheckConfig.cmake" @ONLY)
# 0.x: minor versions may break the package's variables.
write_basic_package_version_file(
  "${CMAKE_CURRENT_BINARY_DIR}/reapcheckConfigVersion.cmake"
  VERSION "${PROJECT_VERSION}"
  COMPATIBILITY SameMinorVersion)
install(FILES
  "${CMAKE_CURRENT_BINARY_DIR}/package/reapcheckConfig.cmake"
  "${CMAKE_CURRENT_BINARY_DIR}/reapcheckConfigVersion.cmake"
  DESTINATION "${REAPCHECK_INSTALL_CMAKEDIR}")
