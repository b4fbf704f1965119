"""--@reapcheck//:checks: the checks of the module the aspect runs, as
tools/reapcheck's --checks takes them (a comma-separated list, or "all")."""

ReapcheckChecksInfo = provider(
    doc = "The checks to run, comma-separated, in the module's order.",
    fields = ["checks"],
)

# The module's checks, the default one first (tools/reapcheck_lib/project.py).
MODULE_CHECKS = [
    "process-unreaped-child",
    "process-orphaned-descendants",
    "process-reaper-conflict",
]

def _checks_setting_impl(ctx):
    names = [n.strip() for n in ctx.build_setting_value.split(",") if n.strip()]
    if names == ["all"]:
        names = MODULE_CHECKS
    unknown = [n for n in names if n not in MODULE_CHECKS]
    if unknown or not names:
        fail("--%s: unknown check '%s'; choose from %s, or all" % (
            ctx.label,
            unknown[0] if unknown else ctx.build_setting_value,
            ", ".join(MODULE_CHECKS),
        ))
    return [ReapcheckChecksInfo(checks = ",".join([c for c in MODULE_CHECKS if c in names]))]

checks_setting = rule(
    implementation = _checks_setting_impl,
    build_setting = config.string(flag = True),
)
