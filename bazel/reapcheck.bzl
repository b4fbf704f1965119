"""process-unreaped-child as a Bazel aspect (docs/bazel.md).

Bazel knows which sources a cc_binary or cc_test links: the program whose
SIGCHLD reaper, start wrappers and reapers the project facts describe
(docs/facts.md).  The aspect runs the steps of `tools/reapcheck -p` on
that graph, each a sandboxed, cacheable action with every input declared:

    index    one action per source of every cc_library, cc_binary and
             cc_test: that unit's facts part
    merge    per cc_binary/cc_test, the parts of every source it links
             (transitively over deps): the program's facts file, and per
             source the slice of it that source's check reads
    check    per cc_binary/cc_test and source it links: reapcheck-tidy with
             the source's slice
    report   per cc_binary/cc_test: JSON, SARIF and text of its findings

A cc_library is indexed, and checked through the binaries and tests that
link it: it is not a program, and a leak its program's reaper covers is no
leak.  The inputs of index and check: reapcheck-tidy (@reapcheck_tools),
the driver's package, the source, the headers its compilation context
declares, and the files of --@reapcheck//:config (the .clang-tidy files and
the model files they name); --@reapcheck//:checks picks the checks of the
module (default process-unreaped-child; "all").

    bazel build //... --aspects=@reapcheck//:reapcheck.bzl%reapcheck_aspect \\
        --output_groups=reapcheck

reapcheck_test(name, targets) fails (exit status 1) when a target it names
has a finding; reapcheck_report(name, targets) writes the merged SARIF.
"""

load(":settings.bzl", "ReapcheckChecksInfo")

ReapcheckInfo = provider(
    doc = "What the aspect knows of a target.",
    fields = {
        "units": "depset of struct(src, part, args, headers): every source the target links, " +
                 "with its index part and compile flags",
        "reports": "depset of the JSON reports of the programs (cc_binary, cc_test) here",
    },
)

_SOURCE_EXTENSIONS = ["c", "cc", "cpp", "cxx", "c++", "C"]
_PROGRAM_KINDS = ["cc_binary", "cc_test"]
_INDEXED_KINDS = ["cc_library"] + _PROGRAM_KINDS

def _out(ctx, target, src, suffix):
    # A source of another repository has a short path starting with "../".
    path = src.short_path.replace("../", "external/")
    return ctx.actions.declare_file("%s.reapcheck/%s%s" % (target.label.name, path, suffix))

def _compile_args(target, ctx):
    """The flags clang needs for the target's own sources: its compilation
    context's defines and include paths, and the rule's copts."""
    cc = target[CcInfo].compilation_context
    args = ["-D" + d for d in cc.defines.to_list()]
    args += ["-D" + d for d in getattr(cc, "local_defines", depset()).to_list()]
    args += ["-I" + i for i in cc.includes.to_list()]
    for i in cc.quote_includes.to_list():
        args += ["-iquote", i]
    for i in cc.system_includes.to_list():
        args += ["-isystem", i]

    # A copt with a make variable or a location would need expanding: left out.
    args += [c for c in getattr(ctx.rule.attr, "copts", []) if "$(" not in c]
    return tuple(args)

def _tools(ctx):
    config = ctx.files._config
    if not ctx.attr._declare_models:
        config = [f for f in config if f.basename == ".clang-tidy"]
    lib_init = [f for f in ctx.files._lib if f.basename == "__init__.py"][0]
    return struct(
        checks = ctx.attr._checks[ReapcheckChecksInfo].checks,
        inputs = [ctx.file._tidy, ctx.file._script] + ctx.files._lib + config,
        prefix = ["--lib", lib_init.path],
        tidy = ctx.file._tidy.path,
        script = ctx.file._script,
    )

def _action(ctx, tools, mnemonic, message, inputs, outputs, args):
    ctx.actions.run(
        executable = tools.script,
        arguments = tools.prefix + args,
        inputs = depset(tools.inputs, transitive = inputs),
        outputs = outputs,
        mnemonic = mnemonic,
        progress_message = message,
        env = {"PATH": "/usr/bin:/bin"},
    )

def _index(ctx, target, tools, src, args, headers):
    part = _out(ctx, target, src, ".part.jsonl")
    _action(
        ctx,
        tools,
        "ReapcheckIndex",
        "reapcheck: indexing %s" % src.short_path,
        [depset([src]), headers],
        [part],
        ["index", "--tidy", tools.tidy, "--checks", tools.checks, "--src", src.path,
         "--part", part.path, "--"] + list(args),
    )
    return part

def _program(ctx, target, tools, units):
    """The merge, the checks and the report of one cc_binary or cc_test."""
    seen, unique = {}, []
    for u in units.to_list():
        if u.src.path not in seen:
            seen[u.src.path] = True
            unique.append(u)
    facts = ctx.actions.declare_file("%s.reapcheck/facts.json" % target.label.name)
    slices = [_out(ctx, target, u.src, ".facts.json") for u in unique]
    merge_args = ["merge", "--facts", facts.path]
    for u, s in zip(unique, slices):
        merge_args += ["--unit", u.src.path, u.part.path, s.path]
    _action(
        ctx,
        tools,
        "ReapcheckMerge",
        "reapcheck: merging the facts of %s" % target.label,
        [depset([u.part for u in unique])],
        [facts] + slices,
        merge_args,
    )
    checked = []
    for u, s in zip(unique, slices):
        out = _out(ctx, target, u.src, ".json")
        _action(
            ctx,
            tools,
            "ReapcheckCheck",
            "reapcheck: checking %s in %s" % (u.src.short_path, target.label),
            [depset([u.src, s]), u.headers],
            [out],
            ["check", "--tidy", tools.tidy, "--checks", tools.checks, "--src", u.src.path,
             "--facts", s.path, "--out", out.path, "--"] + list(u.args),
        )
        checked.append(out)
    name = target.label.name
    outs = struct(
        json = ctx.actions.declare_file(name + ".reapcheck.json"),
        sarif = ctx.actions.declare_file(name + ".reapcheck.sarif"),
        text = ctx.actions.declare_file(name + ".reapcheck.txt"),
        status = ctx.actions.declare_file(name + ".reapcheck.status"),
    )
    _report(ctx, tools, str(target.label), checked, outs)
    return outs, facts

def _report(ctx, tools, what, inputs, outs):
    _action(
        ctx,
        tools,
        "ReapcheckReport",
        "reapcheck: report of %s" % what,
        [depset(inputs)],
        [outs.json, outs.sarif, outs.text, outs.status],
        ["report", "--json", outs.json.path, "--sarif", outs.sarif.path, "--text",
         outs.text.path, "--status", outs.status.path] + [f.path for f in inputs],
    )

def _reapcheck_aspect_impl(target, ctx):
    deps = [d[ReapcheckInfo] for d in getattr(ctx.rule.attr, "deps", []) if ReapcheckInfo in d]
    dep_units = [d.units for d in deps]
    dep_reports = [d.reports for d in deps]
    if CcInfo not in target or ctx.rule.kind not in _INDEXED_KINDS:
        return [ReapcheckInfo(units = depset(transitive = dep_units),
                              reports = depset(transitive = dep_reports))]
    tools = _tools(ctx)
    args = _compile_args(target, ctx)
    headers = target[CcInfo].compilation_context.headers
    own = []
    for src in getattr(ctx.rule.files, "srcs", []):
        if src.extension in _SOURCE_EXTENSIONS:
            own.append(struct(src = src, part = _index(ctx, target, tools, src, args, headers),
                              args = args, headers = headers))
    units = depset(own, transitive = dep_units)
    if ctx.rule.kind not in _PROGRAM_KINDS:
        return [
            ReapcheckInfo(units = units, reports = depset(transitive = dep_reports)),
            OutputGroupInfo(reapcheck = depset([u.part for u in own])),
        ]
    outs, facts = _program(ctx, target, tools, units)
    return [
        ReapcheckInfo(units = units, reports = depset([outs.json], transitive = dep_reports)),
        OutputGroupInfo(reapcheck = depset([outs.json, outs.sarif, outs.text, facts])),
    ]

def _make_aspect(declare_models):
    return aspect(
        implementation = _reapcheck_aspect_impl,
        attr_aspects = ["deps"],
        attrs = {
            "_tidy": attr.label(default = "@reapcheck_tools//:reapcheck-tidy",
                                allow_single_file = True, cfg = "host"),
            "_lib": attr.label(default = "@reapcheck_tools//:reapcheck_lib", allow_files = True,
                               cfg = "host"),
            "_script": attr.label(default = "@reapcheck//:reapcheck_bazel.py",
                                  allow_single_file = True, executable = True, cfg = "host"),
            "_config": attr.label(default = "@reapcheck//:config", allow_files = True),
            "_checks": attr.label(default = "@reapcheck//:checks"),
            "_declare_models": attr.bool(default = declare_models),
        },
    )

reapcheck_aspect = _make_aspect(declare_models = True)

# The same aspect with a bug on purpose: it declares the .clang-tidy files of
# --@reapcheck//:config but not the model files they name.  The sandbox
# must refuse it (test/bazel/sandbox.test); never use it otherwise.
reapcheck_aspect_undeclared_models = _make_aspect(declare_models = False)

def _merged_impl(ctx):
    tools = struct(
        inputs = [ctx.file._script] + ctx.files._lib,
        prefix = ["--lib", [f for f in ctx.files._lib if f.basename == "__init__.py"][0].path],
        script = ctx.file._script,
    )
    outs = struct(
        json = ctx.actions.declare_file(ctx.label.name + ".json"),
        sarif = ctx.actions.declare_file(ctx.label.name + ".sarif"),
        text = ctx.actions.declare_file(ctx.label.name + ".txt"),
        status = ctx.actions.declare_file(ctx.label.name + ".status"),
    )
    reports = depset(transitive = [t[ReapcheckInfo].reports for t in ctx.attr.targets])
    _report(ctx, tools, str(ctx.label), reports.to_list(), outs)
    files = [outs.json, outs.sarif, outs.text]
    if not ctx.attr._test:
        return [DefaultInfo(files = depset(files))]
    script = ctx.actions.declare_file(ctx.label.name + ".sh")
    ctx.actions.write(script, """#!/bin/sh
# The findings of the targets, as clang-tidy prints them; exit status 1
# when there is one.
cat '{text}'
exit "$(cat '{status}')"
""".format(text = outs.text.short_path, status = outs.status.short_path), is_executable = True)
    return [DefaultInfo(
        executable = script,
        files = depset(files),
        runfiles = ctx.runfiles(files = [outs.text, outs.status]),
    )]

def _merged_rule(test):
    return rule(
        implementation = _merged_impl,
        test = test,
        attrs = {
            "targets": attr.label_list(aspects = [reapcheck_aspect],
                                       doc = "cc_binary and cc_test targets to check"),
            "_lib": attr.label(default = "@reapcheck_tools//:reapcheck_lib", allow_files = True,
                               cfg = "host"),
            "_script": attr.label(default = "@reapcheck//:reapcheck_bazel.py",
                                  allow_single_file = True, executable = True, cfg = "host"),
            "_test": attr.bool(default = test),
        },
    )

# The merged report (JSON, SARIF, text) of the programs among targets.
reapcheck_report = _merged_rule(test = False)

# A test that fails when a program among targets has a finding.
reapcheck_test = _merged_rule(test = True)
