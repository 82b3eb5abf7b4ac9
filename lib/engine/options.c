/* options.c -- the engine option table (uthash keyed by lower-case name).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "options.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <uthash.h>

#include "core/util.h"

#define NAME_MAX_LEN 64
#define VALUE_MAX_LEN 256
#define MAX_VARS 16

struct option {
    char key[NAME_MAX_LEN];   /* lower-case name: the hash key */
    char name[NAME_MAX_LEN];  /* as shown to the GUI */
    enum gt_option_type type;
    char def[VALUE_MAX_LEN];
    char value[VALUE_MAX_LEN];
    long min, max;
    char vars[MAX_VARS][NAME_MAX_LEN];
    int nvars;
    bool pressed;
    UT_hash_handle hh;
};

struct gt_options {
    struct option *head;
};

static struct option *find(const struct gt_options *t, const char *name)
{
    char key[NAME_MAX_LEN];
    struct option *o;
    gt_lower_copy(key, name, sizeof key);
    HASH_FIND_STR(t->head, key, o);
    return o;
}

struct gt_options *gt_options_new(void)
{
    return calloc(1, sizeof(struct gt_options));
}

void gt_options_free(struct gt_options *t)
{
    struct option *o, *tmp;
    if (!t)
        return;
    HASH_ITER(hh, t->head, o, tmp) {
        HASH_DEL(t->head, o);
        free(o);
    }
    free(t);
}

/* Check a value against the option's type; write the normalised value. */
static int validate(const struct option *o, const char *value, char *out,
                    char *err, size_t err_len)
{
    long v;
    switch (o->type) {
    case GT_OPT_CHECK:
        /* 1 and 0 too: a tuner or a table writes switches as numbers. */
        if (gt_streq_nocase(value, "true") || gt_streq_nocase(value, "false") ||
            !strcmp(value, "1") || !strcmp(value, "0")) {
            snprintf(out, VALUE_MAX_LEN, "%s",
                     gt_streq_nocase(value, "true") || !strcmp(value, "1") ? "true" : "false");
            return 0;
        }
        gt_errf(err, err_len, "option %s: '%s' is not true or false",
                o->name, value);
        return -1;
    case GT_OPT_SPIN:
        if (gt_parse_long(value, o->min, o->max, &v) < 0) {
            gt_errf(err, err_len, "option %s: '%s' is not a number from %ld to %ld",
                    o->name, value, o->min, o->max);
            return -1;
        }
        snprintf(out, VALUE_MAX_LEN, "%ld", v);
        return 0;
    case GT_OPT_COMBO:
        for (int i = 0; i < o->nvars; i++)
            if (gt_streq_nocase(value, o->vars[i])) {
                snprintf(out, VALUE_MAX_LEN, "%s", o->vars[i]);
                return 0;
            }
        gt_errf(err, err_len, "option %s: '%s' is not one of its choices",
                o->name, value);
        return -1;
    case GT_OPT_STRING:
        if (strlen(value) >= VALUE_MAX_LEN) {
            gt_errf(err, err_len, "option %s: value too long", o->name);
            return -1;
        }
        snprintf(out, VALUE_MAX_LEN, "%s", value);
        return 0;
    case GT_OPT_BUTTON:
        out[0] = 0;
        return 0;
    }
    return -1;
}

int gt_options_add(struct gt_options *t, const struct gt_option_spec *spec)
{
    if (!spec->name || strlen(spec->name) >= NAME_MAX_LEN || find(t, spec->name))
        return -1;
    struct option *o = calloc(1, sizeof *o);
    if (!o)
        return -1;
    gt_lower_copy(o->key, spec->name, sizeof o->key);
    snprintf(o->name, sizeof o->name, "%s", spec->name);
    o->type = spec->type;
    o->min = spec->min;
    o->max = spec->max;
    for (int i = 0; spec->vars && spec->vars[i] && i < MAX_VARS; i++)
        snprintf(o->vars[o->nvars++], NAME_MAX_LEN, "%s", spec->vars[i]);
    const char *def = spec->def ? spec->def : "";
    if (validate(o, def, o->def, NULL, 0) < 0) {
        free(o);
        return -1;
    }
    memcpy(o->value, o->def, sizeof o->value);
    HASH_ADD_STR(t->head, key, o);
    return 0;
}

int gt_options_set(struct gt_options *t, const char *name, const char *value,
                   char *err, size_t err_len)
{
    struct option *o = find(t, name);
    char buf[VALUE_MAX_LEN];
    if (!o) {
        gt_errf(err, err_len, "no such option: '%s'", name);
        return -1;
    }
    if (o->type == GT_OPT_BUTTON) {
        o->pressed = true;
        return 0;
    }
    if (!value) {
        gt_errf(err, err_len, "option %s: missing value", o->name);
        return -1;
    }
    if (validate(o, value, buf, err, err_len) < 0)
        return -1;
    memcpy(o->value, buf, sizeof buf);
    return 0;
}

long gt_options_int(const struct gt_options *t, const char *name)
{
    const struct option *o = find(t, name);
    return o && o->type == GT_OPT_SPIN ? strtol(o->value, NULL, 10) : 0;
}

bool gt_options_bool(const struct gt_options *t, const char *name)
{
    const struct option *o = find(t, name);
    return o && o->type == GT_OPT_CHECK && !strcmp(o->value, "true");
}

const char *gt_options_str(const struct gt_options *t, const char *name)
{
    const struct option *o = find(t, name);
    return o ? o->value : "";
}

bool gt_options_has(const struct gt_options *t, const char *name)
{
    return find(t, name) != NULL;
}

bool gt_options_take_press(struct gt_options *t, const char *name)
{
    struct option *o = find(t, name);
    bool was = o && o->pressed;
    if (o)
        o->pressed = false;
    return was;
}

static const char *type_name(enum gt_option_type type)
{
    switch (type) {
    case GT_OPT_CHECK: return "check";
    case GT_OPT_SPIN: return "spin";
    case GT_OPT_COMBO: return "combo";
    case GT_OPT_STRING: return "string";
    case GT_OPT_BUTTON: return "button";
    }
    return "?";
}

void gt_options_describe(const struct gt_options *t,
                         void (*fn)(void *ctx, const char *line), void *ctx)
{
    char line[1024];
    for (const struct option *o = t->head; o; o = o->hh.next) {
        int n = snprintf(line, sizeof line, "option name %s type %s", o->name,
                         type_name(o->type));
        if (o->type != GT_OPT_BUTTON)
            n += snprintf(line + n, sizeof line - n, " default %s",
                          o->type == GT_OPT_STRING && !o->def[0] ? "<empty>" : o->def);
        if (o->type == GT_OPT_SPIN)
            n += snprintf(line + n, sizeof line - n, " min %ld max %ld", o->min, o->max);
        for (int i = 0; i < o->nvars && n < (int)sizeof line; i++)
            n += snprintf(line + n, sizeof line - n, " var %s", o->vars[i]);
        fn(ctx, line);
    }
}

void gt_options_each(const struct gt_options *t,
                     void (*fn)(void *ctx, const char *name, const char *value),
                     void *ctx)
{
    for (const struct option *o = t->head; o; o = o->hh.next)
        if (o->type != GT_OPT_BUTTON)
            fn(ctx, o->name, o->value);
}
