/* interrupt.c -- Ctrl-C for the long commands (interrupt.h).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "interrupt.h"

/* A signal handler can reach nothing but a static object, so this is the
 * program's one flag; a run reaches it through its config. */
static atomic_bool interrupted;

static void on_interrupt(int sig)
{
    (void)sig;
    atomic_store(&interrupted, true);
}

const atomic_bool *gt_interrupt_catch(struct sigaction *old)
{
    struct sigaction sa = {0};
    sa.sa_handler = on_interrupt;
    sa.sa_flags = SA_RESETHAND | SA_RESTART;
    sigemptyset(&sa.sa_mask);
    atomic_store(&interrupted, false);
    sigaction(SIGINT, &sa, old);
    return &interrupted;
}

void gt_interrupt_release(const struct sigaction *old)
{
    sigaction(SIGINT, old, NULL);
}
