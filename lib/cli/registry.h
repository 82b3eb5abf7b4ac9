/* registry.h -- game modules by name: the built-in (preloaded) ones and
 * module files loaded with libltdl.
 * SPDX-License-Identifier: MIT */
#ifndef GT_REGISTRY_H
#define GT_REGISTRY_H

#include <stddef.h>
#include <ltdl.h>
#include <gtsearch/game.h>

struct gt_registry;

/* Open the registry.  `preloaded` is the program's lt_preloaded_symbols
 * (NULL: no built-in modules).  Returns NULL with a message in err. */
struct gt_registry *gt_registry_new(const lt_dlsymlist *preloaded, char *err,
                                    size_t err_len);
void gt_registry_free(struct gt_registry *r);

/* A game by name (case-insensitive) or by module file path (contains a '/'
 * or ends in .la/.so).  NULL with a message in err if it cannot be had. */
const struct gt_game *gt_registry_find(struct gt_registry *r, const char *what,
                                       char *err, size_t err_len);

/* Load every module file found on the module path (GTSEARCH_MODULE_PATH,
 * then the installed module directory), so that gt_registry_each lists
 * them; a file that is not a usable module is passed to `refused` with
 * the reason (refused may be NULL). */
void gt_registry_scan(struct gt_registry *r,
                      void (*refused)(void *ctx, const char *file, const char *why),
                      void *ctx);

/* Call fn for each known game, in name order, with the file it came from
 * (NULL for a built-in game). */
void gt_registry_each(const struct gt_registry *r,
                      void (*fn)(void *ctx, const struct gt_game *g, const char *file),
                      void *ctx);

/* Check that a table is one this core can use; -1 with a message if not. */
/* Does --game name a module file (a path, or a .la/.so name) rather
 * than a game? */
bool gt_registry_is_file(const char *what);

int gt_registry_check_game(const struct gt_game *g, char *err, size_t err_len);

#endif
