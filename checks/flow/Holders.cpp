//===--- Holders.cpp - Which locals hold which child ----------------------===//

#include "flow/Holders.h"
#include "support/AstHelpers.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"

using namespace clang;

namespace reapcheck {

namespace {
/// Copy edges between locals: `To = From` or `T To = From`, and duplicate
/// edges `To = pidfd_open(From, 0)` (another handle of the same child).
class CopyGraph {
public:
  explicit CopyGraph(const ProcessApiModel &Model) : Model(Model) {}

  void add(const Expr *From, const VarDecl *To) {
    if (!To || !To->hasLocalStorage())
      return;
    // `b = c ? a : -1`: every arm that names a local is a source.
    for (const Expr *Arm : valueArms(From)) {
      bool Duplicate = false;
      const VarDecl *Src = sourceOf(Arm, Duplicate);
      if (Src && To != Src)
        Edges[Src].push_back({To, Duplicate});
    }
  }

  /// A copy of \p From's value in \p To made other than by assignment.
  void addEdge(const VarDecl *From, const VarDecl *To) {
    if (From != To && To->hasLocalStorage())
      Edges[From].push_back({To, /*Duplicate=*/false});
  }

  /// \p Root and every local reachable from it by copies into \p Out; those
  /// reached through a duplicate edge also into \p Dups.
  void closure(const VarDecl *Root, llvm::SmallPtrSetImpl<const VarDecl *> &Out,
               llvm::SmallPtrSetImpl<const VarDecl *> &Dups) const {
    llvm::SmallVector<const VarDecl *, 4> Work{Root};
    Out.insert(Root);
    while (!Work.empty()) {
      const VarDecl *From = Work.pop_back_val();
      auto It = Edges.find(From);
      if (It == Edges.end())
        continue;
      for (const Edge &E : It->second) {
        if (E.Duplicate || Dups.count(From))
          Dups.insert(E.To);
        if (Out.insert(E.To).second)
          Work.push_back(E.To);
      }
    }
  }

private:
  struct Edge {
    const VarDecl *To;
    bool Duplicate;
  };

  const VarDecl *sourceOf(const Expr *From, bool &Duplicate) const {
    const Expr *E = skipTransparent(From);
    // copy = pid = fork(): the inner assignment's value is pid.
    if (const auto *Inner = dyn_cast_or_null<BinaryOperator>(E))
      if (Inner->getOpcode() == BO_Assign)
        return varOf(Inner->getLHS());
    // auto h = proc.detach(): the returned handle carries the child.
    if (const auto *Member = dyn_cast_or_null<CXXMemberCallExpr>(E))
      if (const CXXMethodDecl *M = Member->getMethodDecl())
        if (Model.memberEffect(*M, Member, M->getASTContext()) ==
            ProcessApiModel::MemberEffect::Detach)
          return varOf(Member->getImplicitObjectArgument());
    // std::optional<pid_t> c = pid: the optional holds the pid.
    if (const auto *Wrap = dyn_cast_or_null<CXXConstructExpr>(E);
        Wrap && Wrap->getNumArgs() == 1 && isStdOptional(Wrap->getType()))
      return sourceOf(Wrap->getArg(0), Duplicate);
    if (const auto *Call = dyn_cast_or_null<CallExpr>(E))
      if (auto Arg = Model.duplicatedHandleArg(*Call)) {
        Duplicate = true;
        return varOf(Call->getArg(*Arg));
      }
    return varOf(E);
  }

  const ProcessApiModel &Model;
  llvm::DenseMap<const VarDecl *, llvm::SmallVector<Edge, 2>> Edges;
};
} // namespace

static void collectCopies(const Stmt *Body, CopyGraph &Copies) {
  walkStmts(Body, Closures::Enter, [&](const Stmt *S) {
    if (const auto *DS = dyn_cast<DeclStmt>(S)) {
      for (const Decl *D : DS->decls())
        if (const auto *V = dyn_cast<VarDecl>(D))
          if (V->getInit() && !V->isStaticLocal())
            Copies.add(V->getInit(), V);
    } else if (const auto *BO = dyn_cast<BinaryOperator>(S)) {
      if (BO->getOpcode() == BO_Assign)
        Copies.add(BO->getRHS(), varOf(BO->getLHS()));
    } else if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(S)) {
      // `c = pid` into a std::optional local.
      if (Op->getOperator() == OO_Equal && Op->getNumArgs() == 2 &&
          isStdOptional(Op->getArg(0)->getType()))
        Copies.add(Op->getArg(1), varOf(Op->getArg(0)));
    } else if (const auto *Lambda = dyn_cast<LambdaExpr>(S)) {
      for (const LambdaCapture &C : Lambda->captures())
        if (C.capturesVariable() && Lambda->isInitCapture(&C))
          if (const auto *V = dyn_cast_or_null<VarDecl>(C.getCapturedVar()))
            if (V->getInit())
              Copies.add(V->getInit(), V);
    }
    return true;
  });
}

/// The local \p Call's result is kept in (`r = waitpid(...)`), if any.
static const VarDecl *resultVar(const CallExpr &Call, const BodyContext &Body) {
  const Stmt *Child = nullptr;
  const Stmt *P = Body.parentSkipping(&Call, &Child);
  if (const auto *DS = dyn_cast_or_null<DeclStmt>(P))
    for (const Decl *D : DS->decls())
      if (const auto *V = dyn_cast<VarDecl>(D))
        if (V->getInit() == Child)
          return V;
  if (const auto *BO = dyn_cast_or_null<BinaryOperator>(P))
    if (BO->getOpcode() == BO_Assign && BO->getRHS() == Child)
      return varOf(BO->getLHS());
  return nullptr;
}

static const VarDecl *addressedLocal(const Expr *E);

/// Records each WNOHANG wait on a holder of a site, and where its result goes.
static void collectPolls(const BodyContext &Body, const ProcessApiModel &Model,
                         std::vector<Site> &Sites) {
  ASTContext &Ctx = Body.astContext();
  walkStmts(Body.body(), Closures::Skip, [&](const Stmt *S) {
    const auto *Call = dyn_cast<CallExpr>(S);
    if (!Call)
      return true;
    auto Polled = [&](const VarDecl *V) {
      for (Site &S : Sites) {
        if (!V || !S.Holders.count(V))
          continue;
        S.Polls.insert(Call);
        S.PollPending = Model.pendingResult(*Call);
        if (const VarDecl *Result = resultVar(*Call, Body))
          S.PollResults.insert(Result);
      }
    };
    // `p.tryWait()`: a poll method of the child object.
    if (const auto *Member = dyn_cast<CXXMemberCallExpr>(Call))
      if (const CXXMethodDecl *Method = Member->getMethodDecl();
          Method && Model.memberEffect(*Method, Call, Ctx) ==
                        ProcessApiModel::MemberEffect::Poll)
        Polled(varOf(Member->getImplicitObjectArgument()));
    for (unsigned I = 0; I < Call->getNumArgs(); ++I) {
      if (Model.roleForArg(*Call, I, Ctx) != CallRole::Poll)
        continue;
      const VarDecl *V = varOf(Call->getArg(I));
      // `subprocess_alive(&process)`: a row taking its handle by address.
      if (!V && Model.takesHandleByAddress(*Call, I))
        V = addressedLocal(Call->getArg(I));
      Polled(V);
    }
    return true;
  });
}

/// The local whose address \p E is (`&pid`, `(uint64_t)&pid`), if any.
static const VarDecl *addressedLocal(const Expr *E) {
  const auto *Addr = dyn_cast_or_null<UnaryOperator>(skipTransparent(E));
  if (!Addr || Addr->getOpcode() != UO_AddrOf)
    return nullptr;
  const VarDecl *V = varOf(Addr->getSubExpr());
  return V && V->hasLocalStorage() ? V : nullptr;
}

/// What the `parent_tid` member of the local struct \p Args is set to, in
/// its initialiser or by an assignment of the body.
static const VarDecl *parentTidOf(const VarDecl &Args, const Stmt *Body) {
  const auto *Record = Args.getType()->getAsRecordDecl();
  if (!Record)
    return nullptr;
  const FieldDecl *Field = nullptr;
  for (const FieldDecl *F : Record->fields())
    if (F->getIdentifier() && F->getName() == "parent_tid")
      Field = F;
  if (!Field)
    return nullptr;
  if (const auto *Init = dyn_cast_or_null<InitListExpr>(
          Args.getInit() ? Args.getInit()->IgnoreImplicit() : nullptr)) {
    if (const InitListExpr *Syntactic =
            Init->isSemanticForm() ? Init : Init->getSemanticForm())
      if (Field->getFieldIndex() < Syntactic->getNumInits())
        if (const VarDecl *V =
                addressedLocal(Syntactic->getInit(Field->getFieldIndex())))
          return V;
  }
  const VarDecl *Found = nullptr;
  walkStmts(Body, Closures::Skip, [&](const Stmt *S) {
    const auto *BO = dyn_cast<BinaryOperator>(S);
    if (!BO || BO->getOpcode() != BO_Assign)
      return !Found;
    const auto *Member = dyn_cast<MemberExpr>(skipTransparent(BO->getLHS()));
    if (!Found && Member && Member->getMemberDecl() == Field &&
        varOf(Member->getBase()) == &Args)
      Found = addressedLocal(BO->getRHS());
    return !Found;
  });
  return Found;
}

/// clone() and clone3() with CLONE_PARENT_SETTID also write the child's pid
/// where `parent_tid` points (skalibs' fork_newpid returns that copy): a
/// local it points to is a copy of the handle.
static void collectParentTids(const BodyContext &Body,
                              const ProcessApiModel &Model,
                              llvm::ArrayRef<Site> Sites, CopyGraph &Copies) {
  for (const Site &S : Sites) {
    if (!S.Call || !S.Var)
      continue;
    bool IsCloneArgs = false;
    const Expr *Source =
        Model.parentTidSource(*S.Call, Body.astContext(), IsCloneArgs);
    if (!Source)
      continue;
    const VarDecl *Target = addressedLocal(Source);
    if (IsCloneArgs)
      Target = Target ? parentTidOf(*Target, Body.body()) : nullptr;
    if (Target)
      Copies.addEdge(S.Var, Target);
  }
}

HolderIndex::HolderIndex(const BodyContext &Body, const ProcessApiModel &Model,
                         std::vector<Site> &Sites) {
  CopyGraph Copies(Model);
  collectCopies(Body.body(), Copies);
  collectParentTids(Body, Model, Sites, Copies);
  for (SiteId I = 0; I < Sites.size(); ++I) {
    Site &S = Sites[I];
    if (!S.Var)
      continue;
    Copies.closure(S.Var, S.Holders, S.Duplicates);
    for (const VarDecl *V : S.Holders)
      HeldBy[V].push_back(I);
  }
  collectPolls(Body, Model, Sites);
}

llvm::ArrayRef<SiteId> HolderIndex::sitesHeldBy(const VarDecl *V) const {
  auto It = HeldBy.find(V);
  if (It == HeldBy.end())
    return {};
  return It->second;
}

/// True when \p T is (a reference to) the class std::<Name> of libstdc++ or
/// libc++ (which declares it in an inline namespace of std).
static bool isStdClass(QualType T, StringRef Name) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record || !Record->getIdentifier() || Record->getName() != Name)
    return false;
  const DeclContext *In =
      Record->getDeclContext()->getEnclosingNamespaceContext();
  const auto *NS = dyn_cast<NamespaceDecl>(In);
  while (NS && NS->isInline())
    NS = dyn_cast<NamespaceDecl>(NS->getParent());
  return NS && NS->getIdentifier() && NS->getName() == "std" &&
         NS->getParent()->getRedeclContext()->isTranslationUnit();
}

bool isStdOptional(QualType T) { return isStdClass(T, "optional"); }

bool isStdPair(QualType T) { return isStdClass(T, "pair"); }

/// True when \p T is a container that stores what it is indexed by: one
/// with a member `key_type` (std::map, std::unordered_map, absl's and
/// Qt's maps alike), unlike a vector, whose index is only a position.
static bool isKeyed(QualType T) {
  const auto *Record = T.getNonReferenceType()->getAsCXXRecordDecl();
  if (!Record)
    return false;
  for (const Decl *D : Record->decls())
    if (const auto *Alias = dyn_cast<TypedefNameDecl>(D))
      if (Alias->getIdentifier() && Alias->getName() == "key_type")
        return true;
  return false;
}

IndexUse indexUse(const CXXOperatorCallExpr &Op, unsigned Index) {
  if (Op.getOperator() != OO_Subscript || Op.getNumArgs() != 2 || Index != 1)
    return IndexUse::NotIndex;
  return isKeyed(Op.getArg(0)->getType()) ? IndexUse::Key : IndexUse::Position;
}

const ValueDecl *assignedInto(const CallExpr &Call) {
  const auto *Op = dyn_cast<CXXOperatorCallExpr>(&Call);
  if (!Op || Op->getOperator() != OO_Equal || Op->getNumArgs() != 2 ||
      !isStdOptional(Op->getArg(0)->getType()))
    return nullptr;
  return holderOf(Op->getArg(0));
}

const ValueDecl *holderOf(const Expr *E) {
  E = skipTransparent(E);
  if (!E)
    return nullptr;
  if (const auto *Addr = dyn_cast<UnaryOperator>(E))
    return Addr->getOpcode() == UO_AddrOf ? holderOf(Addr->getSubExpr())
                                          : nullptr;
  if (const auto *Member = dyn_cast<MemberExpr>(E))
    return dyn_cast<FieldDecl>(Member->getMemberDecl());
  if (const auto *Subscript = dyn_cast<ArraySubscriptExpr>(E))
    return holderOf(Subscript->getBase());
  if (const auto *Op = dyn_cast<CXXOperatorCallExpr>(E)) {
    // `kids_[i]`; `*child_`, `child_->` of a std::optional.
    OverloadedOperatorKind Kind = Op->getOperator();
    if (Op->getNumArgs() > 0 &&
        (Kind == OO_Subscript ||
         ((Kind == OO_Star || Kind == OO_Arrow) &&
          isStdOptional(Op->getArg(0)->getType()))))
      return holderOf(Op->getArg(0));
    return nullptr;
  }
  // `child_.value()` of a std::optional.
  if (const auto *Member = dyn_cast<CXXMemberCallExpr>(E))
    if (const CXXMethodDecl *M = Member->getMethodDecl();
        M && M->getIdentifier() && M->getName() == "value" &&
        isStdOptional(Member->getImplicitObjectArgument()->getType()))
      return holderOf(Member->getImplicitObjectArgument());
  if (const VarDecl *V = varOf(E))
    return V->hasGlobalStorage() ? V : nullptr;
  return nullptr;
}

/// Member functions that return an iterator into the container.
static bool returnsIterator(StringRef Name) {
  return Name == "begin" || Name == "cbegin" || Name == "rbegin" ||
         Name == "crbegin" || Name == "find" || Name == "lower_bound" ||
         Name == "upper_bound";
}

const Expr *elementSource(const Expr *E) {
  E = skipTransparent(E);
  if (!E)
    return nullptr;
  if (const auto *Member = dyn_cast<MemberExpr>(E)) {
    // `kv.first`, `kv.second` of a std::pair; `it->first` of an iterator.
    const Expr *Base = skipTransparent(Member->getBase());
    if (const auto *Arrow = dyn_cast<CXXOperatorCallExpr>(Base);
        Arrow && Arrow->getOperator() == OO_Arrow &&
        !isStdOptional(Arrow->getArg(0)->getType()))
      return Arrow->getArg(0);
    if (!Member->isArrow() && isStdPair(Base->getType()))
      return Base;
    return nullptr;
  }
  if (const auto *Deref = dyn_cast<CXXOperatorCallExpr>(E)) {
    // `*it` of an iterator (not of a std::optional: holderOf's).
    if (Deref->getOperator() == OO_Star && Deref->getNumArgs() == 1 &&
        !isStdOptional(Deref->getArg(0)->getType()))
      return Deref->getArg(0);
    return nullptr;
  }
  if (const auto *Call = dyn_cast<CXXMemberCallExpr>(E))
    if (const CXXMethodDecl *M = Call->getMethodDecl();
        M && M->getIdentifier() && returnsIterator(M->getName()))
      return Call->getImplicitObjectArgument();
  return nullptr;
}

const ValueDecl *insertedInto(const CallExpr &Call) {
  const auto *Member = dyn_cast<CXXMemberCallExpr>(&Call);
  const CXXMethodDecl *Method = Member ? Member->getMethodDecl() : nullptr;
  if (!Method || !Method->getIdentifier())
    return nullptr;
  StringRef Name = Method->getName();
  if (Name != "push_back" && Name != "emplace_back" && Name != "insert" &&
      Name != "emplace" && Name != "push_front" && Name != "emplace_front" &&
      Name != "push" && Name != "try_emplace" && Name != "insert_or_assign")
    return nullptr;
  return holderOf(Member->getImplicitObjectArgument());
}

} // namespace reapcheck
