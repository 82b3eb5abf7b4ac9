/* wire.c -- finished games as bytes (wire.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "wire.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "match/match_referee.h"

/* What comes before the notes and the moves' text. */
struct head {
    int32_t nmoves, nopening, result, end, culprit;
    char reason[sizeof ((struct gt_game_record *)0)->reason];
};

char *gt_wire_pack_record(const struct gt_game_record *rec, size_t *len)
{
    struct head h = {rec->nmoves, rec->nopening, rec->result, (int32_t)rec->end, rec->culprit,
                     ""};
    memcpy(h.reason, rec->reason, sizeof h.reason);
    size_t notes = sizeof *rec->notes * (size_t)rec->nmoves, text = 0;
    for (int i = 0; i < rec->nmoves; i++)
        text += strlen(rec->moves[i]) + 1;
    char *buf = malloc(sizeof h + notes + text), *p = buf;
    if (!buf)
        return NULL;
    memcpy(p, &h, sizeof h);
    p += sizeof h;
    if (notes)
        memcpy(p, rec->notes, notes);
    p += notes;
    for (int i = 0; i < rec->nmoves; i++) {
        size_t n = strlen(rec->moves[i]) + 1;
        memcpy(p, rec->moves[i], n);
        p += n;
    }
    *len = (size_t)(p - buf);
    return buf;
}

int gt_wire_unpack_record(const char *buf, size_t len, struct gt_game_record *rec)
{
    struct head h;
    memset(rec, 0, sizeof *rec);
    if (len < sizeof h)
        return -1;
    memcpy(&h, buf, sizeof h);
    size_t notes = sizeof *rec->notes * (size_t)(h.nmoves > 0 ? h.nmoves : 0);
    if (h.nmoves < 0 || len - sizeof h < notes)
        return -1;
    rec->result = h.result;
    rec->end = (enum gt_end)h.end;
    rec->culprit = h.culprit;
    rec->nopening = h.nopening;
    memcpy(rec->reason, h.reason, sizeof rec->reason);
    rec->reason[sizeof rec->reason - 1] = 0;
    rec->notes = malloc(notes ? notes : 1);
    rec->moves = calloc((size_t)h.nmoves + 1, sizeof *rec->moves);
    if (!rec->notes || !rec->moves)
        goto bad;
    memcpy(rec->notes, buf + sizeof h, notes);
    const char *p = buf + sizeof h + notes, *end = buf + len;
    for (int i = 0; i < h.nmoves; i++) {
        const char *z = memchr(p, 0, (size_t)(end - p));
        if (!z || !(rec->moves[i] = strdup(p)))
            goto bad;
        rec->nmoves = i + 1;
        p = z + 1;
    }
    return 0;
bad:
    gt_game_record_free(rec);
    return -1;
}

/* Result, adjudicated, margin (an int as it lies in memory), lines. */
enum { LINES_HEAD = 2 + sizeof(int) };

char *gt_wire_pack_lines(const char *lines, double result, int margin, bool adjudicated,
                         size_t *len)
{
    size_t n = strlen(lines) + 1;
    char *buf = malloc(LINES_HEAD + n);
    if (!buf)
        return NULL;
    buf[0] = result == 1 ? 2 : result == 0 ? 0 : 1;
    buf[1] = adjudicated;
    memcpy(buf + 2, &margin, sizeof margin);
    memcpy(buf + LINES_HEAD, lines, n);
    *len = LINES_HEAD + n;
    return buf;
}

int gt_wire_unpack_lines(const char *buf, size_t len, const char **lines, double *result,
                         int *margin, bool *adjudicated)
{
    if (len < LINES_HEAD + 1 || buf[len - 1] != 0 || buf[0] < 0 || buf[0] > 2)
        return -1;
    *result = buf[0] / 2.0;
    *adjudicated = buf[1] != 0;
    memcpy(margin, buf + 2, sizeof *margin);
    *lines = buf + LINES_HEAD;
    return 0;
}
