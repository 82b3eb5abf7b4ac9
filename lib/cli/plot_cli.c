/* plot_cli.c -- the `plot` command: progress files drawn as one SVG.
 *
 *   gtsearch plot FILE... --out PICTURE.svg [--title TEXT]
 *
 * The files are the JSON lines that match, spsa, tune and train write
 * with --progress FILE, all of one kind.  Every file is read and the
 * picture made before PICTURE.svg is opened: a bad file leaves an older
 * picture as it was.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "plot_cli.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "args.h"
#include "plot/plot.h"

/* Are a and b one file (the picture would overwrite its data)? */
static int same_file(const char *a, const char *b)
{
    struct stat x, y;
    return stat(a, &x) == 0 && stat(b, &y) == 0 && x.st_dev == y.st_dev && x.st_ino == y.st_ino;
}

int gt_plot_main(int argc, char **argv)
{
    const char *out_path = NULL, *title = NULL;
    int nfiles = 0, rc = 1;
    const char **names = calloc((size_t)argc + 1, sizeof *names);
    struct gt_progress *files = calloc((size_t)argc + 1, sizeof *files);
    char *svg = NULL, err[1024];
    size_t len = 0;
    if (!names || !files) {
        fprintf(stderr, "gtsearch plot: out of memory\n");
        goto out;
    }
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i];
        if (!strcmp(a, "--out") && i + 1 < argc)
            out_path = argv[++i];
        else if (!strcmp(a, "--title") && i + 1 < argc)
            title = argv[++i];
        else if (a[0] == '-' && a[1]) {
            rc = gt_usage_error("plot", "unknown or incomplete option '%s'", a);
            goto out;
        } else
            names[nfiles++] = a;
    }
    if (!nfiles) {
        rc = gt_usage_error("plot", "%s", "name at least one progress file (match, spsa, tune "
                            "or train --progress FILE writes them)");
        goto out;
    }
    if (!out_path) {
        rc = gt_usage_error("plot", "%s", "name the picture to write: --out PICTURE.svg");
        goto out;
    }
    for (int i = 0; i < nfiles; i++)
        if (same_file(names[i], out_path)) {
            rc = gt_usage_error("plot", "'%s' is both a progress file and the picture",
                                names[i]);
            goto out;
        }
    for (int i = 0; i < nfiles; i++)
        if (gt_progress_read(names[i], &files[i], err, sizeof err) < 0) {
            fprintf(stderr, "gtsearch plot: %s\n", err);
            goto out;
        }
    /* The picture in memory first: nothing is written unless it is whole. */
    FILE *mem = open_memstream(&svg, &len);
    if (!mem) {
        fprintf(stderr, "gtsearch plot: out of memory\n");
        goto out;
    }
    int prc = gt_plot_write(mem, files, nfiles, title, err, sizeof err);
    if (fclose(mem) != 0 || prc < 0) {
        fprintf(stderr, "gtsearch plot: %s\n", prc < 0 ? err : "out of memory");
        goto out;
    }
    FILE *f = fopen(out_path, "w");
    if (!f || fwrite(svg, 1, len, f) != len || fclose(f) != 0) {
        fprintf(stderr, "gtsearch plot: cannot write %s: %s\n", out_path, strerror(errno));
        goto out;
    }
    fprintf(stderr, "plot: %d %s file%s drawn in %s\n", nfiles, files[0].kind,
            nfiles == 1 ? "" : "s", out_path);
    rc = 0;
out:
    for (int i = 0; files && i < nfiles; i++)
        gt_progress_free(&files[i]);
    free(files);
    free(names);
    free(svg);
    return rc;
}
