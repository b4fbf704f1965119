/*
 * popen_reader_fixed.c - popen_reader_leak.c with every path pclose()ing.
 *
 * Build: clang -Wall -o popen_reader_fixed popen_reader_fixed.c
 * Prints "zombies: 0".
 */
#include <stdio.h>
#include <string.h>

#include "zombies.h"

static int read_greeting(const char *cmd, const char *expected)
{
    char line[64];
    FILE *fp = popen(cmd, "r");
    if (fp == NULL)
        return -1;
    if (fgets(line, sizeof line, fp) == NULL) {
        pclose(fp);
        return -1;
    }
    line[strcspn(line, "\n")] = '\0';
    if (strcmp(line, expected) != 0) {
        fprintf(stderr, "'%s' answered '%s', not '%s'\n", cmd, line, expected);
        pclose(fp); /* FIX: close the stream and wait for its shell */
        return -1;
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
