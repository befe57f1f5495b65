/* Wrappers for C-variadic functions (stable Rust cannot define them). Each forwards to the
 * va_list form of the real function and reports to the Rust runtime through the rotf2_*
 * hooks, which do the gating, nesting depth and encoding. They are named rotf2_c_*: the
 * exported symbols (printf, execvp, ...) are tail-jump trampolines in variadic.rs, because a
 * Rust cdylib exports only symbols defined in Rust. */
#define _GNU_SOURCE
#include <errno.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

extern void *rotf2_real(const char *name);
extern void *rotf2_stdio_begin(FILE *s);
extern void rotf2_stdio_end(void *ts, int which, FILE *s, uint64_t t0, long ret, int64_t bytes, int err);
extern uint64_t rotf2_now(void);
extern int64_t rotf2_tell(FILE *s);
extern void rotf2_before_exec(void);
extern void rotf2_exec_failed(void);

typedef int (*vfprintf_fn)(FILE *, const char *, va_list);
typedef int (*vfprintf_chk_fn)(FILE *, int, const char *, va_list);
typedef int (*vfscanf_fn)(FILE *, const char *, va_list);

#define REAL(type, var, name)                                                                    \
    static type var;                                                                             \
    if (!var) var = (type)rotf2_real(name);                                                      \
    if (!var) { errno = ENOSYS; return -1; }

enum { W_FPRINTF = 0, W_VFPRINTF = 1, W_PRINTF = 2, W_FSCANF = 3, W_ISOC99_FSCANF = 4 };

static int traced_vfprintf(int which, FILE *s, const char *fmt, va_list ap) {
    REAL(vfprintf_fn, real, "vfprintf");
    void *ts = rotf2_stdio_begin(s);
    if (!ts) return real(s, fmt, ap);
    uint64_t t0 = rotf2_now();
    int ret = real(s, fmt, ap);
    int err = errno;
    rotf2_stdio_end(ts, which, s, t0, ret, -1, err);
    errno = err;
    return ret;
}

static int traced_vfprintf_chk(int which, FILE *s, int flag, const char *fmt, va_list ap) {
    REAL(vfprintf_chk_fn, real, "__vfprintf_chk");
    void *ts = rotf2_stdio_begin(s);
    if (!ts) return real(s, flag, fmt, ap);
    uint64_t t0 = rotf2_now();
    int ret = real(s, flag, fmt, ap);
    int err = errno;
    rotf2_stdio_end(ts, which, s, t0, ret, -1, err);
    errno = err;
    return ret;
}

static int traced_vfscanf(int which, const char *name, FILE *s, const char *fmt, va_list ap) {
    static vfscanf_fn reals[2];
    int slot = which == W_FSCANF ? 0 : 1;
    if (!reals[slot]) reals[slot] = (vfscanf_fn)rotf2_real(name);
    vfscanf_fn real = reals[slot];
    if (!real) { errno = ENOSYS; return EOF; }
    void *ts = rotf2_stdio_begin(s);
    if (!ts) return real(s, fmt, ap);
    int64_t before = rotf2_tell(s);
    uint64_t t0 = rotf2_now();
    int ret = real(s, fmt, ap);
    int err = errno;
    int64_t after = rotf2_tell(s);
    rotf2_stdio_end(ts, which, s, t0, ret, (before >= 0 && after >= before) ? after - before : -1, err);
    errno = err;
    return ret;
}

int rotf2_c_vfprintf(FILE *s, const char *fmt, va_list ap) { return traced_vfprintf(W_VFPRINTF, s, fmt, ap); }

int rotf2_c_fprintf(FILE *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vfprintf(W_FPRINTF, s, fmt, ap);
    va_end(ap);
    return r;
}

int rotf2_c_printf(const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vfprintf(W_PRINTF, stdout, fmt, ap);
    va_end(ap);
    return r;
}

/* _FORTIFY_SOURCE turns the calls above into these. */
int rotf2_c_vfprintf_chk(FILE *s, int flag, const char *fmt, va_list ap) { return traced_vfprintf_chk(W_VFPRINTF, s, flag, fmt, ap); }

int rotf2_c_fprintf_chk(FILE *s, int flag, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vfprintf_chk(W_FPRINTF, s, flag, fmt, ap);
    va_end(ap);
    return r;
}

int rotf2_c_printf_chk(int flag, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vfprintf_chk(W_PRINTF, stdout, flag, fmt, ap);
    va_end(ap);
    return r;
}

int rotf2_c_fscanf(FILE *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vfscanf(W_FSCANF, "vfscanf", s, fmt, ap);
    va_end(ap);
    return r;
}

int rotf2_c_isoc99_fscanf(FILE *s, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vfscanf(W_ISOC99_FSCANF, "__isoc99_vfscanf", s, fmt, ap);
    va_end(ap);
    return r;
}

/* ---- exec family: flush the trace first; if exec returns, it failed and tracing goes on. */

typedef int (*execve_fn)(const char *, char *const[], char *const[]);
typedef int (*execv_fn)(const char *, char *const[]);
typedef int (*fexecve_fn)(int, char *const[], char *const[]);

#define EXEC_CALL(expr)                                                                          \
    rotf2_before_exec();                                                                         \
    int r = (expr);                                                                              \
    int err = errno;                                                                             \
    rotf2_exec_failed();                                                                         \
    errno = err;                                                                                 \
    return r;

int rotf2_c_execve(const char *p, char *const argv[], char *const envp[]) {
    REAL(execve_fn, real, "execve");
    EXEC_CALL(real(p, argv, envp));
}

int rotf2_c_execvpe(const char *p, char *const argv[], char *const envp[]) {
    REAL(execve_fn, real, "execvpe");
    EXEC_CALL(real(p, argv, envp));
}

int rotf2_c_execv(const char *p, char *const argv[]) {
    REAL(execv_fn, real, "execv");
    EXEC_CALL(real(p, argv));
}

int rotf2_c_execvp(const char *p, char *const argv[]) {
    REAL(execv_fn, real, "execvp");
    EXEC_CALL(real(p, argv));
}

int rotf2_c_fexecve(int fd, char *const argv[], char *const envp[]) {
    REAL(fexecve_fn, real, "fexecve");
    EXEC_CALL(real(fd, argv, envp));
}

/* execl*: collect the variadic arguments into an argv on the stack. */
#define COLLECT_ARGV(last)                                                                       \
    size_t n = 1;                                                                                \
    va_list ap;                                                                                  \
    va_start(ap, last);                                                                          \
    while (va_arg(ap, char *)) n++;                                                              \
    va_end(ap);                                                                                  \
    char *argv[n + 1];                                                                           \
    argv[0] = (char *)arg;                                                                       \
    va_start(ap, last);                                                                          \
    for (size_t i = 1; i <= n; i++) argv[i] = va_arg(ap, char *);

int rotf2_c_execl(const char *p, const char *arg, ...) {
    REAL(execv_fn, real, "execv");
    COLLECT_ARGV(arg)
    va_end(ap);
    EXEC_CALL(real(p, argv));
}

int rotf2_c_execlp(const char *p, const char *arg, ...) {
    REAL(execv_fn, real, "execvp");
    COLLECT_ARGV(arg)
    va_end(ap);
    EXEC_CALL(real(p, argv));
}

int rotf2_c_execle(const char *p, const char *arg, ...) {
    REAL(execve_fn, real, "execve");
    COLLECT_ARGV(arg)
    char *const *envp = va_arg(ap, char *const *);
    va_end(ap);
    EXEC_CALL(real(p, argv, envp));
}
