/* options.h -- engine options as UCI and USI GUIs send them.
 *
 * A table maps case-insensitive names to typed values (a uthash table in
 * insertion order, so the GUI sees options in the order they were added).
 * A bad value is refused with a message and the old value stays.
 * SPDX-License-Identifier: MIT */
#ifndef GT_OPTIONS_H
#define GT_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <gtsearch/game.h>

struct gt_options;

struct gt_options *gt_options_new(void);
void gt_options_free(struct gt_options *t);

/* Add an option (the spec's strings are copied).  Returns -1 if the name
 * is taken or the default is not a valid value. */
int gt_options_add(struct gt_options *t, const struct gt_option_spec *spec);

/* Set by name; for buttons the value is ignored.  Returns 0, or -1 with a
 * message in err. */
int gt_options_set(struct gt_options *t, const char *name, const char *value,
                   char *err, size_t err_len);

/* Current values.  Unknown names give 0 / false / "". */
long gt_options_int(const struct gt_options *t, const char *name);
bool gt_options_bool(const struct gt_options *t, const char *name);
const char *gt_options_str(const struct gt_options *t, const char *name);
bool gt_options_has(const struct gt_options *t, const char *name);

/* Is the option a button, and has it been pressed since the last call? */
bool gt_options_take_press(struct gt_options *t, const char *name);

/* Call fn with each option's `option name ... type ...` line. */
void gt_options_describe(const struct gt_options *t,
                         void (*fn)(void *ctx, const char *line), void *ctx);

/* Call fn(name, value) for each option, in order. */
void gt_options_each(const struct gt_options *t,
                     void (*fn)(void *ctx, const char *name, const char *value),
                     void *ctx);

#endif
