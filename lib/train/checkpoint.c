/* checkpoint.c -- a training run's state between epochs (checkpoint.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "checkpoint.h"

#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "core/util.h"

/* 2: the kept epoch in the header; 3: output buckets after it (a format
 * 2 file reads as one bucket); 4: the second hidden layer's width after
 * those (a format 3 file reads as none); a format 1 file is refused by
 * name. */
#define MAGIC "GTSCKPT4"
#define MAGIC_V3 "GTSCKPT3"
#define MAGIC_V2 "GTSCKPT2"

struct header_v2 {
    char magic[8];
    struct gt_checkpoint_info info;
    uint32_t inputs;
    int32_t hidden;
    int64_t adam_t;
    uint64_t nparams;
};

struct header_v3 {
    struct header_v2 h;
    int32_t buckets, bucket_span;
};

struct header {
    struct header_v3 v3;
    int32_t l2, pad;
};

int gt_checkpoint_save(const char *path, const struct gt_model *m, const struct gt_adam *a,
                       const struct gt_checkpoint_info *info, char *err, size_t err_len)
{
    struct header full;
    memset(&full, 0, sizeof full);
    struct header_v2 *h = &full.v3.h;
    memcpy(h->magic, MAGIC, 8);
    h->info = *info;
    h->inputs = m->inputs;
    h->hidden = m->hidden;
    h->adam_t = a->t;
    h->nparams = m->nparams;
    full.v3.buckets = m->buckets;
    full.v3.bucket_span = m->bucket_span;
    full.l2 = m->l2;
    char tmp[4096];
    snprintf(tmp, sizeof tmp, "%s.tmp", path);
    FILE *f = fopen(tmp, "wb");
    bool ok = f && fwrite(&full, sizeof full, 1, f) == 1 &&
              fwrite(m->params, sizeof(float), m->nparams, f) == m->nparams &&
              fwrite(a->m, sizeof(float), m->nparams, f) == m->nparams &&
              fwrite(a->v, sizeof(float), m->nparams, f) == m->nparams;
    ok = f && fclose(f) == 0 && ok;
    if (!ok || rename(tmp, path) != 0) {
        gt_errf(err, err_len, "cannot write the checkpoint '%s': %s", path, strerror(errno));
        unlink(tmp);
        return -1;
    }
    return 0;
}

int gt_checkpoint_load(const char *path, struct gt_model *m, struct gt_adam *a,
                       struct gt_checkpoint_info *info, char *err, size_t err_len)
{
    FILE *f = fopen(path, "rb");
    if (!f) {
        gt_errf(err, err_len, "cannot open the checkpoint '%s': %s", path, strerror(errno));
        return -1;
    }
    struct header full = {.v3 = {.buckets = 1, .bucket_span = m->bucket_span}};
    struct header_v2 h;
    memset(&h, 0, sizeof h);
    int rc = -1;
    if (fread(h.magic, 8, 1, f) == 1 && !memcmp(h.magic, "GTSCKPT1", 8)) {
        gt_errf(err, err_len, "checkpoint '%s' is of an older format (1, before the kept "
                "epoch was recorded): start the run afresh", path);
        goto out;
    }
    rewind(f);
    bool v2 = !memcmp(h.magic, MAGIC_V2, 8), v3 = !memcmp(h.magic, MAGIC_V3, 8);
    size_t got = v2 ? fread(&full.v3.h, sizeof full.v3.h, 1, f)
               : v3 ? fread(&full.v3, sizeof full.v3, 1, f) : fread(&full, sizeof full, 1, f);
    if (got != 1 || memcmp(full.v3.h.magic, v2 ? MAGIC_V2 : v3 ? MAGIC_V3 : MAGIC, 8)) {
        gt_errf(err, err_len, "'%s' is not a gtsearch training checkpoint", path);
        goto out;
    }
    h = full.v3.h;
    h.info.game[sizeof h.info.game - 1] = h.info.features[sizeof h.info.features - 1] = 0;
    if (strcmp(h.info.game, info->game) || strcmp(h.info.features, info->features) ||
        h.info.features_version != info->features_version ||
        h.info.residual != info->residual || h.inputs != m->inputs ||
        h.hidden != m->hidden || h.nparams != m->nparams || full.v3.buckets != m->buckets ||
        full.l2 != m->l2 || full.v3.bucket_span < 1) {
        gt_errf(err, err_len, "checkpoint '%s' is of %s, features %s version %d, %u x %d, "
                "%d output bucket%s, second layer %d%s; this run is %s, %s version %d, "
                "%u x %d, %d output bucket%s, second layer %d%s", path, h.info.game,
                h.info.features, h.info.features_version, h.inputs, h.hidden,
                full.v3.buckets, full.v3.buckets == 1 ? "" : "s", full.l2,
                h.info.residual ? ", residual" : "", info->game, info->features,
                info->features_version, m->inputs, m->hidden, m->buckets,
                m->buckets == 1 ? "" : "s", m->l2, info->residual ? ", residual" : "");
        goto out;
    }
    if (fread(m->params, sizeof(float), m->nparams, f) != m->nparams ||
        fread(a->m, sizeof(float), m->nparams, f) != m->nparams ||
        fread(a->v, sizeof(float), m->nparams, f) != m->nparams) {
        gt_errf(err, err_len, "checkpoint '%s' is truncated", path);
        goto out;
    }
    a->t = h.adam_t;
    /* The buckets' shares are the checkpoint's, whatever this run's data
     * would have chosen. */
    m->bucket_span = full.v3.bucket_span;
    *info = h.info;
    rc = 0;
out:
    fclose(f);
    return rc;
}
