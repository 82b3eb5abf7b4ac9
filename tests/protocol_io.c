/* protocol_io.c -- a protocol session on in-memory streams.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "protocol_io.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/engine.h"
#include "cli/protocol.h"

char *run_script(const struct gt_game *g, const char *script)
{
    char err[256], *out = NULL;
    size_t len = 0;
    struct gt_engine *e = gt_engine_new(g, err, sizeof err);
    FILE *in = fmemopen((void *)script, strlen(script), "r");
    FILE *o = open_memstream(&out, &len);
    if (!e || !in || !o)
        abort();
    gt_protocol_run(e, in, o);
    fclose(in);
    fclose(o);
    gt_engine_free(e);
    return out;
}

int has_line(const char *text, const char *line)
{
    size_t n = strlen(line);
    for (const char *p = text; (p = strstr(p, line)); p++)
        if ((p == text || p[-1] == '\n') && (p[n] == '\n' || p[n] == 0))
            return 1;
    return 0;
}

void drop_field(char *text, const char *name)
{
    char pat[64];
    snprintf(pat, sizeof pat, " %s ", name);
    for (char *p; (p = strstr(text, pat));) {
        char *end = p + strlen(pat);
        while (*end >= '0' && *end <= '9')
            end++;
        memmove(p, end, strlen(end) + 1);
    }
}
