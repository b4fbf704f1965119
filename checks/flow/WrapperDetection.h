//===--- WrapperDetection.h - Does a body hand its child to its caller? ---===//
//
// A function is a start wrapper when every return gives back a started
// handle or a failure value (<= 0, NULL) and at least one gives a handle, or
// when it writes a started handle through a pointer parameter; and when it
// hands the child to nobody else (a function that also registers the child
// in a job table is not a wrapper).  Read from the body's starts, holders
// and uses; the flow does not run.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_WRAPPERDETECTION_H
#define REAPCHECK_WRAPPERDETECTION_H

#include "flow/PreparedBody.h"
#include "flow/UseClassifier.h"
#include <optional>

namespace reapcheck {

/// The calls of functions defined in another file that a wrapper gives its
/// child to (`log_job(pid)`), by callee and argument: whether they keep it
/// is for their own facts to say.
using ForeignArgs =
    std::vector<std::pair<const clang::FunctionDecl *, unsigned>>;

/// With \p Unless, a hand-off to a function of another file of the project
/// does not stop \p FD from being a wrapper: it is added there, and \p FD
/// is a wrapper only if none of them keeps the child.
std::optional<StartSpec> wrapperSpecOf(const clang::FunctionDecl &FD,
                                       const PreparedBody &Prepared,
                                       UseClassifier &Uses,
                                       ForeignArgs *Unless = nullptr);

} // namespace reapcheck

#endif
