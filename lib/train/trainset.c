/* trainset.c -- training positions in memory (trainset.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "trainset.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/util.h"
#include "tune/datafile.h"

void gt_trainset_init(struct gt_trainset *s)
{
    memset(s, 0, sizeof *s);
}

void gt_trainset_free(struct gt_trainset *s)
{
    free(s->start);
    free(s->nus);
    free(s->feat);
    free(s->score);
    free(s->result);
    free(s->base);
    free(s->game);
    free(s->ply);
    free(s->mover);
    bool with_base = s->with_base, turned = s->turned;
    gt_trainset_init(s);
    s->with_base = with_base;
    s->turned = turned;
}

static int resize(void **p, size_t cap, size_t size)
{
    void *q = realloc(*p, cap * size);
    if (!q)
        return -1;
    *p = q;
    return 0;
}

static int grow(void **p, size_t *cap, size_t need, size_t size)
{
    if (need <= *cap)
        return 0;
    size_t c = *cap ? *cap : 1024;
    while (c < need)
        c *= 2;
    if (resize(p, c, size) < 0)
        return -1;
    *cap = c;
    return 0;
}

int gt_trainset_add(struct gt_trainset *s, const struct gt_game *g, const void *pos,
                    double score_first, double result_first)
{
    const struct gt_features *ft = g->features;
    int us = g->side(pos);
    if (s->n + 1 >= s->cap) {
        /* The arrays by position grow together, to one capacity. */
        size_t c = s->cap ? 2 * s->cap : 1024;
        if (resize((void **)&s->start, c, sizeof *s->start) < 0 ||
            resize((void **)&s->nus, c, sizeof *s->nus) < 0 ||
            resize((void **)&s->score, c, sizeof *s->score) < 0 ||
            resize((void **)&s->result, c, sizeof *s->result) < 0 ||
            resize((void **)&s->game, c, sizeof *s->game) < 0 ||
            resize((void **)&s->ply, c, sizeof *s->ply) < 0 ||
            resize((void **)&s->mover, c, sizeof *s->mover) < 0 ||
            (s->with_base && resize((void **)&s->base, c, sizeof *s->base) < 0))
            return -1;
        s->cap = c;
    }
    if (grow((void **)&s->feat, &s->nf_cap, s->nf + 2 * (size_t)ft->max_active,
             sizeof *s->feat) < 0)
        return -1;
    if (s->n == 0)
        s->start[0] = 0;
    int nus = ft->active(pos, us, s->feat + s->nf);
    int nthem = ft->active(pos, 1 - us, s->feat + s->nf + nus);
    s->nf += (size_t)(nus + nthem);
    s->nus[s->n] = (uint16_t)nus;
    s->score[s->n] = isnan(score_first) ? NAN : (float)(us == 0 ? score_first : -score_first);
    s->result[s->n] = (float)(us == 0 ? result_first : 1.0 - result_first);
    if (!(s->same_game && s->n > 0))
        s->games++;
    s->game[s->n] = s->games - 1;
    s->ply[s->n] = s->next_ply;
    s->mover[s->n] = (uint8_t)us;
    if (s->with_base)
        s->base[s->n] = (float)g->evaluate(pos, NULL);
    s->start[++s->n] = s->nf;
    return 0;
}

/* One data file into s; -1 with err when it cannot be used at all. */
static int load_file(struct gt_trainset *s, const struct gt_game *g, const char *path,
                     long max, void *pos, void *turned, FILE *warn, char *err,
                     size_t err_len)
{
    struct gt_data_reader *r = gt_data_open(g, path, err, err_len);
    if (!r)
        return -1;
    struct gt_data_record *rec = malloc(sizeof *rec);
    char msg[512];
    long kept = 0, bad = 0;
    int k = 0, rc = 0;
    int last_ply = 0, last_margin = 0;  /* the last record's: where a game ends */
    double last_result = 0;
    while (rec && (max <= 0 || (long)s->n < max) &&
           (k = gt_data_read(r, rec, msg, sizeof msg)) != 0) {
        if (k > 0 && g->from_text(pos, rec->text, msg, sizeof msg) != 0) {
            if (++bad <= 5 && warn) {
                char where[256];
                gt_data_where(r, where, sizeof where);
                fprintf(warn, "%s: %s (skipped)\n", where, msg);
            }
            continue;
        }
        if (k < 0) {
            if (++bad <= 5 && warn)
                fprintf(warn, "%s (skipped)\n", msg);
            continue;
        }
        double score = rec->score == GT_DATA_NO_SCORE ? NAN : rec->score;
        s->same_game = kept > 0 && rec->ply > last_ply && rec->result == last_result &&
                       rec->margin == last_margin;
        last_ply = rec->ply;
        s->next_ply = (uint16_t)rec->ply;  /* 0..65535 as read */
        last_result = rec->result;
        last_margin = rec->margin;
        /* The position, then its turned copies, all in its game. */
        int nsym = turned ? g->features->symmetries : 0, added = 0;
        for (int t = 0; t <= nsym && added == 0 && (max <= 0 || (long)s->n < max); t++) {
            if (t > 0) {
                g->features->turn(pos, t, turned);
                /* Written unchanged: the symmetry does not hold here. */
                if (memcmp(turned, pos, g->pos_size) == 0)
                    continue;
                s->same_game = true;
            }
            added = gt_trainset_add(s, g, t ? turned : pos, score, rec->result);
        }
        if (added < 0) {
            gt_errf(err, err_len, "out of memory after %zu positions", s->n);
            rc = -1;
            break;
        }
        kept++;
    }
    s->same_game = false;
    s->next_ply = 0;
    gt_data_close(r);
    if (!rec) {
        gt_errf(err, err_len, "out of memory");
        return -1;
    }
    free(rec);
    if (bad > 5 && warn)
        fprintf(warn, "%s: %ld records skipped in all\n", path, bad);
    /* A file reached after the limit is full is not an empty one. */
    if (rc == 0 && kept == 0 && !(max > 0 && (long)s->n >= max)) {
        gt_errf(err, err_len, "'%s' holds no usable %s positions", path, g->name);
        rc = -1;
    }
    return rc;
}

int gt_trainset_load(struct gt_trainset *s, const struct gt_game *g, const char *const *paths,
                     int n, long max, FILE *warn, char *err, size_t err_len)
{
    int sym = s->turned && g->features ? g->features->symmetries : 0;
    void *pos = calloc(1, g->pos_size), *turned = sym ? calloc(1, g->pos_size) : NULL;
    int rc = 0;
    if (!pos || (sym && !turned)) {
        gt_errf(err, err_len, "out of memory");
        rc = -1;
    }
    for (int i = 0; i < n && rc == 0; i++)
        rc = load_file(s, g, paths[i], max, pos, turned, warn, err, err_len);
    free(pos);
    free(turned);
    return rc;
}

/* Decisive scores (mates) stay out of the means. */
static bool blendable(float score)
{
    return !isnan(score) && fabsf(score) < GT_DATA_SCORE_MAX / 2;
}

int gt_trainset_blend_later(struct gt_trainset *s, double decay, int plies)
{
    if (!(decay > 0) || plies <= 0 || s->n == 0)
        return 0;
    float *out = malloc(s->n * sizeof *out);
    double *w = malloc(((size_t)plies + 1) * sizeof *w);
    if (!out || !w) {
        free(out);
        free(w);
        return -1;
    }
    for (int d = 0; d <= plies; d++)
        w[d] = pow(decay, d);
    for (size_t i = 0; i < s->n; i++) {
        out[i] = s->score[i];
        if (!blendable(s->score[i]))
            continue;
        double num = 0, den = 0;
        /* The records of i's game from i on; a turned copy has its
         * record's ply and follows it, and counts once. */
        for (size_t j = i; j < s->n && s->game[j] == s->game[i]; j++) {
            int d = s->ply[j] - s->ply[i];
            if (d > plies)
                break;
            if ((j > i && s->ply[j] == s->ply[j - 1]) || !blendable(s->score[j]))
                continue;
            double v = s->mover[j] == s->mover[i] ? s->score[j] : -s->score[j];
            num += w[d] * v;
            den += w[d];
        }
        out[i] = (float)(num / den);
    }
    memcpy(s->score, out, s->n * sizeof *out);
    free(out);
    free(w);
    return 0;
}
