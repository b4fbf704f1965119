"""reapcheck_tools(): the repository @reapcheck_tools, the reapcheck-tidy
binary and the driver's Python package the aspect's actions run, taken from
the reapcheck checkout this directory belongs to.

    reapcheck-tidy           $REAPCHECK_TIDY, or build/reapcheck-tidy of the
                             checkout (made by tools/test or tools/bazel-demo)
    tools/reapcheck_lib/     the driver's package (merge, reports)
    CMakeLists.txt           reapcheck's version, for the SARIF

Each is a symbolic link into the checkout, so the actions' inputs are the
checkout's own files; Bazel digests them like any other input.
"""

def _reapcheck_tools_impl(rctx):
    # @reapcheck is a link to the checkout's bazel/ directory: its parent is
    # the checkout.
    found = rctx.execute(["readlink", "-f", str(rctx.path(Label("@reapcheck//:WORKSPACE")))])
    if found.return_code != 0:
        fail("cannot locate the reapcheck checkout: " + found.stderr)
    root = rctx.path(found.stdout.strip()).dirname.dirname
    tidy = rctx.os.environ.get("REAPCHECK_TIDY", "")
    tidy = rctx.path(tidy) if tidy else root.get_child("build").get_child("reapcheck-tidy")
    if not tidy.exists:
        fail("no reapcheck-tidy at %s: build it first (tools/bazel-demo does, " % tidy +
             "or cmake --build build --target reapcheck-tidy), or set REAPCHECK_TIDY")
    rctx.symlink(tidy, "reapcheck-tidy")
    rctx.symlink(root.get_child("tools").get_child("reapcheck_lib"), "tools/reapcheck_lib")
    rctx.symlink(root.get_child("CMakeLists.txt"), "CMakeLists.txt")
    rctx.file("WORKSPACE", 'workspace(name = "%s")\n' % rctx.name)
    rctx.file("BUILD", """\
package(default_visibility = ["//visibility:public"])

exports_files(["reapcheck-tidy"])

filegroup(
    name = "reapcheck_lib",
    srcs = glob(["tools/reapcheck_lib/*.py"]) + ["CMakeLists.txt"],
)
""")

reapcheck_tools = repository_rule(
    implementation = _reapcheck_tools_impl,
    environ = ["REAPCHECK_TIDY"],
    local = True,
)
