/*
 * reapcheck-run's command line: the usage text and the options before
 * `--` (or before PROGRAM).  Nothing after PROGRAM is read: its options
 * are its own.
 */
#include "launcher.h"

#include <getopt.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>

static void usage(FILE *Out) {
  fprintf(Out,
          "usage: " TOOL " [OPTIONS] -- PROGRAM [ARGS...]\n"
          "Runs PROGRAM and reports every child process it started and never\n"
          "reaped, with the place in the program that started it.\n\n"
          "  --json FILE          also write the findings as JSON to FILE\n"
          "  --follow-exec        also check programs PROGRAM's children exec\n"
          "  --no-subreaper       do not adopt orphaned descendants (no orphan\n"
          "                       report; unreaped children judged from the log)\n"
          "  --no-kill            leave still-running leftovers running\n"
          "  --error-exitcode N   exit status when PROGRAM exited 0 but something\n"
          "                       was reported (default 66)\n"
          "  --grace MS           wait up to MS for orphans on their way out\n"
          "                       before reporting them (default 200)\n"
          "  --events FILE        keep the raw event log in FILE\n\n"
          "While it runs, SIGUSR2 to " TOOL " prints the children started and\n"
          "not yet reaped so far.  Exit status: PROGRAM's, or the value above;\n"
          "125 when " TOOL " itself fails, 126/127 when PROGRAM cannot run.\n");
}

/* The value of --error-exitcode ('e', 0 to 255) or --grace ('g'); 0, or -1
 * once the bad value has been said. */
static int parseNumber(int C, const char *Arg, struct Options *O) {
  char *End;
  long V = strtol(Arg, &End, 10);
  if (*End || V < 0 || (C == 'e' && V > 255) || V > INT_MAX) {
    fprintf(stderr, TOOL ": bad value '%s' for --%s\n", Arg,
            C == 'e' ? "error-exitcode" : "grace");
    return -1;
  }
  if (C == 'e')
    O->ErrorExitCode = (int)V;
  else
    O->GraceMs = (int)V;
  return 0;
}

int parseOptions(int Argc, char **Argv, struct Options *O) {
  static const struct option Long[] = {
      {"json", required_argument, 0, 'j'},
      {"follow-exec", no_argument, 0, 'f'},
      {"no-subreaper", no_argument, 0, 's'},
      {"no-kill", no_argument, 0, 'k'},
      {"error-exitcode", required_argument, 0, 'e'},
      {"grace", required_argument, 0, 'g'},
      {"events", required_argument, 0, 'v'},
      {"help", no_argument, 0, 'h'},
      {0, 0, 0, 0}};
  *O = (struct Options){.Subreaper = 1, .Kill = 1, .ErrorExitCode = 66,
                        .GraceMs = 200};
  int C;
  /* '+': stop at the first non-option, PROGRAM's own options are its own. */
  while ((C = getopt_long(Argc, Argv, "+h", Long, NULL)) != -1) {
    switch (C) {
    case 'j':
      O->Json = optarg;
      break;
    case 'f':
      O->FollowExec = 1;
      break;
    case 's':
      O->Subreaper = 0;
      break;
    case 'k':
      O->Kill = 0;
      break;
    case 'e':
    case 'g':
      if (parseNumber(C, optarg, O))
        return -1;
      break;
    case 'v':
      O->Events = optarg;
      break;
    case 'h':
      usage(stdout);
      exit(0);
    default:
      usage(stderr);
      return -1;
    }
  }
  if (optind >= Argc) {
    usage(stderr);
    return -1;
  }
  return optind;
}
