/* args.h -- reading a command's options: numbers in a range, and one
 * message form for every mistake (args.c).
 * SPDX-License-Identifier: MIT */
#ifndef GT_CLI_ARGS_H
#define GT_CLI_ARGS_H

#include <stdbool.h>

enum { GT_EXIT_USAGE = 2 };

/* "gtsearch CMD: " and fmt with arg, then "Try 'gtsearch CMD --help'.";
 * returns GT_EXIT_USAGE. */
int gt_usage_error(const char *cmd, const char *fmt, const char *arg);
/* argv[*i] is an option that takes a number in [min, max] as the next
 * word: read it into *out and step over it; -1 with a message if absent
 * or out of range. */
int gt_arg_long(const char *cmd, int argc, char **argv, int *i, long min, long max, long *out);
int gt_arg_double(const char *cmd, int argc, char **argv, int *i, double min, double max,
                  double *out);

/* Is path the very regular file out_path names (which fopen would
 * empty before it is read)? */
bool gt_same_file(const char *path, const char *out_path);

#endif
