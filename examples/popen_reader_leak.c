/*
 * popen_reader_leak.c - a popen() stream left open on one path.
 *
 * read_greeting() runs a command through popen() and checks that the first
 * line it prints is the greeting it expects.  When the reply is something
 * else, it gives up without pclose(), so the shell that popen() started is
 * never waited for and stays <defunct> (and the stream leaks too).
 *
 * Build: clang -Wall -o popen_reader_leak popen_reader_leak.c
 * Prints "zombies: 1".
 */
#include <stdio.h>
#include <string.h>

#include "zombies.h"

static int read_greeting(const char *cmd, const char *expected)
{
    char line[64];
    FILE *fp = popen(cmd, "r");
    // CHECK-MESSAGES: :[[@LINE-1]]:16: warning: child process 'fp' started by 'popen' is not reaped on every path [process-unreaped-child]
    if (fp == NULL)
        return -1;
    if (fgets(line, sizeof line, fp) == NULL) {
        // CHECK-MESSAGES: :[[@LINE-1]]:9: note: assuming 'fgets(line, sizeof line, fp) == NULL' is false
        pclose(fp);
        return -1;
    }
    line[strcspn(line, "\n")] = '\0';
    if (strcmp(line, expected) != 0) {
        // CHECK-MESSAGES: :[[@LINE-1]]:9: note: assuming 'strcmp(line, expected) != 0' is true
        fprintf(stderr, "'%s' answered '%s', not '%s'\n", cmd, line, expected);
        return -1; /* BUG: no pclose() on this path */
        // CHECK-MESSAGES: :[[@LINE-1]]:9: note: child process 'fp' is still unreaped when the function returns here
    }
    return pclose(fp) == 0 ? 0 : -1;
}

int main(void)
{
    if (read_greeting("echo hello", "hello") != 0)
        fprintf(stderr, "first greeting failed\n");
    if (read_greeting("echo hi", "hello") != 0)
        fprintf(stderr, "second greeting rejected, as expected\n");
    report_zombies();
    return 0;
}
