#include "symbolize.h"

#include <dlfcn.h>
#include <elfutils/libdw.h>
#include <elfutils/libdwfl.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Address range of a compile unit, for modules whose CUs libdw cannot find
 * by address itself (below). */
struct CuRange {
  Dwarf_Addr Lo, Hi;
  Dwarf_Off Die;
};

/* One Dwfl per module, reported at bias 0 so that module-relative
 * addresses are the file's own addresses. */
struct Cached {
  char *Path;
  Dwfl *D;
  int Indexed;
  struct CuRange *Ranges;
  size_t NRanges;
};
static struct Cached *Cache;
static size_t NCache;

static char *DebugPath;
static const Dwfl_Callbacks Callbacks = {
    .find_elf = dwfl_build_id_find_elf,
    .find_debuginfo = dwfl_standard_find_debuginfo,
    .section_address = dwfl_offline_section_address,
    .debuginfo_path = &DebugPath,
};

static struct Cached *cachedFor(const char *Path) {
  for (size_t I = 0; I < NCache; ++I)
    if (strcmp(Cache[I].Path, Path) == 0)
      return &Cache[I];
  Dwfl *D = dwfl_begin(&Callbacks);
  if (D) {
    int Fd = open(Path, O_RDONLY | O_CLOEXEC);
    /* libdwfl owns the descriptor from here on. */
    if (Fd < 0 || !dwfl_report_elf(D, Path, Path, Fd, 0, false)) {
      if (Fd >= 0)
        close(Fd);
      dwfl_end(D);
      D = NULL;
    } else {
      dwfl_report_end(D, NULL, NULL);
    }
  }
  static size_t CacheCap;
  if (rc_reserve((void **)&Cache, &CacheCap, NCache + 1, sizeof(*Cache))) {
    if (D)
      dwfl_end(D);
    return NULL;
  }
  memset(&Cache[NCache], 0, sizeof(*Cache));
  Cache[NCache].Path = strdup(Path);
  Cache[NCache].D = D;
  return &Cache[NCache++];
}

/* C++ names: use the C++ runtime's demangler when one is in the process or
 * can be loaded; print the mangled name otherwise. */
typedef char *(*demangle_fn)(const char *, char *, size_t *, int *);
static void demangle(const char *Name, char *Out, size_t Size) {
  static demangle_fn Fn;
  static int Tried;
  if (!Tried) {
    Tried = 1;
    Fn = (demangle_fn)dlsym(RTLD_DEFAULT, "__cxa_demangle");
    if (!Fn) {
      void *H = dlopen("libstdc++.so.6", RTLD_LAZY | RTLD_LOCAL);
      if (H)
        Fn = (demangle_fn)dlsym(H, "__cxa_demangle");
    }
  }
  int Status = -1;
  char *D = (Fn && Name[0] == '_' && Name[1] == 'Z')
                ? Fn(Name, NULL, NULL, &Status)
                : NULL;
  snprintf(Out, Size, "%s", D && Status == 0 ? D : Name);
  free(D);
}

static int byLo(const void *A, const void *B) {
  const struct CuRange *X = A, *Y = B;
  return (X->Lo > Y->Lo) - (X->Lo < Y->Lo);
}

/* Every CU's address ranges, sorted, built once per module. */
static void indexCus(struct Cached *C, Dwarf *Dw) {
  C->Indexed = 1;
  size_t Cap = 0;
  Dwarf_Off Off = 0, Next;
  size_t HeaderSize;
  while (dwarf_nextcu(Dw, Off, &Next, &HeaderSize, NULL, NULL, NULL) == 0) {
    Dwarf_Die Cu;
    if (dwarf_offdie(Dw, Off + HeaderSize, &Cu)) {
      Dwarf_Addr Base, Lo, Hi;
      ptrdiff_t It = 0;
      while ((It = dwarf_ranges(&Cu, It, &Base, &Lo, &Hi)) > 0) {
        if (rc_reserve((void **)&C->Ranges, &Cap, C->NRanges + 1,
                       sizeof(*C->Ranges)))
          return;
        C->Ranges[C->NRanges++] = (struct CuRange){Lo, Hi, Off + HeaderSize};
      }
    }
    Off = Next;
  }
  if (C->NRanges > 1)
    qsort(C->Ranges, C->NRanges, sizeof(*C->Ranges), byLo);
}

/* libdw before 0.191 finds a CU by address through .debug_aranges only,
 * which clang does not emit: then find it in our own index. */
static const char *lineByCuIndex(struct Cached *C, Dwfl_Module *M,
                                 Dwarf_Addr Pc, int *Line) {
  Dwarf_Addr Bias;
  Dwarf *Dw = dwfl_module_getdwarf(M, &Bias);
  if (!Dw)
    return NULL;
  if (!C->Indexed)
    indexCus(C, Dw);
  Dwarf_Addr Addr = Pc - Bias;
  /* The last range starting at or before Addr, then back over overlaps. */
  size_t Lo = 0, Hi = C->NRanges;
  while (Lo < Hi) {
    size_t Mid = (Lo + Hi) / 2;
    if (C->Ranges[Mid].Lo <= Addr)
      Lo = Mid + 1;
    else
      Hi = Mid;
  }
  for (size_t I = Lo; I-- > 0;) {
    if (Addr >= C->Ranges[I].Hi)
      continue;
    Dwarf_Die Cu;
    if (!dwarf_offdie(Dw, C->Ranges[I].Die, &Cu))
      return NULL;
    Dwarf_Line *L = dwarf_getsrc_die(&Cu, Addr);
    if (!L || dwarf_lineno(L, Line) != 0)
      return NULL;
    return dwarf_linesrc(L, NULL, NULL);
  }
  return NULL;
}

void rc_symbolize(const char *Module, uint64_t Off, struct rc_sym *Out) {
  memset(Out, 0, sizeof(*Out));
  if (!Module || strcmp(Module, "?") == 0)
    return;
  struct Cached *C = cachedFor(Module);
  Dwfl *D = C ? C->D : NULL;
  if (!D)
    return;
  Dwarf_Addr Pc = Off ? Off - 1 : 0;
  Dwfl_Module *M = dwfl_addrmodule(D, Pc);
  if (!M)
    return;
  const char *Name = dwfl_module_addrname(M, Pc);
  if (Name)
    demangle(Name, Out->Func, sizeof(Out->Func));
  Dwfl_Line *L = dwfl_module_getsrc(M, Pc);
  int Line = 0;
  const char *File = L ? dwfl_lineinfo(L, NULL, &Line, NULL, NULL, NULL) : NULL;
  if (!File)
    File = lineByCuIndex(C, M, Pc, &Line);
  if (File && Line > 0) {
    snprintf(Out->File, sizeof(Out->File), "%s", File);
    Out->Line = Line;
  }
}

void rc_format_frame(const char *Module, uint64_t Off, const struct rc_sym *S,
                     char *Buf, size_t Size) {
  int N;
  if (S->File[0])
    N = snprintf(Buf, Size, "%s:%d", S->File, S->Line);
  else
    N = snprintf(Buf, Size, "%s+0x%llx", Module, (unsigned long long)Off);
  if (S->Func[0] && N >= 0 && (size_t)N < Size)
    snprintf(Buf + N, Size - N, " in %s", S->Func);
}

static int isSystemModule(const char *Module) {
  static const char *const Dirs[] = {"/lib/", "/lib64/", "/usr/lib/",
                                     "/usr/lib64/"};
  for (size_t I = 0; I < sizeof(Dirs) / sizeof(*Dirs); ++I)
    if (strncmp(Module, Dirs[I], strlen(Dirs[I])) == 0)
      return 1;
  return 0;
}

void rc_headline(const struct rc_frame *Frames, int N, char *Out, size_t Size) {
  snprintf(Out, Size, "an unrecorded site");
  /* 0: own code with file:line; 1: own code without (a program built
   * without -g: its frame says more than libc's start-up code); 2: a
   * system library with file:line; 3: anything. */
  int Best = 4;
  for (int I = 0; I < N && Best > 0; ++I) {
    struct rc_sym Sym;
    rc_symbolize(Frames[I].Module, Frames[I].Off, &Sym);
    int System = isSystemModule(Frames[I].Module);
    int Rank = !System ? (Sym.File[0] ? 0 : 1) : (Sym.File[0] ? 2 : 3);
    if (Rank < Best) {
      Best = Rank;
      rc_format_frame(Frames[I].Module, Frames[I].Off, &Sym, Out, Size);
    }
  }
}
