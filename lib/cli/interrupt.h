/* interrupt.h -- Ctrl-C for the long commands (datagen, train): the first
 * one sets a flag the run polls, so that it stops with its files whole;
 * the handler then resets, so a second one ends the program at once.
 * SPDX-License-Identifier: MIT */
#ifndef GT_CLI_INTERRUPT_H
#define GT_CLI_INTERRUPT_H

#include <signal.h>
#include <stdatomic.h>
#include <stdbool.h>

/* Catch SIGINT (even where the shell had it ignored) and return the flag
 * it sets, cleared now; *old keeps what was there. */
const atomic_bool *gt_interrupt_catch(struct sigaction *old);
/* Put back what gt_interrupt_catch replaced. */
void gt_interrupt_release(const struct sigaction *old);

#endif
