/* match_proc.c -- engine child processes: fork/exec, line I/O with
 * deadlines, and a stop that always reaps.
 *
 * One socket pair serves as the child's stdin and stdout: send() with
 * MSG_NOSIGNAL reports a dead engine as EPIPE instead of raising SIGPIPE,
 * so the match needs no process-wide signal setting.  Both ends are
 * close-on-exec, so an engine started by one game thread never inherits
 * another engine's socket (which would hide that engine's end of file).
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "match_proc.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "core/util.h"

void gt_match_log_printf(struct gt_match_log *log, const char *fmt, ...)
{
    if (!log || !log->f)
        return;
    va_list ap;
    pthread_mutex_lock(&log->lock);
    va_start(ap, fmt);
    vfprintf(log->f, fmt, ap);
    va_end(ap);
    fputc('\n', log->f);
    fflush(log->f);
    pthread_mutex_unlock(&log->lock);
}

int gt_proc_start(struct gt_proc *p, const char *cmd, struct gt_match_log *log,
                  const char *label, char *err, size_t err_len)
{
    int sv[2];
    p->pid = 0;
    p->fd = -1;
    p->len = 0;
    p->log = log;
    snprintf(p->label, sizeof p->label, "%s", label);
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) < 0) {
        gt_errf(err, err_len, "socketpair: %s", strerror(errno));
        return -1;
    }
    int errfd = log && log->f ? fileno(log->f) : -1;
    pid_t pid = fork();
    if (pid < 0) {
        gt_errf(err, err_len, "fork: %s", strerror(errno));
        close(sv[0]);
        close(sv[1]);
        return -1;
    }
    if (pid == 0) {
        /* The child: only async-signal-safe calls until exec. */
        setpgid(0, 0);
        if (errfd < 0)
            errfd = open("/dev/null", O_WRONLY);
        if (dup2(sv[1], 0) < 0 || dup2(sv[1], 1) < 0 || (errfd >= 0 && dup2(errfd, 2) < 0))
            _exit(126);
        execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
        _exit(127);
    }
    setpgid(pid, pid);     /* also here: no race with an early kill */
    close(sv[1]);
    p->pid = pid;
    p->fd = sv[0];
    gt_match_log_printf(log, "[%s] started pid %ld: %s", p->label, (long)pid, cmd);
    return 0;
}

bool gt_proc_running(const struct gt_proc *p) { return p->pid > 0; }

bool gt_proc_gone(const struct gt_proc *p)
{
    if (p->pid <= 0 || p->fd < 0)
        return true;
    /* A closed peer shows as POLLHUP even with unread output before it. */
    struct pollfd pfd = {.fd = p->fd, .events = 0};
    return poll(&pfd, 1, 0) > 0 && (pfd.revents & (POLLHUP | POLLERR | POLLNVAL));
}

void gt_proc_status_text(const struct gt_proc *p, char *buf, size_t len)
{
    int st = p->status;
    if (st < 0)
        snprintf(buf, len, "%s", "");
    else if (WIFSIGNALED(st))
        snprintf(buf, len, "killed by signal %d (%s)", WTERMSIG(st), strsignal(WTERMSIG(st)));
    else if (WIFEXITED(st) && WEXITSTATUS(st) > 128 && WEXITSTATUS(st) < 128 + 65)
        /* The engine runs under sh -c, which reports a command's death by
         * signal N as 128 + N. */
        snprintf(buf, len, "exit status %d, the shell's code for signal %d (%s)",
                 WEXITSTATUS(st), WEXITSTATUS(st) - 128, strsignal(WEXITSTATUS(st) - 128));
    else if (WIFEXITED(st))
        snprintf(buf, len, "exit status %d", WEXITSTATUS(st));
    else
        snprintf(buf, len, "wait status %d", st);
}

/* The text of a small /proc file, or -1. */
static int read_small(const char *path, char *buf, size_t len)
{
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0)
        return -1;
    ssize_t n = read(fd, buf, len - 1);
    close(fd);
    if (n < 0)
        return -1;
    buf[n] = 0;
    return 0;
}

long gt_proc_rss_kb(const struct gt_proc *p)
{
    if (p->pid <= 0)
        return -1;
    DIR *d = opendir("/proc");
    if (!d)
        return -1;
    long total = -1;
    struct dirent *e;
    /* The whole group: sh -c does not always exec the engine. */
    while ((e = readdir(d))) {
        char path[300], buf[4096];
        if (e->d_name[0] < '1' || e->d_name[0] > '9')
            continue;
        snprintf(path, sizeof path, "/proc/%s/stat", e->d_name);
        if (read_small(path, buf, sizeof buf) < 0)
            continue;
        const char *tail = strrchr(buf, ')');     /* the name may hold anything */
        long pgrp;
        if (!tail || sscanf(tail + 1, " %*c %*d %ld", &pgrp) != 1 || pgrp != (long)p->pid)
            continue;
        snprintf(path, sizeof path, "/proc/%s/status", e->d_name);
        const char *rss;
        if (read_small(path, buf, sizeof buf) < 0 || !(rss = strstr(buf, "\nVmRSS:")))
            continue;                /* a zombie has no memory */
        total = (total < 0 ? 0 : total) + strtol(rss + 7, NULL, 10);
    }
    closedir(d);
    return total;
}

int gt_proc_send(struct gt_proc *p, const char *fmt, ...)
{
    char line[GT_PROC_BUF];
    if (p->fd < 0)
        return -1;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(line, sizeof line - 1, fmt, ap);
    va_end(ap);
    if (n < 0)
        return -1;
    if ((size_t)n > sizeof line - 2)
        n = (int)sizeof line - 2;
    gt_match_log_printf(p->log, "[%s] < %s", p->label, line);
    line[n++] = '\n';
    for (int off = 0; off < n;) {
        ssize_t w = send(p->fd, line + off, (size_t)(n - off), MSG_NOSIGNAL);
        if (w < 0 && errno == EINTR)
            continue;
        if (w <= 0)
            return -1;
        off += (int)w;
    }
    return 0;
}

/* Take one complete line out of the buffer, if there is one. */
static int take_line(struct gt_proc *p, char *line, size_t len)
{
    char *nl = memchr(p->buf, '\n', p->len);
    if (!nl) {
        if (p->len < sizeof p->buf)
            return 0;
        nl = p->buf + p->len - 1;      /* an endless line: cut it */
    }
    size_t n = (size_t)(nl - p->buf);
    size_t keep = n < len ? n : len - 1;
    memcpy(line, p->buf, keep);
    line[keep] = 0;
    while (keep && (line[keep - 1] == '\r' || line[keep - 1] == ' ' || line[keep - 1] == '\t'))
        line[--keep] = 0;
    p->len -= n + 1;
    memmove(p->buf, nl + 1, p->len);
    gt_match_log_printf(p->log, "[%s] > %s", p->label, line);
    return 1;
}

int gt_proc_read_line(struct gt_proc *p, int64_t deadline, char *line, size_t len)
{
    for (;;) {
        if (take_line(p, line, len))
            return 1;
        if (p->fd < 0)
            return -1;
        int64_t left = deadline - gt_now_ms();
        if (left <= 0)
            return 0;
        struct pollfd pfd = {.fd = p->fd, .events = POLLIN};
        int r = poll(&pfd, 1, left > 1000000 ? 1000000 : (int)left);
        if (r < 0 && errno == EINTR)
            continue;
        if (r < 0)
            return -1;
        if (r == 0)
            continue;              /* the loop checks the deadline */
        ssize_t got = read(p->fd, p->buf + p->len, sizeof p->buf - p->len);
        if (got < 0 && errno == EINTR)
            continue;
        if (got <= 0) {
            gt_match_log_printf(p->log, "[%s] end of output", p->label);
            close(p->fd);
            p->fd = -1;
            if (p->len) {          /* a last line without newline */
                p->buf[p->len++] = '\n';
                continue;
            }
            return -1;
        }
        p->len += (size_t)got;
    }
}

static void sleep_ms(int ms)
{
    struct timespec ts = {ms / 1000, (long)(ms % 1000) * 1000000L};
    nanosleep(&ts, NULL);
}

void gt_proc_stop(struct gt_proc *p, int grace_ms)
{
    if (p->pid <= 0) {
        if (p->fd >= 0)
            close(p->fd);
        p->fd = -1;
        return;
    }
    int status = 0;
    pid_t r = 0;
    for (int waited = 0; waited < grace_ms; waited += 10) {
        r = waitpid(p->pid, &status, WNOHANG);
        if (r != 0)
            break;
        sleep_ms(10);
    }
    p->status = r == p->pid ? status : -1;
    /* The group too: sh -c may have left the real engine as a child. */
    kill(-p->pid, SIGKILL);
    if (r == 0) {
        kill(p->pid, SIGKILL);
        while (waitpid(p->pid, &status, 0) < 0 && errno == EINTR)
            ;
    }
    if (p->fd >= 0)
        close(p->fd);
    p->fd = -1;
    char how[128];
    gt_proc_status_text(p, how, sizeof how);
    gt_match_log_printf(p->log, "[%s] stopped pid %ld: %s", p->label, (long)p->pid,
                        how[0] ? how : "killed");
    p->pid = 0;
    p->len = 0;
}
