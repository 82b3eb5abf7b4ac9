/* protocol.h -- the UCI/USI line protocol: one loop, two dialects.
 * SPDX-License-Identifier: MIT */
#ifndef GT_PROTOCOL_H
#define GT_PROTOCOL_H

#include <stdio.h>

struct gt_engine;

/* Read commands from in and answer on out until `quit` or the end of the
 * input (where a running limited search is allowed to finish).  Returns 0. */
int gt_protocol_run(struct gt_engine *e, FILE *in, FILE *out);

#endif
