//===--- ProcessApiModel.cpp - What each process API does to a child ------===//

#include "support/AstHelpers.h"
#include "model/ProcessApiModel.h"
#include "model/ApiQuirks.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/Basic/IdentifierTable.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include <algorithm>

using namespace clang;

namespace reapcheck {

std::string ProcessApiModel::reapHint(unsigned M, HandleType Type) const {
  if (Type == HandleType::Pid)
    return "";
  // The model's first reap of such a handle.
  for (const ApiDescriptor &Row : Models[M].Functions)
    if (Row.Role == ApiRole::Reap && Row.Type == Type)
      return Row.Name;
  // Without one, the advice names waitpid() but no fix-it can write it.
  return "waitpid";
}

/// The argument a row's handle is at in \p Call, or -1.
static int handleArg(const ApiDescriptor &Row, const CallExpr &Call) {
  return argumentIndex(Call, Row.Arg, Row.Parameter);
}

/// The start description a row gives for \p Call.
static StartSpec specOf(const ApiDescriptor &Row, const CallExpr &Call) {
  StartSpec S;
  S.Kind = Row.Type == HandleType::Stream ? HandleKind::Stream : HandleKind::Pid;
  S.Object = Row.Type == HandleType::Object;
  S.HandleArg = Row.Handle == HandleSlot::OutArgument ? handleArg(Row, Call) : -1;
  S.ReturnsStatus = Row.Success == SuccessTest::ZeroResult;
  S.ResultIsSuccess = Row.Success == SuccessTest::TrueResult;
  S.ErrorArg = argumentIndex(Call, Row.ErrorArg, Row.ErrorParameter);
  return S;
}

std::optional<StartSpec> ProcessApiModel::startOf(const CallExpr &Call,
                                                  const ASTContext &Ctx) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  unsigned M = 0;
  const ApiDescriptor *Row = FD ? findActive(*FD, &M) : nullptr;
  if (!Row || Row->Role != ApiRole::Start || !conditionsHold(Row->When, Call, Ctx))
    return std::nullopt;
  switch (Row->Handler) {
  case Quirk::SyscallNumber: {
    llvm::StringRef Name = startingSyscall(Call, Ctx);
    if (Name.empty() || cloneFailsByArgument(Call, Name, 1, Ctx))
      return std::nullopt;
    break;
  }
  case Quirk::CloneFlags:
    if (cloneFailsByArgument(Call, "clone", 0, Ctx))
      return std::nullopt;
    break;
  case Quirk::None:
    break;
  }
  StartSpec S = specOf(*Row, Call);
  // A handle named by a parameter this declaration does not have.
  if (Row->Handle == HandleSlot::OutArgument && S.HandleArg < 0)
    return std::nullopt;
  if (S.HandleArg >= 0) {
    if (static_cast<unsigned>(S.HandleArg) >= Call.getNumArgs())
      return std::nullopt;
  } else if (FD->getReturnType()->isPointerType()) {
    S.Kind = HandleKind::Stream;
  }
  if (S.Object) {
    QualType Held = S.HandleArg >= 0
                        ? Call.getArg(S.HandleArg)->getType()->getPointeeType()
                        : FD->getReturnType();
    if (const CXXRecordDecl *Class =
            Held.isNull() ? nullptr : Held->getAsCXXRecordDecl())
      if (const ClassDescriptor *C = findClass(*Class)) {
        S.DestructorReaps = C->DestructorReaps;
        S.ValidMethod = C->ValidMethod;
      }
  }
  S.ReapHint = reapHint(M, Row->Type);
  return S;
}

std::optional<StartSpec>
ProcessApiModel::startOfConstruct(const CXXConstructExpr &Construct,
                                  std::string &Api) const {
  const CXXConstructorDecl *Ctor = Construct.getConstructor();
  if (!Ctor || Construct.getNumArgs() == 0 || Ctor->isCopyOrMoveConstructor())
    return std::nullopt;
  unsigned M = 0;
  const ClassDescriptor *Row = findClass(*Ctor->getParent(), &M);
  if (!Row)
    return std::nullopt;
  switch (Row->Starts) {
  case ClassDescriptor::Ctor::None:
    return std::nullopt;
  case ClassDescriptor::Ctor::Any:
    break;
  case ClassDescriptor::Ctor::Template:
    if (!Ctor->isTemplateInstantiation())
      return std::nullopt;
    break;
  case ClassDescriptor::Ctor::HasParameter: {
    bool Found = false;
    for (const ParmVarDecl *P : Ctor->parameters())
      Found |= P->getIdentifier() && P->getName() == Row->CtorParameter;
    if (!Found)
      return std::nullopt;
    break;
  }
  }
  if (Row->ReapsItself)
    return std::nullopt;
  StartSpec S;
  S.Object = true;
  S.DestructorReaps = Row->DestructorReaps;
  S.ValidMethod = Row->ValidMethod;
  S.ReapHint = reapHint(M, HandleType::Object);
  Api = Row->ShownAs.empty() ? Row->Name : Row->ShownAs;
  return S;
}

bool ProcessApiModel::isProcessClass(const CXXRecordDecl &Class) const {
  return findClass(Class) != nullptr;
}

ProcessApiModel::MemberEffect
ProcessApiModel::memberEffect(const CXXMethodDecl &Method, const CallExpr *Call,
                              const ASTContext &Ctx) const {
  const ApiDescriptor *Row = find(Method);
  if (!Row || Row->Handle != HandleSlot::Object ||
      (Call && !conditionsHold(Row->When, *Call, Ctx)))
    return MemberEffect::Other;
  switch (Row->Role) {
  case ApiRole::Reap:
    if (Call && !Row->PollWhen.empty() &&
        conditionsHold(Row->PollWhen, *Call, Ctx))
      return MemberEffect::Poll;
    return MemberEffect::Reap;
  case ApiRole::Poll:
    return MemberEffect::Poll;
  case ApiRole::Kill:
    return MemberEffect::Kill;
  case ApiRole::Detach:
    return MemberEffect::Detach;
  case ApiRole::HandOff:
    return MemberEffect::HandOff;
  default:
    return MemberEffect::Other;
  }
}

GroupEffect ProcessApiModel::groupEffect(const CallExpr &Call,
                                         const ASTContext &Ctx,
                                         int *GroupArg) const {
  const ApiDescriptor *Row = rowOf(Call);
  if (!Row || !conditionsHold(Row->When, Call, Ctx))
    return GroupEffect::None;
  if (GroupArg)
    *GroupArg = Row->GroupArg;
  return Row->Group;
}

int ProcessApiModel::killedArg(const CallExpr &Call) const {
  const ApiDescriptor *Row = rowOf(Call);
  if (!Row || Row->Role != ApiRole::Kill || Row->Handle != HandleSlot::Argument)
    return -1;
  // A call of an unprototyped declaration may lack the argument.
  int Arg = handleArg(*Row, Call);
  return Arg < static_cast<int>(Call.getNumArgs()) ? Arg : -1;
}

int64_t ProcessApiModel::pendingResult(const CallExpr &Call) const {
  const ApiDescriptor *Row = rowOf(Call);
  return Row && (Row->Role == ApiRole::Poll || !Row->PollWhen.empty())
             ? Row->PendingResult
             : 0;
}

CallRole ProcessApiModel::roleForArg(const CallExpr &Call, unsigned ArgIndex,
                                     const ASTContext &Ctx) const {
  const ApiDescriptor *Row = rowOf(Call);
  if (!Row)
    return CallRole::Unknown;
  bool AtHandle = (Row->Handle == HandleSlot::Argument ||
                   Row->Handle == HandleSlot::OutArgument) &&
                  static_cast<int>(ArgIndex) == handleArg(*Row, Call);
  // Where its conditions fail, the library's function does nothing to the
  // child (waitid(P_ALL, 0, ...) ignores its id; a pool noting a child
  // APR_KILL_NEVER never waits for it).
  if (Row->Role != ApiRole::Start && !conditionsHold(Row->When, Call, Ctx))
    return CallRole::Harmless;
  switch (Row->Role) {
  case ApiRole::Reap:
    if (!AtHandle)
      return CallRole::Harmless;
    return !Row->PollWhen.empty() && conditionsHold(Row->PollWhen, Call, Ctx)
               ? CallRole::Poll
               : CallRole::Reap;
  case ApiRole::Poll:
    return AtHandle ? CallRole::Poll : CallRole::Harmless;
  case ApiRole::Kill:
    return AtHandle ? CallRole::Signal : CallRole::Harmless;
  case ApiRole::CloseStream:
    return AtHandle ? CallRole::Fclose : CallRole::Harmless;
  case ApiRole::HandOff:
    return AtHandle ? CallRole::HandOff : CallRole::Harmless;
  case ApiRole::Harmless:
    if (Row->Handle == HandleSlot::Argument && !AtHandle)
      return CallRole::Unknown;
    return CallRole::Harmless;
  case ApiRole::ReapAny:
  case ApiRole::SignalInstall:
  case ApiRole::ReapsItself:
  case ApiRole::Detach:
  case ApiRole::StartsReaper:
    return CallRole::Harmless;
  case ApiRole::ThreadStart:
    // A child given to a thread as its argument: judged as for any call.
    return CallRole::Unknown;
  case ApiRole::Start:
    // A start receiving a handle (posix_spawn(&pid) of its own) is decided
    // by the analysis.
    return CallRole::Unknown;
  }
  return CallRole::Unknown;
}

bool ProcessApiModel::takesHandleByAddress(const CallExpr &Call,
                                           unsigned ArgIndex) const {
  const ApiDescriptor *Row = rowOf(Call);
  return Row && Row->Role != ApiRole::Start &&
         Row->Handle == HandleSlot::OutArgument &&
         static_cast<int>(ArgIndex) == handleArg(*Row, Call);
}

std::optional<unsigned>
ProcessApiModel::duplicatedHandleArg(const CallExpr &Call) const {
  const ApiDescriptor *Row = rowOf(Call);
  int Arg = Row ? handleArg(*Row, Call) : -1;
  if (!Row || !Row->Duplicates || Arg < 0 ||
      static_cast<unsigned>(Arg) >= Call.getNumArgs())
    return std::nullopt;
  return static_cast<unsigned>(Arg);
}

const Expr *ProcessApiModel::parentTidSource(const CallExpr &Call,
                                             const ASTContext &Ctx,
                                             bool &IsCloneArgs) const {
  const ApiDescriptor *Row = rowOf(Call);
  if (!Row || !startOf(Call, Ctx))
    return nullptr;
  llvm::StringRef Name;
  unsigned First = 0;
  if (Row->Handler == Quirk::SyscallNumber) {
    Name = startingSyscall(Call, Ctx);
    First = 1;
  } else if (Row->Handler == Quirk::CloneFlags) {
    Name = "clone";
  }
  // clone(fn, stack, flags, arg, parent_tid, tls, child_tid) in glibc;
  // the raw syscall on x86 takes (flags, stack, parent_tid, child_tid, tls).
  unsigned Index = Name == "clone3" ? 0 : First ? 2 : 4;
  if ((Name != "clone" && Name != "clone3") ||
      Call.getNumArgs() <= First + Index)
    return nullptr;
  IsCloneArgs = Name == "clone3";
  return Call.getArg(First + Index);
}

bool ProcessApiModel::isReapAny(const CallExpr &Call,
                                const ASTContext &Ctx) const {
  const ApiDescriptor *Row = rowOf(Call);
  if (!Row)
    return false;
  if (Row->Role == ApiRole::ReapAny)
    return conditionsHold(Row->When, Call, Ctx);
  return Row->Role == ApiRole::Reap && !Row->AnyWhen.empty() &&
         conditionsHold(Row->AnyWhen, Call, Ctx);
}

bool ProcessApiModel::reapsEveryChild(const CallExpr &Call,
                                      const ASTContext &Ctx) const {
  if (!isReapAny(Call, Ctx))
    return false;
  const ApiDescriptor *Row = rowOf(Call);
  if (Row->Role == ApiRole::ReapAny && Row->EveryWhen.empty())
    return true;
  return !Row->EveryWhen.empty() && conditionsHold(Row->EveryWhen, Call, Ctx);
}

bool ProcessApiModel::isPollingWait(const CallExpr &Call,
                                    const ASTContext &Ctx) const {
  const ApiDescriptor *Row = rowOf(Call);
  if (!Row)
    return false;
  if (Row->Role == ApiRole::Poll)
    return true;
  return (Row->Role == ApiRole::Reap || Row->Role == ApiRole::ReapAny) &&
         !Row->PollWhen.empty() && conditionsHold(Row->PollWhen, Call, Ctx);
}

std::string ProcessApiModel::apiName(const CallExpr &Call) const {
  const FunctionDecl *FD = Call.getDirectCallee();
  if (!FD)
    return "?";
  unsigned M = 0;
  const ApiDescriptor *Row = findActive(*FD, &M);
  // The options name functions as the user wrote them; a row of a library
  // model names its API as the library does.
  if (!Row || fromOptions(M))
    return FD->getNameAsString();
  return Row->Name;
}

bool ProcessApiModel::isErrorCode(QualType T) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record)
    return false;
  std::string Name = Record->getQualifiedNameAsString();
  return Name == "std::error_code" || Name == "boost::system::error_code";
}

//===----------------------------------------------------------------------===//
// Questions about one function, answered from its row.
//===----------------------------------------------------------------------===//

bool ProcessApiModel::isGlobalCFunction(const FunctionDecl &FD) {
  return FD.getIdentifier() &&
         FD.getDeclContext()->getRedeclContext()->isTranslationUnit();
}

bool ProcessApiModel::opensPipe(const FunctionDecl &FD) const {
  const ApiDescriptor *Row = find(FD);
  return Row && Row->Role == ApiRole::Start && Row->Type == HandleType::Stream;
}

bool ProcessApiModel::isFclose(const FunctionDecl &FD) const {
  const ApiDescriptor *Row = find(FD);
  return Row && Row->Role == ApiRole::CloseStream;
}

bool ProcessApiModel::installsSignalHandler(const FunctionDecl &FD) const {
  const ApiDescriptor *Row = find(FD);
  return Row && Row->Role == ApiRole::SignalInstall;
}

bool ProcessApiModel::installsOneShot(const FunctionDecl &FD) const {
  const ApiDescriptor *Row = find(FD);
  return Row && Row->Role == ApiRole::SignalInstall && Row->OneShot;
}

bool ProcessApiModel::isSigchld(const Expr &Sig, ASTContext &Ctx) {
  llvm::StringRef Text = writtenText(Sig, Ctx).trim();
  if (Text == "SIGCHLD" || Text == "SIGCLD")
    return true;
  auto Value = constantArgument(&Sig, Ctx);
  return Value && *Value == SigchldOnLinux;
}

bool ProcessApiModel::isFormattedArgument(const FunctionDecl *FD,
                                          unsigned ArgIndex) {
  if (!FD || !FD->isVariadic())
    return false;
  const auto *Format = FD->getAttr<FormatAttr>();
  // FirstArg counts from 1, and counts `this` of an instance method; 0 means
  // a va_list, not variadic arguments.
  if (!Format || Format->getFirstArg() <= 0)
    return false;
  unsigned First = Format->getFirstArg() - 1;
  if (const auto *Method = dyn_cast<CXXMethodDecl>(FD);
      Method && Method->isInstance())
    --First;
  return ArgIndex >= First;
}

bool ProcessApiModel::takesNoOwnership(const FunctionDecl *FD,
                                       unsigned ArgIndex, ASTContext &Ctx) {
  if (isFormattedArgument(FD, ArgIndex))
    return true;
  if (!FD || !Ctx.getSourceManager().isInSystemHeader(FD->getLocation()))
    return false;
  if (!Ctx.getLangOpts().CPlusPlus || FD->isExternC() ||
      FD->isInExternCContext())
    return true;
  // A C++ library function taking the pid by value cannot keep it unless it
  // is a member or constructor (containers): std::to_string, std::abs...
  if (isa<CXXMethodDecl>(FD) || ArgIndex >= FD->getNumParams())
    return false;
  QualType T = FD->getParamDecl(ArgIndex)->getType();
  return T->isArithmeticType() && !T->isReferenceType();
}

} // namespace reapcheck
