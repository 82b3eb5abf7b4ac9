/* dataset.c -- reading tuning data into sparse trace rows (dataset.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "dataset.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "core/paramfile.h"
#include "core/util.h"

void gt_tune_set_init(struct gt_tune_set *s, int nparams)
{
    memset(s, 0, sizeof *s);
    s->nparams = nparams;
}

void gt_tune_set_free(struct gt_tune_set *s)
{
    free(s->start);
    free(s->idx);
    free(s->coef);
    free(s->rest);
    free(s->result);
    free(s->score);
    gt_tune_set_init(s, s->nparams);
}

static int grow(void **p, size_t size, size_t cap)
{
    void *q = realloc(*p, size * cap);
    if (!q)
        return -1;
    *p = q;
    return 0;
}

static int reserve_rows(struct gt_tune_set *s)
{
    if (s->n + 1 < s->cap)
        return 0;
    size_t cap = s->cap ? s->cap * 2 : 4096;
    if (grow((void **)&s->start, sizeof *s->start, cap + 1) < 0 ||
        grow((void **)&s->rest, sizeof *s->rest, cap) < 0 ||
        grow((void **)&s->result, sizeof *s->result, cap) < 0 ||
        grow((void **)&s->score, sizeof *s->score, cap) < 0)
        return -1;
    s->cap = cap;
    return 0;
}

int gt_tune_set_add(struct gt_tune_set *s, const double *coef, double rest, double result,
                    double score)
{
    size_t nz = 0;
    for (int i = 0; i < s->nparams; i++)
        nz += coef[i] != 0;
    if (reserve_rows(s) < 0)
        return -1;
    if (s->nnz + nz > s->nnz_cap) {
        size_t cap = s->nnz_cap ? s->nnz_cap : 65536;
        while (cap < s->nnz + nz)
            cap *= 2;
        if (grow((void **)&s->idx, sizeof *s->idx, cap) < 0 ||
            grow((void **)&s->coef, sizeof *s->coef, cap) < 0)
            return -1;
        s->nnz_cap = cap;
    }
    if (s->n == 0)
        s->start[0] = 0;
    for (int i = 0; i < s->nparams; i++)
        if (coef[i] != 0) {
            s->idx[s->nnz] = i;
            s->coef[s->nnz++] = (float)coef[i];
        }
    s->rest[s->n] = (float)rest;
    s->result[s->n] = (float)result;
    s->score[s->n] = (float)score;
    s->start[++s->n] = s->nnz;
    return 0;
}

/* Trace one position into a row, in the first player's view. */
static int add_position(const struct gt_game *g, const int32_t *w, void *pos,
                        double *coef, struct gt_tune_set *s, double score, double result)
{
    int n = s->nparams;
    memset(coef, 0, sizeof *coef * (size_t)n);
    double eval = g->eval_trace(pos, w, coef), sum = 0;
    for (int i = 0; i < n; i++)
        sum += coef[i] * w[i];
    if (g->side(pos) == 1) {
        for (int i = 0; i < n; i++)
            coef[i] = -coef[i];
        eval = -eval;
        sum = -sum;
    }
    return gt_tune_set_add(s, coef, eval - sum, result, score);
}

long gt_tune_load(const struct gt_game *g, const int32_t *w, const char *path,
                  struct gt_tune_set *s, FILE *warn, char *err, size_t err_len)
{
    if (!g->eval_params || !g->eval_trace) {
        gt_errf(err, err_len, "game '%s' has no evaluation weights to tune "
                "(eval_params and eval_trace)", g->name);
        return -1;
    }
    struct gt_data_reader *r = gt_data_open(g, path, err, err_len);
    if (!r)
        return -1;
    void *pos = malloc(g->pos_size);
    double *coef = malloc(sizeof *coef * (size_t)(s->nparams ? s->nparams : 1));
    struct gt_data_record *rec = malloc(sizeof *rec);
    long count = 0;
    int k = 0, rc = pos && coef && rec ? 0 : -1;
    while (rc == 0 && (k = gt_data_read(r, rec, err, err_len)) != 0) {
        char msg[256] = "", where[300];
        if (k < 0) {
            if (warn)
                fprintf(warn, "%s\n", err);
            continue;
        }
        if (g->from_text(pos, rec->text, msg, sizeof msg) != 0) {
            gt_data_where(r, where, sizeof where);
            if (warn)
                fprintf(warn, "%s: %s\n", where,
                        msg[0] ? msg : "the game refuses the position");
            continue;
        }
        double score = rec->score == GT_DATA_NO_SCORE ? NAN : rec->score;
        if (add_position(g, w, pos, coef, s, score, rec->result) < 0)
            rc = -1;
        else
            count++;
    }
    if (rc < 0)
        gt_errf(err, err_len, "out of memory reading %s", path);
    free(rec);
    free(pos);
    free(coef);
    gt_data_close(r);
    return rc < 0 ? -1 : count;
}
