/* jsonl.h -- one line of a JSON-lines file read into a flat list of
 * fields.  The line is one JSON object; the objects and arrays inside it
 * are flattened, their keys joined with a dot: {"params": {"A": 1}} gives
 * the field "params.A", and {"v": [5, 6]} gives "v.0" and "v.1".
 * SPDX-License-Identifier: MIT */
#ifndef GT_PLOT_JSONL_H
#define GT_PLOT_JSONL_H

#include <stddef.h>

enum gt_json_type { GT_JSON_NULL, GT_JSON_BOOL, GT_JSON_NUMBER, GT_JSON_STRING };

struct gt_json_field {
    char *key;
    enum gt_json_type type;
    double num;                /* a number, or a boolean as 0 or 1 */
    char *str;                 /* a string (UTF-8), else NULL */
};

/* The fields of one line, in the order the line gives them. */
struct gt_json_line {
    int n, cap;
    struct gt_json_field *f;
};

/* Parse text (one object, blanks around it allowed) into *out, which the
 * caller frees with gt_json_free whatever the result.  Returns 0, or -1
 * with err saying what is wrong and at which column (1-based). */
int gt_json_parse(const char *text, struct gt_json_line *out, char *err, size_t err_len);

void gt_json_free(struct gt_json_line *l);

/* The field named key, or NULL. */
const struct gt_json_field *gt_json_find(const struct gt_json_line *l, const char *key);
/* A number field's value; NAN when key is absent, null or not a number. */
double gt_json_number(const struct gt_json_line *l, const char *key);
/* A string field's value; NULL when key is absent or not a string. */
const char *gt_json_string(const struct gt_json_line *l, const char *key);

#endif
