/* engine.h -- one engine: a game, its position, options, transposition
 * table and search thread.  Two engines may live in one process.
 * SPDX-License-Identifier: MIT */
#ifndef GT_ENGINE_H
#define GT_ENGINE_H

#include <stdbool.h>
#include <stddef.h>
#include <gtsearch/game.h>

#include "mate/mate.h"
#include "core/search.h"

struct gt_engine;
struct gt_options;
struct gt_net;

/* Called from the search thread when a search ends. */
typedef void (*gt_done_fn)(void *ctx, const struct gt_search_result *res);
/* Called from the search thread when the mate solver ends. */
typedef void (*gt_mate_done_fn)(void *ctx, const struct gt_mate_result *res);

struct gt_engine *gt_engine_new(const struct gt_game *g, char *err, size_t err_len);
void gt_engine_free(struct gt_engine *e);

const struct gt_game *gt_engine_game(const struct gt_engine *e);
/* The default of search number i (enum gt_sp): the game's own
 * (search_defaults) or the core's. */
long gt_engine_search_default(const struct gt_engine *e, int i);
/* Its value as the options set it (a switch: 0 or 1). */
long gt_engine_search_value(const struct gt_engine *e, int i);
struct gt_options *gt_engine_options(struct gt_engine *e);
/* The network EvalFile loaded, else the game's built-in one, whatever
 * UseNetwork says; NULL when there is none. */
const struct gt_net *gt_engine_network(const struct gt_engine *e);
/* The current root position (pos_size bytes; do not keep the pointer
 * across calls that change it). */
const void *gt_engine_position(const struct gt_engine *e);
/* Apply the engine's values of the game's options to a position the
 * caller read from text itself (what set_position does to its own). */
void gt_engine_prepare_position(const struct gt_engine *e, void *pos);

/* Set the position from text (NULL: the start position) and then play the
 * blank-separated moves (NULL: none).  All or nothing: on error the old
 * position stays and err says what was wrong. */
int gt_engine_set_position(struct gt_engine *e, const char *text,
                           const char *moves, char *err, size_t err_len);

/* Set an option by name (Hash resizes, Clear Hash clears, game options go
 * to the game).  Refused while a search runs. */
int gt_engine_set_option(struct gt_engine *e, const char *name,
                         const char *value, char *err, size_t err_len);

/* The same from one word, "Name=value" ("Name" alone: a button). */
int gt_engine_set_option_word(struct gt_engine *e, const char *word, char *err,
                              size_t err_len);

/* Forget what earlier games taught the search (TT). */
void gt_engine_new_game(struct gt_engine *e);

/* The search parameters the options currently say. */
void gt_engine_params(const struct gt_engine *e, struct gt_search_params *p);

/* Start a search in its own thread; done is called with the result. */
int gt_engine_go(struct gt_engine *e, const struct gt_limits *lim,
                 gt_info_fn info, gt_done_fn done, void *ctx);
/* Search in the calling thread (tools: bench, analyse, epd). */
int gt_engine_search(struct gt_engine *e, const struct gt_limits *lim,
                     gt_info_fn info, void *ctx, struct gt_search_result *res);
/* Run the mate solver on the root position in the search thread, so that
 * stop ends it as it ends a search (lim->stop is set by the engine; a
 * hash_mb of 0 takes the Hash option's size).  mate_done gets the result.
 * If no mate was found and `fallback` is not NULL, a normal search with
 * those limits follows (its clock started with the solver) and done
 * answers it. */
int gt_engine_mate(struct gt_engine *e, const struct gt_mate_limits *lim,
                   gt_mate_done_fn mate_done, const struct gt_limits *fallback,
                   gt_info_fn info, gt_done_fn done, void *ctx);
bool gt_engine_searching(struct gt_engine *e);
void gt_engine_stop(struct gt_engine *e);       /* stop and wait */
void gt_engine_wait(struct gt_engine *e);       /* wait for the end */
void gt_engine_ponderhit(struct gt_engine *e);
/* Let a running search end by its own limits: pondering becomes a normal
 * search and an infinite one stops now (end of input). */
void gt_engine_release(struct gt_engine *e);

/* Hashfull of the engine's table, for reports. */
int gt_engine_hashfull(const struct gt_engine *e);

#endif
