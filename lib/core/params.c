/* params.c -- the table of the search's named numbers and switches, made
 * from their one declaration in params.h.  What each was found worth
 * where it was measured is in doc/strength.md and doc/null-move.md.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "params.h"

#define GT_SP_ENTRY(id, name, kind, def, lo, hi, doc) [GT_SP_##id] = {name, def, lo, hi},
const struct gt_param gt_search_param_table[GT_SP_COUNT] = {GT_SEARCH_PARAMS(GT_SP_ENTRY)};
#undef GT_SP_ENTRY

#define GT_SP_DOC(id, name, kind, def, lo, hi, doc) [GT_SP_##id] = doc,
const char *const gt_search_param_doc[GT_SP_COUNT] = {GT_SEARCH_PARAMS(GT_SP_DOC)};
#undef GT_SP_DOC

#define NUM false
#define SWITCH true
#define GT_SP_KIND(id, name, kind, def, lo, hi, doc) [GT_SP_##id] = kind,
const bool gt_search_param_switch[GT_SP_COUNT] = {GT_SEARCH_PARAMS(GT_SP_KIND)};
#undef GT_SP_KIND

void gt_search_param_defaults(int32_t v[GT_SP_COUNT])
{
    for (int i = 0; i < GT_SP_COUNT; i++)
        v[i] = gt_search_param_table[i].value;
}
