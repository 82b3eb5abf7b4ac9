/* args.c -- reading a command's options (args.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "args.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>

#include "core/util.h"

int gt_usage_error(const char *cmd, const char *fmt, const char *arg)
{
    fprintf(stderr, "gtsearch %s: ", cmd);
    fprintf(stderr, fmt, arg);
    fprintf(stderr, "\nTry 'gtsearch %s --help'.\n", cmd);
    return GT_EXIT_USAGE;
}

int gt_arg_long(const char *cmd, int argc, char **argv, int *i, long min, long max, long *out)
{
    if (*i + 1 >= argc || gt_parse_long(argv[*i + 1], min, max, out) < 0) {
        char what[96];
        snprintf(what, sizeof what, "%%s needs a number from %ld to %ld", min, max);
        gt_usage_error(cmd, what, argv[*i]);
        return -1;
    }
    ++*i;
    return 0;
}

int gt_arg_double(const char *cmd, int argc, char **argv, int *i, double min, double max,
                  double *out)
{
    char *end = NULL;
    double v = *i + 1 < argc ? strtod(argv[*i + 1], &end) : NAN;
    if (!end || end == argv[*i + 1] || *end || !(v >= min && v <= max)) {
        char what[96];
        snprintf(what, sizeof what, "%%s needs a number from %g to %g", min, max);
        gt_usage_error(cmd, what, argv[*i]);
        return -1;
    }
    *out = v;
    ++*i;
    return 0;
}

bool gt_same_file(const char *path, const char *out_path)
{
    struct stat a, b;
    return stat(path, &a) == 0 && stat(out_path, &b) == 0 && a.st_dev == b.st_dev &&
           a.st_ino == b.st_ino && S_ISREG(a.st_mode);
}
