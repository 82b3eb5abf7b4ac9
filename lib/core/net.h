/* net.h -- a learned evaluation: an efficiently updatable network over
 * the game's input features (struct gt_features in game.h).
 *
 * The shape, for each perspective (side) p:
 *     acc[p] = ft_bias + sum of ft_weights[f] over the features f active
 *              for p                                   (hidden values)
 *     out    = sum_i screlu(acc[us][i]) * out_weights[i]
 *            + sum_i screlu(acc[them][i]) * out_weights[hidden + i]
 *            + out_bias
 * with screlu(x) = clamp(x, 0, 1)^2, "us" the side to move; the score in
 * eval units is out * scale, or, for a residual network, the game's own
 * evaluation plus out * scale: a correction learnt on top of the
 * hand-written evaluation.  The sums acc[] are what the search keeps up
 * to date as moves are made (accum.c); out is cheap.
 *
 * A second hidden layer (l2 > 0): the output sum above is taken l2
 * times, with l2 rows of out_weights and the biases l2_bias, each
 * clamped to [0, 1]; those l2 values, times l2_out, plus out_bias, are
 * the output.  A few units there let the network weigh one pattern by
 * another (a king's shelter by the pieces near it), which one sum
 * cannot; the first layer, the costly part, is the same.
 *
 * Output buckets: a network may hold several output layers (out_weights
 * and out_bias, and the second layer's arrays), one used at a time,
 * chosen by how many features are active for the side to move -- in a
 * game of pieces, how much material is left -- so that the ending weighs
 * the sums otherwise than the opening does.  One bucket is the plain
 * shape.
 *
 * Integers: ft weights and acc are int16 in units of 1/QA, out weights
 * int16 in units of 1/QB (1/QL2 with a second layer: finer, for units
 * whose clamp spans one logit or so), out_bias int32 in units of
 * 1/(QA*QB), l2_bias int32 in units of 1/(QA*QL2), l2_out int32 in units
 * of 1/QO.  Every product fits its type when |out weight| <= 127 (the
 * trainer clips them), so the AVX2 code and the portable code give the
 * same numbers.  The file format is in doc/network.md.
 * SPDX-License-Identifier: MIT */
#ifndef GT_NET_H
#define GT_NET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <gtsearch/game.h>

#define GT_NET_QA 255
#define GT_NET_QB 64
#define GT_NET_MAX_HIDDEN 1024  /* keeps every int32 lane sum inside its type */
#define GT_NET_MAX_BUCKETS 16
#define GT_NET_QL2 256          /* the second layer's input weights */
#define GT_NET_QO 4096          /* the second layer's output weights */
#define GT_NET_MAX_L2 64        /* units of a second hidden layer */
#define GT_NET_ALIGN 64
#define GT_NET_NAME_LEN 32

struct gt_net {
    char game[GT_NET_NAME_LEN];      /* the game it was trained for */
    char features[GT_NET_NAME_LEN];  /* the feature set's name */
    int features_version;
    uint32_t inputs;                 /* the feature set's count */
    int hidden;                      /* per perspective, a multiple of 32 */
    int buckets;                     /* output layers, 1 to GT_NET_MAX_BUCKETS */
    int l2;                          /* units of the second hidden layer, 0:
                                        none (the output is one sum) */
    int bucket_span;                 /* active features a bucket covers */
    int scale;                       /* eval units of one output unit */
    bool residual;                   /* add the game's evaluate */
    int window;                      /* residual: only where |evaluate| is at
                                        most this (0: everywhere); beyond,
                                        the evaluation alone */
    int16_t *ft_weights;             /* [inputs][hidden], aligned */
    int16_t *ft_bias;                /* [hidden] */
    int16_t *out_weights;            /* [buckets][max(l2, 1)][2 * hidden]: us,
                                        then them */
    int32_t out_bias[GT_NET_MAX_BUCKETS];
    int32_t *l2_bias;                /* [buckets][l2] */
    int32_t *l2_out;                 /* [buckets][l2] */
    void *mem;                       /* one block behind the arrays */
};

/* Rows of out_weights a bucket: one a unit of the second layer, or the
 * output's one; and the units those rows' weights are in. */
static inline size_t gt_net_out_rows(int l2)
{
    return l2 > 0 ? (size_t)l2 : 1;
}
static inline int gt_net_out_quant(int l2)
{
    return l2 > 0 ? GT_NET_QL2 : GT_NET_QB;
}

/* A network of this shape, zeroed (the trainer fills it): `buckets`
 * output layers, each for `span` active features of the side to move
 * (gt_net_bucket), with a second hidden layer of l2 units (0: none).
 * NULL when out of memory or the shape is out of range (err says
 * which). */
struct gt_net *gt_net_new(const struct gt_game *g, int hidden, int buckets, int span, int l2,
                          int scale, char *err, size_t err_len);
/* A copy of n with its own arrays, to change (NULL when out of memory). */
struct gt_net *gt_net_copy(const struct gt_net *n);
void gt_net_free(struct gt_net *n);

/* Read a network file for game g.  Refused, with a message naming what
 * differs, when it is not a network file, is truncated or damaged, was
 * made for another format version, game, feature set or feature
 * version, or has an unsupported shape.  NULL then. */
struct gt_net *gt_net_load(const struct gt_game *g, const char *path, char *err,
                           size_t err_len);
/* Does the file start as a network file does (whatever its state)? */
bool gt_net_file_is(const char *path);
/* The same from memory (a file's bytes). */
struct gt_net *gt_net_read(const struct gt_game *g, const void *buf, size_t len,
                           const char *what, char *err, size_t err_len);
/* Write n to path (through a temporary file, renamed when complete, so
 * that a reader never sees half a network).  0, or -1 with err. */
int gt_net_save(const struct gt_net *n, const char *path, char *err, size_t err_len);

/* Accumulators: hidden int16 values, GT_NET_ALIGN-aligned. */
void gt_net_refresh(const struct gt_net *n, int16_t *acc, const uint32_t *idx, int count);
/* acc_out = acc_in + the rows of added - the rows of removed (acc_out may
 * be acc_in). */
void gt_net_update(const struct gt_net *n, const int16_t *acc_in, int16_t *acc_out,
                   const uint32_t *added, int nadded, const uint32_t *removed,
                   int nremoved);
/* The output bucket of a position where `active` features are active for
 * the side to move: (active - 1) / span, at most buckets - 1 (the
 * trainer's float model chooses by the same rule). */
static inline int gt_net_bucket_of(int active, int span, int buckets)
{
    int b = active > 0 ? (active - 1) / span : 0;
    return b < buckets ? b : buckets - 1;
}
static inline int gt_net_bucket(const struct gt_net *n, int active)
{
    return gt_net_bucket_of(active, n->bucket_span, n->buckets);
}
/* The score in eval units for the side whose accumulator is `us`, with
 * output layer `bucket`, clamped to +-GT_EVAL_MAX. */
int gt_net_output(const struct gt_net *n, const int16_t *us, const int16_t *them, int bucket);
/* The same without SIMD: the tests hold the two equal. */
int gt_net_output_portable(const struct gt_net *n, const int16_t *us, const int16_t *them,
                           int bucket);

/* Evaluate pos from scratch (both perspectives refreshed): for the tools
 * and the tests, not the search; a residual network adds the game's
 * evaluate with `params` (NULL: compiled in).  Returns INT32_MIN when out
 * of memory. */
int gt_net_evaluate(const struct gt_net *n, const struct gt_game *g, const void *pos,
                    const int32_t *params);
/* Does a residual network correct an evaluation of `base` (inside its
 * window)? */
static inline bool gt_net_corrects(const struct gt_net *n, int base)
{
    return !n->window || (base <= n->window && base >= -n->window);
}
/* A residual network's evaluation: base (the game's) + out where the
 * network corrects it, base alone elsewhere; clamped to +-GT_EVAL_MAX. */
int gt_net_add_base(const struct gt_net *n, int base, int out);

#endif
