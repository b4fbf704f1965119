# The checks' documentation as HTML: build/docs/process/unreaped-child.html
# and the pages of the module's other checks beside it,
# installed to <prefix>/share/doc/reapcheck/process/.  reapcheck-clangd links
# its diagnostics there.  Rendered with docs/render.py, which needs docutils
# (Debian python3-docutils); without it the page is skipped with a message
# and reapcheck-clangd links the .rst source instead.
#
# Included from the top-level CMakeLists.txt.  Sets REAPCHECK_DOC_HTML (the
# built page, or "") and REAPCHECK_DOC_HTML_INSTALLED (relative to the
# prefix).

include(GNUInstallDirs)
set(REAPCHECK_DOC_RST "${CMAKE_CURRENT_SOURCE_DIR}/docs/process/unreaped-child.rst")
set(REAPCHECK_DOC_HTML_INSTALLED "${CMAKE_INSTALL_DOCDIR}/process/unreaped-child.html")
set(REAPCHECK_DOC_HTML "")

# Debian's python3-docutils belongs to /usr/bin/python3; a python3 earlier on
# PATH may not have it.
set(_reapcheck_doc_python "")
foreach(_candidate /usr/bin/python3 python3)
  find_program(_reapcheck_python_path NAMES "${_candidate}" NO_CACHE)
  if(_reapcheck_python_path)
    execute_process(COMMAND "${_reapcheck_python_path}" -c "import docutils"
                    RESULT_VARIABLE _rc OUTPUT_QUIET ERROR_QUIET)
    if(_rc EQUAL 0)
      set(_reapcheck_doc_python "${_reapcheck_python_path}")
      break()
    endif()
  endif()
  unset(_reapcheck_python_path)
endforeach()

if(NOT _reapcheck_doc_python)
  message(STATUS "reapcheck: no HTML documentation: no python3 with docutils "
                 "(install python3-docutils)")
  return()
endif()

set(REAPCHECK_DOC_HTML "${CMAKE_CURRENT_BINARY_DIR}/docs/process/unreaped-child.html")
# Every check's page, side by side: reapcheck-clangd links the others'
# diagnostics to the page beside this one.
set(_reapcheck_doc_pages "")
foreach(_page unreaped-child orphaned-descendants reaper-conflict)
  set(_rst "${CMAKE_CURRENT_SOURCE_DIR}/docs/process/${_page}.rst")
  set(_html "${CMAKE_CURRENT_BINARY_DIR}/docs/process/${_page}.html")
  add_custom_command(OUTPUT "${_html}"
    COMMAND "${CMAKE_COMMAND}" -E make_directory "${CMAKE_CURRENT_BINARY_DIR}/docs/process"
    COMMAND "${_reapcheck_doc_python}" "${CMAKE_CURRENT_SOURCE_DIR}/docs/render.py"
            "${_rst}" "${_html}"
    DEPENDS "${_rst}" "${CMAKE_CURRENT_SOURCE_DIR}/docs/render.py"
    COMMENT "Rendering docs/process/${_page}.rst"
    VERBATIM)
  list(APPEND _reapcheck_doc_pages "${_html}")
endforeach()
add_custom_target(reapcheck-docs ALL DEPENDS ${_reapcheck_doc_pages})
install(FILES ${_reapcheck_doc_pages}
  DESTINATION "${CMAKE_INSTALL_DOCDIR}/process")
