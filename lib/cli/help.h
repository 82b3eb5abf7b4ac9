/* help.h -- the commands' help: one table that gives `gtsearch --help`
 * its command list and each `gtsearch COMMAND --help` its text (help.c).
 * SPDX-License-Identifier: MIT */
#ifndef GT_CLI_HELP_H
#define GT_CLI_HELP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

struct gt_command_help {
    const char *name;
    const char *alias;          /* another name that runs it, or NULL */
    const char *args;           /* what follows the name on the usage line */
    const char *summary;        /* a few words, for the command list */
    const char *about;          /* a line or two, for the command's help */
    const char *options;        /* one option a line, each with its default;
                                   NULL: none */
    const char *example;
};

/* The commands, in the order the general usage lists them (help_table.c);
 * *n gets their number. */
const struct gt_command_help *gt_help_table(size_t *n);
/* The command named name (or its alias); NULL when there is none. */
const struct gt_command_help *gt_help_find(const char *name);
/* Is --help or -h one of the n words? */
bool gt_help_asked(int n, char **words);
/* The general usage, its command list drawn from the table. */
void gt_help_usage(FILE *out);
/* One command's help. */
void gt_help_command(const struct gt_command_help *h, FILE *out);
/* `gtsearch help [COMMAND]`: words after `help`; the exit status. */
int gt_help_main(int n, char **words);

#endif
