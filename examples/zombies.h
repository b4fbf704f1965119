/*
 * zombies.h - count the <defunct> children of the calling process.
 *
 * Every example program under examples/ calls report_zombies() as the last
 * thing main() does.  It prints exactly one line, "zombies: N", on stdout,
 * where N is the number of children of this process that have exited but
 * were never waited for.  The lit tests in test/examples/ compare N with the
 * verdict of the process-unreaped-child check.
 *
 * Children that were just signalled (or are just finishing) need a moment to
 * turn into zombies, so the count is taken only once no living child is left
 * and two scans in a row agree, or after about 2.5 seconds.
 *
 * Linux only: it reads /proc/<pid>/stat.  It never starts a process itself.
 */
#ifndef REAPCHECK_EXAMPLES_ZOMBIES_H
#define REAPCHECK_EXAMPLES_ZOMBIES_H

#include <ctype.h>
#include <dirent.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

struct child_census {
    int zombies; /* state 'Z': exited, waiting for its parent to reap it */
    int living;  /* any other state */
};

/*
 * Reads one /proc/<pid>/stat line and tells whether that process is a child
 * of `parent`; its state letter goes to *state.  The second field (comm) is
 * in parentheses and may itself hold spaces or ')' characters, so parsing
 * starts after the LAST ')' of the line: " S 1234 ..." = state, ppid.
 */
static inline int zombies_is_child_(const char *pid_dir, pid_t parent, char *state)
{
    char path[64];
    char line[1024];
    snprintf(path, sizeof path, "/proc/%s/stat", pid_dir);
    FILE *f = fopen(path, "r");
    if (f == NULL)
        return 0; /* the process went away while we were scanning */
    size_t n = fread(line, 1, sizeof line - 1, f);
    fclose(f);
    line[n] = '\0';

    const char *close_paren = strrchr(line, ')');
    if (close_paren == NULL)
        return 0;
    char st = 0;
    int ppid = 0;
    if (sscanf(close_paren + 1, " %c %d", &st, &ppid) != 2)
        return 0;
    if ((pid_t)ppid != parent)
        return 0;
    *state = st;
    return 1;
}

static inline struct child_census zombies_scan_(void)
{
    struct child_census census = {0, 0};
    pid_t self = getpid();
    DIR *proc = opendir("/proc");
    if (proc == NULL)
        return census;
    struct dirent *entry;
    while ((entry = readdir(proc)) != NULL) {
        const char *name = entry->d_name;
        int numeric = name[0] != '\0';
        for (const char *c = name; *c != '\0'; ++c)
            if (!isdigit((unsigned char)*c))
                numeric = 0;
        if (!numeric)
            continue;
        char state = 0;
        if (!zombies_is_child_(name, self, &state))
            continue;
        if (state == 'Z')
            census.zombies++;
        else
            census.living++;
    }
    closedir(proc);
    return census;
}

/* Number of zombie children, once the children have settled (see above). */
static inline int count_zombie_children(void)
{
    const struct timespec tick = {0, 10 * 1000 * 1000}; /* 10 ms */
    struct child_census last = zombies_scan_();
    for (int i = 0; i < 250; ++i) {
        nanosleep(&tick, NULL);
        struct child_census now = zombies_scan_();
        int settled = now.living == 0 && now.zombies == last.zombies;
        last = now;
        if (settled)
            break;
    }
    return last.zombies;
}

/* Prints "zombies: N" on stdout; call it just before main() returns. */
static inline void report_zombies(void)
{
    printf("zombies: %d\n", count_zombie_children());
    fflush(stdout);
}

#endif /* REAPCHECK_EXAMPLES_ZOMBIES_H */
