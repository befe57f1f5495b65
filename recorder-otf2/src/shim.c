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
#include <wchar.h>

extern void *rotf2_real(const char *name);
extern void *rotf2_stdio_begin(FILE *s);
extern void *rotf2_stdio_begin_fd(int fd);
extern void rotf2_stdio_end(void *ts, int which, uint64_t target, uint64_t t0, long ret, int64_t bytes, int err);
extern uint64_t rotf2_now(void);
extern int64_t rotf2_tell(FILE *s);
extern void rotf2_before_exec(void);
extern void rotf2_exec_failed(void);

#define REAL(type, var, name)                                                                    \
    static type var;                                                                             \
    if (!var) var = (type)rotf2_real(name);                                                      \
    if (!var) { errno = ENOSYS; return -1; }

/* What each wrapper records: the position in SHIM_FUNCS (stdio.rs), same order. */
enum {
    W_FPRINTF, W_VFPRINTF, W_PRINTF, W_FSCANF, W_ISOC99_FSCANF, W_VPRINTF, W_DPRINTF, W_VDPRINTF,
    W_SCANF, W_VSCANF, W_VFSCANF, W_ISOC99_SCANF, W_ISOC99_VSCANF, W_ISOC99_VFSCANF,
    W_FWPRINTF, W_VFWPRINTF, W_WPRINTF, W_VWPRINTF, W_FWSCANF, W_VFWSCANF, W_WSCANF, W_VWSCANF,
    W_ISOC99_FWSCANF, W_ISOC99_VFWSCANF, W_ISOC99_WSCANF, W_ISOC99_VWSCANF,
};

/* The stream position moved by a call: after - before (ftello, which makes no I/O: at most an
 * lseek(SEEK_CUR) system call), -1 when either is unknown (pipes, terminals). */
static int64_t moved(int64_t before, int64_t after) {
    return (before >= 0 && after >= before) ? after - before : -1;
}

/* One traced call through a va_list: `call` is the real call, `measure` says whether the
 * bytes come from the stream position (scanf, wide printf) rather than the return value. */
#define TRACED_CALL(which, s, measure, call)                                                     \
    do {                                                                                         \
        void *ts_ = rotf2_stdio_begin(s);                                                        \
        if (!ts_) return call;                                                                   \
        int64_t before_ = (measure) ? rotf2_tell(s) : -1;                                        \
        uint64_t t0_ = rotf2_now();                                                              \
        int ret_ = call;                                                                         \
        int err_ = errno;                                                                        \
        int64_t bytes_ = (measure) ? moved(before_, rotf2_tell(s)) : -1;                         \
        rotf2_stdio_end(ts_, which, (uint64_t)(uintptr_t)(s), t0_, ret_, bytes_, err_);          \
        errno = err_;                                                                            \
        return ret_;                                                                             \
    } while (0)

typedef int (*vfprintf_fn)(FILE *, const char *, va_list);
typedef int (*vfprintf_chk_fn)(FILE *, int, const char *, va_list);
typedef int (*vprintf_chk_fn)(int, const char *, va_list);
typedef int (*vdprintf_fn)(int, const char *, va_list);
typedef int (*vdprintf_chk_fn)(int, int, const char *, va_list);
typedef int (*vprintf_fn)(const char *, va_list);

static int traced_vfprintf(int which, FILE *s, const char *fmt, va_list ap) {
    REAL(vfprintf_fn, real, "vfprintf");
    TRACED_CALL(which, s, 0, real(s, fmt, ap));
}

static int traced_vfprintf_chk(int which, FILE *s, int flag, const char *fmt, va_list ap) {
    REAL(vfprintf_chk_fn, real, "__vfprintf_chk");
    TRACED_CALL(which, s, 0, real(s, flag, fmt, ap));
}

/* A scanf form: `name` is the real va_list function (vfscanf, __isoc99_vfscanf, ...). */
typedef int (*vfscanf_fn)(FILE *, const char *, va_list);
#define SCANF_REAL(var, name)                                                                    \
    static vfscanf_fn var;                                                                       \
    if (!var) var = (vfscanf_fn)rotf2_real(name);                                                \
    if (!var) { errno = ENOSYS; return EOF; }

static int traced_vfscanf(int which, vfscanf_fn real, FILE *s, const char *fmt, va_list ap) {
    TRACED_CALL(which, s, 1, real(s, fmt, ap));
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

int rotf2_c_vprintf(const char *fmt, va_list ap) {
    REAL(vprintf_fn, real, "vprintf");
    TRACED_CALL(W_VPRINTF, stdout, 0, real(fmt, ap));
}

/* dprintf and vdprintf write to a descriptor. */
#define TRACED_FD_CALL(which, fd, call)                                                          \
    do {                                                                                         \
        void *ts_ = rotf2_stdio_begin_fd(fd);                                                    \
        if (!ts_) return call;                                                                   \
        uint64_t t0_ = rotf2_now();                                                              \
        int ret_ = call;                                                                         \
        int err_ = errno;                                                                        \
        rotf2_stdio_end(ts_, which, (uint64_t)(int64_t)(fd), t0_, ret_, -1, err_);               \
        errno = err_;                                                                            \
        return ret_;                                                                             \
    } while (0)


static int traced_vdprintf(int which, int fd, const char *fmt, va_list ap) {
    REAL(vdprintf_fn, real, "vdprintf");
    TRACED_FD_CALL(which, fd, real(fd, fmt, ap));
}

int rotf2_c_dprintf(int fd, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vdprintf(W_DPRINTF, fd, fmt, ap);
    va_end(ap);
    return r;
}

int rotf2_c_vdprintf(int fd, const char *fmt, va_list ap) { return traced_vdprintf(W_VDPRINTF, fd, fmt, ap); }

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

int rotf2_c_vprintf_chk(int flag, const char *fmt, va_list ap) {
    REAL(vprintf_chk_fn, real, "__vprintf_chk");
    TRACED_CALL(W_VPRINTF, stdout, 0, real(flag, fmt, ap));
}

static int traced_vdprintf_chk(int which, int fd, int flag, const char *fmt, va_list ap) {
    REAL(vdprintf_chk_fn, real, "__vdprintf_chk");
    TRACED_FD_CALL(which, fd, real(fd, flag, fmt, ap));
}

int rotf2_c_vdprintf_chk(int fd, int flag, const char *fmt, va_list ap) {
    return traced_vdprintf_chk(W_VDPRINTF, fd, flag, fmt, ap);
}

int rotf2_c_dprintf_chk(int fd, int flag, const char *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vdprintf_chk(W_DPRINTF, fd, flag, fmt, ap);
    va_end(ap);
    return r;
}

/* ---- the scanf family: bytes consumed = the stream position moved. The __isoc23_ names
 * (glibc >= 2.38) are recorded as their __isoc99_ twins. */
#define SCANF_VARIADIC(fn, which, realname, stream)                                              \
    int fn(const char *fmt, ...) {                                                               \
        SCANF_REAL(real, realname);                                                              \
        va_list ap;                                                                              \
        va_start(ap, fmt);                                                                       \
        int r = traced_vfscanf(which, real, stream, fmt, ap);                                    \
        va_end(ap);                                                                              \
        return r;                                                                                \
    }
#define FSCANF_VARIADIC(fn, which, realname)                                                     \
    int fn(FILE *s, const char *fmt, ...) {                                                      \
        SCANF_REAL(real, realname);                                                              \
        va_list ap;                                                                              \
        va_start(ap, fmt);                                                                       \
        int r = traced_vfscanf(which, real, s, fmt, ap);                                         \
        va_end(ap);                                                                              \
        return r;                                                                                \
    }
#define VSCANF(fn, which, realname)                                                              \
    int fn(const char *fmt, va_list ap) {                                                        \
        SCANF_REAL(real, realname);                                                              \
        return traced_vfscanf(which, real, stdin, fmt, ap);                                      \
    }
#define VFSCANF(fn, which, realname)                                                             \
    int fn(FILE *s, const char *fmt, va_list ap) {                                               \
        SCANF_REAL(real, realname);                                                              \
        return traced_vfscanf(which, real, s, fmt, ap);                                          \
    }

FSCANF_VARIADIC(rotf2_c_fscanf, W_FSCANF, "vfscanf")
FSCANF_VARIADIC(rotf2_c_isoc99_fscanf, W_ISOC99_FSCANF, "__isoc99_vfscanf")
FSCANF_VARIADIC(rotf2_c_isoc23_fscanf, W_ISOC99_FSCANF, "__isoc23_vfscanf")
SCANF_VARIADIC(rotf2_c_scanf, W_SCANF, "vfscanf", stdin)
SCANF_VARIADIC(rotf2_c_isoc99_scanf, W_ISOC99_SCANF, "__isoc99_vfscanf", stdin)
SCANF_VARIADIC(rotf2_c_isoc23_scanf, W_ISOC99_SCANF, "__isoc23_vfscanf", stdin)
VSCANF(rotf2_c_vscanf, W_VSCANF, "vfscanf")
VSCANF(rotf2_c_isoc99_vscanf, W_ISOC99_VSCANF, "__isoc99_vfscanf")
VSCANF(rotf2_c_isoc23_vscanf, W_ISOC99_VSCANF, "__isoc23_vfscanf")
VFSCANF(rotf2_c_vfscanf, W_VFSCANF, "vfscanf")
VFSCANF(rotf2_c_isoc99_vfscanf, W_ISOC99_VFSCANF, "__isoc99_vfscanf")
VFSCANF(rotf2_c_isoc23_vfscanf, W_ISOC99_VFSCANF, "__isoc23_vfscanf")

/* ---- wide characters: printf returns characters, the bytes are the position moved. */
typedef int (*vfwprintf_fn)(FILE *, const wchar_t *, va_list);
typedef int (*vfwprintf_chk_fn)(FILE *, int, const wchar_t *, va_list);
typedef int (*vfwscanf_fn)(FILE *, const wchar_t *, va_list);

static int traced_vfwprintf(int which, FILE *s, const wchar_t *fmt, va_list ap) {
    REAL(vfwprintf_fn, real, "vfwprintf");
    TRACED_CALL(which, s, 1, real(s, fmt, ap));
}

static int traced_vfwprintf_chk(int which, FILE *s, int flag, const wchar_t *fmt, va_list ap) {
    REAL(vfwprintf_chk_fn, real, "__vfwprintf_chk");
    TRACED_CALL(which, s, 1, real(s, flag, fmt, ap));
}

int rotf2_c_vfwprintf(FILE *s, const wchar_t *fmt, va_list ap) { return traced_vfwprintf(W_VFWPRINTF, s, fmt, ap); }
int rotf2_c_vwprintf(const wchar_t *fmt, va_list ap) { return traced_vfwprintf(W_VWPRINTF, stdout, fmt, ap); }

int rotf2_c_fwprintf(FILE *s, const wchar_t *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vfwprintf(W_FWPRINTF, s, fmt, ap);
    va_end(ap);
    return r;
}

int rotf2_c_wprintf(const wchar_t *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vfwprintf(W_WPRINTF, stdout, fmt, ap);
    va_end(ap);
    return r;
}

int rotf2_c_vfwprintf_chk(FILE *s, int flag, const wchar_t *fmt, va_list ap) { return traced_vfwprintf_chk(W_VFWPRINTF, s, flag, fmt, ap); }
int rotf2_c_vwprintf_chk(int flag, const wchar_t *fmt, va_list ap) { return traced_vfwprintf_chk(W_VWPRINTF, stdout, flag, fmt, ap); }

int rotf2_c_fwprintf_chk(FILE *s, int flag, const wchar_t *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vfwprintf_chk(W_FWPRINTF, s, flag, fmt, ap);
    va_end(ap);
    return r;
}

int rotf2_c_wprintf_chk(int flag, const wchar_t *fmt, ...) {
    va_list ap;
    va_start(ap, fmt);
    int r = traced_vfwprintf_chk(W_WPRINTF, stdout, flag, fmt, ap);
    va_end(ap);
    return r;
}

#define WSCANF_REAL(var, name)                                                                   \
    static vfwscanf_fn var;                                                                      \
    if (!var) var = (vfwscanf_fn)rotf2_real(name);                                               \
    if (!var) { errno = ENOSYS; return EOF; }

static int traced_vfwscanf(int which, vfwscanf_fn real, FILE *s, const wchar_t *fmt, va_list ap) {
    TRACED_CALL(which, s, 1, real(s, fmt, ap));
}

#define WSCANF_VARIADIC(fn, which, realname)                                                     \
    int fn(const wchar_t *fmt, ...) {                                                            \
        WSCANF_REAL(real, realname);                                                             \
        va_list ap;                                                                              \
        va_start(ap, fmt);                                                                       \
        int r = traced_vfwscanf(which, real, stdin, fmt, ap);                                    \
        va_end(ap);                                                                              \
        return r;                                                                                \
    }
#define FWSCANF_VARIADIC(fn, which, realname)                                                    \
    int fn(FILE *s, const wchar_t *fmt, ...) {                                                   \
        WSCANF_REAL(real, realname);                                                             \
        va_list ap;                                                                              \
        va_start(ap, fmt);                                                                       \
        int r = traced_vfwscanf(which, real, s, fmt, ap);                                        \
        va_end(ap);                                                                              \
        return r;                                                                                \
    }
#define VWSCANF(fn, which, realname)                                                             \
    int fn(const wchar_t *fmt, va_list ap) {                                                     \
        WSCANF_REAL(real, realname);                                                             \
        return traced_vfwscanf(which, real, stdin, fmt, ap);                                     \
    }
#define VFWSCANF(fn, which, realname)                                                            \
    int fn(FILE *s, const wchar_t *fmt, va_list ap) {                                            \
        WSCANF_REAL(real, realname);                                                             \
        return traced_vfwscanf(which, real, s, fmt, ap);                                         \
    }

FWSCANF_VARIADIC(rotf2_c_fwscanf, W_FWSCANF, "vfwscanf")
FWSCANF_VARIADIC(rotf2_c_isoc99_fwscanf, W_ISOC99_FWSCANF, "__isoc99_vfwscanf")
FWSCANF_VARIADIC(rotf2_c_isoc23_fwscanf, W_ISOC99_FWSCANF, "__isoc23_vfwscanf")
WSCANF_VARIADIC(rotf2_c_wscanf, W_WSCANF, "vfwscanf")
WSCANF_VARIADIC(rotf2_c_isoc99_wscanf, W_ISOC99_WSCANF, "__isoc99_vfwscanf")
WSCANF_VARIADIC(rotf2_c_isoc23_wscanf, W_ISOC99_WSCANF, "__isoc23_vfwscanf")
VWSCANF(rotf2_c_vwscanf, W_VWSCANF, "vfwscanf")
VWSCANF(rotf2_c_isoc99_vwscanf, W_ISOC99_VWSCANF, "__isoc99_vfwscanf")
VWSCANF(rotf2_c_isoc23_vwscanf, W_ISOC99_VWSCANF, "__isoc23_vfwscanf")
VFWSCANF(rotf2_c_vfwscanf, W_VFWSCANF, "vfwscanf")
VFWSCANF(rotf2_c_isoc99_vfwscanf, W_ISOC99_VFWSCANF, "__isoc99_vfwscanf")
VFWSCANF(rotf2_c_isoc23_vfwscanf, W_ISOC99_VFWSCANF, "__isoc23_vfwscanf")

/* ---- syscall(2): glibc has no openat2 wrapper, programs call syscall(SYS_openat2, ...).
 * That number is recorded (as openat2); every other one passes straight through. The six
 * argument registers are forwarded as glibc's own syscall() takes them (reading a register
 * or stack slot the caller did not fill is harmless: the kernel ignores it). */
#include <sys/syscall.h>
typedef long (*syscall_fn)(long, ...);
extern void *rotf2_posix_begin(void);
extern void rotf2_openat2_end(void *ts, uint64_t t0, long dirfd, const char *path, const void *how, long size, long ret, int err);

static syscall_fn real_syscall;

/* Resolved at load, so that a first syscall() made while another thread holds the dynamic
 * loader's lock (a futex inside dlopen) does not wait for dlsym. */
__attribute__((constructor)) static void resolve_syscall(void) {
    real_syscall = (syscall_fn)rotf2_real("syscall");
}

long rotf2_c_syscall(long n, ...) {
    va_list ap;
    va_start(ap, n);
    long a = va_arg(ap, long), b = va_arg(ap, long), c = va_arg(ap, long);
    long d = va_arg(ap, long), e = va_arg(ap, long), f = va_arg(ap, long);
    va_end(ap);
    syscall_fn real = real_syscall;
    if (!real) real = real_syscall = (syscall_fn)rotf2_real("syscall");
    if (!real) { errno = ENOSYS; return -1; }
#ifdef SYS_openat2
    if (n == SYS_openat2) {
        void *ts = rotf2_posix_begin();
        if (!ts) return real(n, a, b, c, d, e, f);
        uint64_t t0 = rotf2_now();
        long r = real(n, a, b, c, d, e, f);
        int err = errno;
        rotf2_openat2_end(ts, t0, a, (const char *)b, (const void *)c, d, r, err);
        errno = err;
        return r;
    }
#endif
    return real(n, a, b, c, d, e, f);
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

/* The recorder's own addresses, from the linker: its first byte (the ELF header) to the
 * end of its code. Hidden, so that they are the recorder's and not the program's. */
extern const char __ehdr_start[] __attribute__((visibility("hidden")));
extern const char etext[] __attribute__((visibility("hidden")));

/* The program's call site of the traced call in progress: the first return address, going
 * up the frame-pointer chain from here, that lies outside the recorder's own code.
 * Every frame of the recorder between the program and here keeps a frame pointer (Rust:
 * .cargo/config.toml forces them; C: -fno-omit-frame-pointer; the exported variadic entry
 * points are tail jumps with no frame), so only the recorder's own frames are followed and
 * the program's are never read. A chain that does not look like one (not increasing, not
 * aligned, too long) gives 0: no site, counted by the reader. */
uintptr_t rotf2_call_site(void) {
    uintptr_t lo = (uintptr_t)__ehdr_start, len = (uintptr_t)etext - lo;
    uintptr_t *fp = (uintptr_t *)__builtin_frame_address(0);
    /* This frame returns into the recorder (the caller): start one frame up. */
    fp = (uintptr_t *)fp[0];
    for (int i = 0; i < 16; i++) {
        uintptr_t ret = fp[1];
        if (ret - lo >= len) /* outside the recorder: the program's */
            return ret;
        uintptr_t next = fp[0];
        if (next <= (uintptr_t)fp || next - (uintptr_t)fp > (1u << 20) || (next & 7)) return 0;
        fp = (uintptr_t *)next;
    }
    return 0;
}

/* The recorder's own address range, [lo, hi). */
void rotf2_own_range(uintptr_t *lo, uintptr_t *hi) {
    *lo = (uintptr_t)__ehdr_start;
    *hi = (uintptr_t)etext;
}
