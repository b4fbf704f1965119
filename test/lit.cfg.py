# -*- Python -*-
# lit configuration for reapcheck.  Parameters (tools/test passes them):
#   llvm_major  LLVM major under test (default 19)
#   build_dir   build directory holding libreapcheck.so and reapcheck-tidy
import os
import lit.formats

config.name = 'reapcheck'
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = ['.c', '.cpp', '.test']
config.excludes = ['Inputs', 'lit.cfg.py', 'check_tidy.py']
config.test_source_root = os.path.dirname(__file__)
root = os.path.dirname(config.test_source_root)

with open(os.path.join(root, 'tools', 'DEFAULT_LLVM_MAJOR')) as f:
    default_major = f.read().strip()
major = lit_config.params.get('llvm_major', default_major)
build = os.path.abspath(lit_config.params.get(
    'build_dir', os.path.join(root, 'build' if major == default_major else 'build-' + major)))
llvm_bin = '/usr/lib/llvm-%s/bin' % major
config.test_exec_root = os.path.join(build, 'test-output')
# Test workspaces live under the repository, whose .clang-tidy lints
# reapcheck's own sources: keep that configuration away from them (clangd
# would otherwise run the naming checks on test inputs).
os.makedirs(config.test_exec_root, exist_ok=True)
with open(os.path.join(config.test_exec_root, '.clang-tidy'), 'w') as f:
    f.write("Checks: '-*'\nInheritParentConfig: false\n")

plugin = os.path.join(build, 'libreapcheck.so')
if not os.path.exists(plugin):
    lit_config.fatal('no plugin at %s: build it first (tools/test does)' % plugin)

config.environment['PATH'] = os.pathsep.join([llvm_bin, config.environment.get('PATH', '')])
config.environment['LC_ALL'] = 'C'
# The check finds a facts file above the file or the working directory
# when nothing names one (docs/facts.md); set and empty, REAPCHECK_FACTS
# says "none", so that no facts file left in the tree (a user's
# `tools/reapcheck -p build`) changes a test.  Tests of the search unset it.
config.environment['REAPCHECK_FACTS'] = ''

tidy = '%s/clang-tidy --load=%s -checks=-*,process-unreaped-child --quiet' % (llvm_bin, plugin)
check_tidy = 'python3 %s' % os.path.join(config.test_source_root, 'check_tidy.py')
config.substitutions.append(('%check_tidy', check_tidy))
config.substitutions.append(('%tidy_plain', '%s/clang-tidy --load=%s' % (llvm_bin, plugin)))
config.substitutions.append(('%tidy_orphans', tidy.replace('process-unreaped-child', 'process-orphaned-descendants')))
config.substitutions.append(('%tidy_reaper', tidy.replace('process-unreaped-child', 'process-reaper-conflict')))
config.substitutions.append(('%tidy_both', tidy.replace('process-unreaped-child', 'process-unreaped-child,process-orphaned-descendants')))
config.substitutions.append(('%tidy', tidy))
config.substitutions.append(('%standalone_tidy', os.path.join(build, 'reapcheck-tidy')))
config.substitutions.append(('%cc', '%s/clang' % llvm_bin))
config.substitutions.append(('%cxx', '%s/clang++' % llvm_bin))
config.substitutions.append(('%plugin', plugin))
config.substitutions.append(('%build', build))
config.substitutions.append(('%root', root))
config.substitutions.append(('%examples', os.path.join(root, 'examples')))
config.substitutions.append(('%llvm_major', major))
# clang-tidy's --verify-config (and CheckOptions as a map) arrived in 15.
config.substitutions.append(('%verify_config', 'NOVERIFY' if major == '14' else 'VERIFY'))
config.substitutions.append(('%FileCheck', '%s/FileCheck' % llvm_bin))
config.available_features.add('llvm-%s' % major)
# Tests that do not depend on the LLVM major (test/bazel) run once per
# tools/test run: with the default major.
if major == default_major:
    config.available_features.add('default-major')

# A python3 that can import docutils (test/docs).  Debian's python3-docutils,
# which tools/test installs, belongs to /usr/bin/python3, and another python3
# may come first on PATH.  Without one, the docs tests fail on the import.
import subprocess
python_docutils = 'python3'
for candidate in ['/usr/bin/python3', 'python3']:
    try:
        subprocess.run([candidate, '-c', 'import docutils'], check=True,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    except (OSError, subprocess.CalledProcessError):
        continue
    python_docutils = candidate
    break
config.substitutions.append(('%python_docutils', python_docutils))

# Another installed major, for the load-time version guard test.
for other in ['22', '19', '16', '15', '14']:
    if other != major and os.path.exists('/usr/lib/llvm-%s/bin/clang-tidy' % other):
        config.available_features.add('other-major')
        config.substitutions.append(('%other_tidy', '/usr/lib/llvm-%s/bin/clang-tidy' % other))
        config.substitutions.append(('%other_major', other))
        break

# --- runtime companion (test/runtime, issue 15) ---
# reapcheck-run and its libraries are C and do not depend on the LLVM major;
# every build directory has them.  Test programs are compiled with %cc/%cxx.
config.substitutions.append(('%reapcheck_run', os.path.join(build, 'reapcheck-run')))
config.substitutions.append(('%runtime_include', os.path.join(root, 'runtime', 'include')))
config.substitutions.append(('%runtime_libdir', build))
config.substitutions.append(('%exit_status', 'python3 %s' % os.path.join(
    config.test_source_root, 'runtime', 'Inputs', 'exit_status.py')))
if os.path.exists('/usr/include/gtest/gtest.h'):
    config.available_features.add('gtest')
# --- end runtime companion ---

# --- process libraries' real headers (test/models) ---
# Their compile flags, from pkg-config as users get them; tools/test installs
# the packages.  A missing package is a failure of the test, not a skip.
def pkg_cflags(name):
    try:
        out = subprocess.run(['pkg-config', '--cflags'] + name.split(), check=True,
                             stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
        return out.stdout.decode().strip()
    except (OSError, subprocess.CalledProcessError):
        return '-DREAPCHECK_MISSING_PKG_CONFIG_%s' % name.split()[0].replace('-', '_').replace('.', '_')
for subst, pkg in [('%glib_cflags', 'glib-2.0 gio-2.0'), ('%glibmm_cflags', 'glibmm-2.4'), ('%apr_cflags', 'apr-1'),
                   ('%qt_cflags', 'Qt5Core'), ('%uv_cflags', 'libuv')]:
    config.substitutions.append((subst, pkg_cflags(pkg)))
config.substitutions.append(('%llvm_include', '/usr/lib/llvm-%s/include' % major))
config.substitutions.append(('%model_inputs', os.path.join(config.test_source_root, 'models', 'Inputs')))
