/* match_proc.h -- an engine program as a child process: started with
 * /bin/sh -c CMD in its own process group, spoken to over one socket pair
 * (its stdin and stdout), its stderr appended to the match log.  Every read
 * has a deadline, so a hung engine never hangs the match.
 * SPDX-License-Identifier: MIT */
#ifndef GT_MATCH_PROC_H
#define GT_MATCH_PROC_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <sys/types.h>

/* The match log: protocol traffic of every engine and their stderr.  One
 * per match, shared by the game threads. */
struct gt_match_log {
    FILE *f;                 /* NULL: no log */
    pthread_mutex_t lock;
};

#define GT_PROC_BUF 65536

struct gt_proc {
    pid_t pid;               /* 0: not running */
    int fd;                  /* our end of the socket pair */
    char label[80];          /* "name#thread" in the log */
    struct gt_match_log *log;
    int status;              /* the wait status of the last process
                                stopped, -1 when it had to be killed */
    size_t len;              /* bytes buffered in buf */
    char buf[GT_PROC_BUF];
};

/* Start CMD.  Returns 0, or -1 with a message in err. */
int gt_proc_start(struct gt_proc *p, const char *cmd, struct gt_match_log *log,
                  const char *label, char *err, size_t err_len);

/* Send one line (the newline is added).  -1 if the engine is gone. */
int gt_proc_send(struct gt_proc *p, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

/* Read one line (without its newline) until the monotonic time deadline
 * (gt_now_ms() scale).  Returns 1 for a line, 0 at the deadline, -1 when
 * the engine closed its output (it exited or crashed). */
int gt_proc_read_line(struct gt_proc *p, int64_t deadline, char *line, size_t len);

/* Ask politely (the caller sent quit), wait up to grace_ms, then kill the
 * whole process group and reap it. */
void gt_proc_stop(struct gt_proc *p, int grace_ms);

bool gt_proc_running(const struct gt_proc *p);

/* Has the running engine closed its end of the socket (it exited or was
 * killed), whether or not its last output has been read? */
bool gt_proc_gone(const struct gt_proc *p);

/* How the last stopped process ended, e.g. "exit status 3" or "killed by
 * signal 9 (Killed)"; "" when it did not end by itself (gt_proc_stop
 * killed it) or none was stopped. */
void gt_proc_status_text(const struct gt_proc *p, char *buf, size_t len);

/* The resident memory in kB of the running engine's process group (the
 * shell of sh -c and the engine it started), from /proc; -1 when that
 * cannot be read. */
long gt_proc_rss_kb(const struct gt_proc *p);

/* Write a line to the log (thread-safe; nothing without a log). */
void gt_match_log_printf(struct gt_match_log *log, const char *fmt, ...)
    __attribute__((format(printf, 2, 3)));

#endif
