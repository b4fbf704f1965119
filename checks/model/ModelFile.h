//===--- ModelFile.h - Reading process API models from YAML ---------------===//
//
// A model file describes one library's process APIs (format:
// docs/models.md).  The files in models/ are compiled into the check; users
// name more with the ModelFiles option.  Reading is LLVM's YAML I/O; every
// error names the file, line and column.
//
//===----------------------------------------------------------------------===//

#ifndef REAPCHECK_MODELFILE_H
#define REAPCHECK_MODELFILE_H

#include "model/ApiDescriptor.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <vector>

namespace reapcheck {

/// Parses \p Text, the content of the model file \p FileName.  Returns
/// "FILE:LINE:COLUMN: what is wrong" and leaves \p Out unspecified on bad
/// input.
std::optional<std::string> parseModel(llvm::StringRef Text,
                                      llvm::StringRef FileName,
                                      ModelDescriptor &Out);

/// Reads and parses the model file at \p Path.
std::optional<std::string> readModelFile(llvm::StringRef Path,
                                         ModelDescriptor &Out);

/// The models of models/*.yaml.  The build reads them with parseModel()
/// and compiles them into tables (tools/models/CompileModels.cpp), so a
/// model file that cannot be read fails the build, and no process parses
/// YAML for them.
const std::vector<ModelDescriptor> &builtinModels();

} // namespace reapcheck

#endif
