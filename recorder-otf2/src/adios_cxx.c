/* ADIOS2's C++ API and core: the wrappers (see adios_cxx.rs for the design).
 *
 * One C function per interposed C++ function, generated as a macro line into
 * generated/adios_cxx.h by scripts/gen-adios-cxx.py from the library's exports. A C++ member
 * function is, in the Itanium C++ ABI, a function whose first parameter is `this`; the
 * parameters the interposed functions take are pointers (references, `this`, std::string
 * and Dims arguments, whether by reference or, being non-trivial, by value), int-sized
 * enums, bool, float, size_t, and adios2::Variable<T> by value, a trivially copyable class
 * holding one core::Variable<T>* (passed as that pointer). Their results are void, an int
 * enum, a pointer, or adios2::Engine / IO / Variable<T> / VariableNT by value, each a
 * trivially copyable class holding one pointer (returned as that pointer). The accessors
 * called here that return std::string or Dims (std::vector<size_t>) return them through a
 * hidden pointer, as a C function returning a struct larger than 16 bytes does.
 *
 * Compiled with -fexceptions: when the real function throws, the cleanup of the traced
 * block ends the record (status 4, adios2_error_exception) while the exception unwinds
 * through this frame to the caller, untouched. No C++ runtime is needed for that (the C
 * personality routine is libgcc's).
 */
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* libstdc++'s std::string (the C++11 ABI: the mangled names say __cxx11) and
 * std::vector<size_t>. */
typedef struct StdString {
    char *p;
    size_t len;
    union {
        size_t cap;
        char buf[16];
    } u;
} StdString;
#define SSO_CAPACITY 15

typedef struct Vec {
    uint64_t *b, *e, *c;
} Vec;

typedef struct StrVec {
    StdString *b, *e, *c;
} StrVec;

enum { LVL_CXX, LVL_CORE, LVL_DERIVED };
enum {
    OP_PUT = 1,
    OP_GET,
    OP_OPEN,
    OP_DEFINE,
    OP_INQUIRE,
    OP_BEGIN_STEP,
    OP_END_STEP,
    OP_PERFORM_PUTS,
    OP_PERFORM_GETS,
    OP_FLUSH,
    OP_DATA_WRITE,
    OP_CLOSE,
    OP_INIT,
    OP_INIT_CONFIG,
    OP_FINALIZE,
    OP_DECLARE_IO,
    OP_SET_ENGINE,
};
enum { VAR_NONE, VAR_VAR, VAR_NAME, VAR_NT };
enum { DATA_ELEMS, DATA_STRING, DATA_STRINGS, DATA_INFO };

/* adios2::Mode and adios2::StepMode values used here. */
#define MODE_READ 2
#define MODE_READ_RANDOM_ACCESS 4
#define MODE_SYNC 5
#define STEP_MODE_APPEND 0
#define STEP_MODE_READ 2

#define ADX_EXCEPTION 4

/* Same layout as adios_cxx.rs's AdxCall. */
typedef struct AdxCall {
    void *ts;
    uint64_t t0, t1;
    uint32_t idx;
    int32_t op;
    int32_t mode;
    int32_t status;
    int32_t err;
    int32_t quiet;
    int32_t mid;
    int32_t sel_ndims;
    void *obj;
    void *var;
    void *ret;
    const char *text;
    size_t len;
    int64_t atype;
    uint64_t ndims;
    uint64_t dims[3];
    uint64_t start[3];
    uint64_t count[3];
    uint64_t shape[3];
    uint64_t elements;
    uint64_t bytes;
    void *full;
    /* Not in the Rust struct's view: the variable name asked from ADIOS2 (text points here). */
    char name[256];
} AdxCall;

extern void *rotf2_adx_begin(void);
extern uint64_t rotf2_now(void);
extern void rotf2_adx_mid(AdxCall *c);
extern void rotf2_adx_end(AdxCall *c, int32_t status);
extern void *rotf2_lib_sym(const char *name);
extern void *rotf2_adx_engine_base(void *full);
extern bool rotf2_adx_name_cached(void *var);

/* ---------------------------------------------------------------- symbols */

typedef struct Sym {
    const char *name;
    void *p;
} Sym;
#define MISSING ((void *)1)

/* The library's definition of a symbol, resolved once (null if there is none). */
static inline void *resolve(Sym *s) {
    void *p = __atomic_load_n(&s->p, __ATOMIC_ACQUIRE);
    if (__builtin_expect(p != NULL, 1))
        return p == MISSING ? NULL : p;
    p = rotf2_lib_sym(s->name);
    __atomic_store_n(&s->p, p ? p : MISSING, __ATOMIC_RELEASE);
    return p;
}

/* Accessors (exported by libadios2_core / libadios2_cxx, and libstdc++'s operator delete). */
static Sym s_get_io = {"_ZN6adios24core6Engine5GetIOEv", NULL};
static Sym s_open_mode = {"_ZNK6adios24core6Engine8OpenModeEv", NULL};
static Sym s_nt_name = {"_ZNK6adios210VariableNT4NameB5cxx11Ev", NULL};
static Sym s_nt_count = {"_ZNK6adios210VariableNT5CountEv", NULL};
static Sym s_nt_start = {"_ZNK6adios210VariableNT5StartEv", NULL};
static Sym s_shape = {"_ZNK6adios24core12VariableBase5ShapeEm", NULL};
static Sym s_nt_selection_size = {"_ZNK6adios210VariableNT13SelectionSizeEv", NULL};
static Sym s_nt_sizeof = {"_ZNK6adios210VariableNT6SizeofEv", NULL};
static Sym s_delete = {"_ZdlPv", NULL};

/* Per core element type: core::Variable<T>::SelectionSize() const, core::Variable<T>::Count()
 * const and core::IO::InquireVariable<T>(std::string const&). */
typedef struct TypeSyms {
    Sym size, count, inquire;
} TypeSyms;
#define ADX_TYPE(I, T, SIZE, COUNT, INQ) [I] = {{SIZE, NULL}, {COUNT, NULL}, {INQ, NULL}},
#define ADX_CTOR0(...)
#define ADX_CTOR1(...)
#define ADX_CTOR2(...)
#define ADX_XFER(...)
#define ADX_XFER_PTR(...)
#define ADX_OPEN(...)
#define ADX_OPEN_MD(...)
#define ADX_DEFINE(...)
#define ADX_DEFINE_NT(...)
#define ADX_INQUIRE(...)
#define ADX_STEP0(...)
#define ADX_STEP(...)
#define ADX_ENG0(...)
#define ADX_ENG_INT(...)
#define ADX_DECLARE_IO(...)
#define ADX_STR1(...)
static TypeSyms types[] = {
#include "generated/adios_cxx.h"
};
#undef ADX_TYPE

static void op_delete(void *p) {
    void (*f)(void *) = (void (*)(void *))resolve(&s_delete);
    if (p && f)
        f(p);
}

/* VariableNT is a class holding one core::VariableBase*: `this` is the address of that
 * pointer. */
typedef void *const *NT;

/* How a Dims accessor takes the variable. */
enum { ACC_NT, ACC_CORE, ACC_CORE_STEP };

/* Up to 3 values of a Dims accessor of a variable: VariableNT::Start, core::Variable<T>::Count
 * (or VariableNT::Count), core::VariableBase::Shape(step); the number of dimensions, or -1 if
 * not available. */
static int var_dims(Sym *s, int how, void *var, uint64_t out[3]) {
    void *f = resolve(s);
    if (!f)
        return -1;
    Vec v;
    if (how == ACC_CORE_STEP)
        v = ((Vec(*)(void *, size_t))f)(var, (size_t)-1); /* adios2::EngineCurrentStep */
    else if (how == ACC_CORE)
        v = ((Vec(*)(void *))f)(var);
    else
        v = ((Vec(*)(NT))f)(&var);
    size_t n = v.b ? (size_t)(v.e - v.b) : 0;
    for (size_t i = 0; i < 3; i++)
        out[i] = i < n ? v.b[i] : 0;
    op_delete(v.b);
    return (int)n;
}

static uint64_t nt_selection_size(void *var) {
    void *f = resolve(&s_nt_selection_size);
    return f ? ((size_t(*)(NT))f)(&var) : 0;
}

static uint64_t nt_sizeof(void *var) {
    void *f = resolve(&s_nt_sizeof);
    return f ? ((size_t(*)(NT))f)(&var) : 0;
}

/* The variable's name into c->name (c->text, c->len), unless the recorder has it cached. */
static void var_name(AdxCall *c, void *var) {
    if (rotf2_adx_name_cached(var))
        return;
    void *f = resolve(&s_nt_name);
    if (!f)
        return;
    StdString s = ((StdString(*)(NT))f)(&var);
    size_t n = s.len;
    /* A copy of a name this short is in the object itself (libstdc++'s small string). */
    const char *p = n <= SSO_CAPACITY ? s.u.buf : s.p;
    if (n < sizeof c->name) {
        memcpy(c->name, p, n);
        c->name[n] = 0;
        c->text = c->name;
        c->len = n;
    }
    if (n > SSO_CAPACITY)
        op_delete(s.p);
}

/* The variable an engine's IO knows by this name. */
static void *by_name(void *engine, const StdString *name, int tix) {
    if (!engine || !name || tix < 0)
        return NULL;
    void *get_io = resolve(&s_get_io);
    void *inquire = resolve(&types[tix].inquire);
    if (!get_io || !inquire)
        return NULL;
    void *io = ((void *(*)(void *))get_io)(engine);
    return io ? ((void *(*)(void *, const StdString *))inquire)(io, name) : NULL;
}

/* What a put / get moves: the variable, its name, elements, bytes and selection. */
static void xfer_info(AdxCall *c, int var_kind, int data_kind, uint64_t size, int tix, void *v,
                      const void *data) {
    void *var = NULL;
    if (var_kind == VAR_VAR)
        var = v;
    else if (var_kind == VAR_NT)
        var = v ? *(void **)v : NULL;
    else if (var_kind == VAR_NAME)
        var = by_name(c->obj, (const StdString *)v, tix);
    c->var = var;
    if (!var)
        return;
    /* The name argument of a by-name form is for a call that fails: a found variable's name
     * comes from the cache. */
    c->text = NULL;
    c->len = 0;
    var_name(c, var);
    uint64_t n;
    void *f = var_kind != VAR_NT && tix >= 0 ? resolve(&types[tix].size) : NULL;
    if (f)
        n = ((size_t(*)(void *))f)(var);
    else
        n = nt_selection_size(var);
    c->elements = n;
    switch (data_kind) {
    case DATA_ELEMS:
        c->bytes = n * (size ? size : nt_sizeof(var));
        break;
    case DATA_STRING:
        c->bytes = data ? ((const StdString *)data)->len : 0;
        break;
    case DATA_STRINGS:
        c->bytes = 0;
        if (data)
            for (const StdString *s = ((const StrVec *)data)->b; s && s < ((const StrVec *)data)->e;
                 s++)
                c->bytes += s->len;
        break;
    default:
        c->bytes = 0;
    }
    /* The core's own accessors where it exports them: the C++ API's (VariableNT) check their
     * pointer with a message built every time. */
    int nd = var_kind != VAR_NT && tix >= 0 ? var_dims(&types[tix].count, ACC_CORE, var, c->count)
                                            : var_dims(&s_nt_count, ACC_NT, var, c->count);
    if (nd > 0 && nd <= 32) {
        if (var_dims(&s_nt_start, ACC_NT, var, c->start) < 0)
            memset(c->start, 0, sizeof c->start);
        if (var_dims(&s_shape, ACC_CORE_STEP, var, c->shape) < 0)
            memset(c->shape, 0, sizeof c->shape);
        c->sel_ndims = nd;
    }
}

/* ---------------------------------------------------------------- call frame */

static inline void call_init(AdxCall *c, void *ts, uint32_t idx, int op, int lvl, void *self) {
    c->ts = ts;
    c->t0 = c->t1 = 0;
    c->idx = idx;
    c->op = op;
    c->mode = 0;
    c->status = 0;
    c->err = 0;
    c->quiet = 0;
    c->mid = 0;
    c->sel_ndims = 0;
    c->var = c->ret = c->full = NULL;
    c->text = NULL;
    c->len = 0;
    c->atype = -1;
    c->ndims = 0;
    c->elements = c->bytes = 0;
    for (int i = 0; i < 3; i++)
        c->dims[i] = c->start[i] = c->count[i] = c->shape[i] = 0;
    /* The object the call is on, as the core has it: the C++ API's Engine / IO / ADIOS hold
     * it as their first member; an engine class's own virtual function gets the whole
     * engine object. */
    if (lvl == LVL_CXX)
        c->obj = self ? *(void **)self : NULL;
    else if (lvl == LVL_DERIVED)
        c->obj = rotf2_adx_engine_base(self);
    else
        c->obj = self;
}

/* Runs while an exception thrown inside the traced block unwinds through it. */
static void adx_unwound(AdxCall **g) {
    AdxCall *c = *g;
    if (!c)
        return;
    if (!c->mid)
        rotf2_adx_mid(c);
    rotf2_adx_end(c, ADX_EXCEPTION);
}

#define TRACED(c, CALL, POST)                                                                   \
    {                                                                                           \
        AdxCall *guard_ __attribute__((cleanup(adx_unwound))) = &(c);                           \
        (c).t0 = rotf2_now();                                                                   \
        CALL;                                                                                   \
        rotf2_adx_mid(&(c));                                                                    \
        POST;                                                                                   \
        rotf2_adx_end(&(c), 0);                                                                 \
        guard_ = NULL;                                                                          \
    }

static void set_text(AdxCall *c, const StdString *s) {
    if (s) {
        c->text = s->p;
        c->len = s->len;
    }
}

static void open_info(AdxCall *c, void *engine) {
    c->ret = engine;
    if (engine) {
        /* The most derived object: the vtable's offset-to-top (Itanium C++ ABI). */
        const ptrdiff_t *vt = *(const ptrdiff_t *const *)engine;
        c->full = (char *)engine + vt[-2];
    }
}

static void copy_dims(uint64_t out[3], const Vec *v) {
    size_t n = v && v->b ? (size_t)(v->e - v->b) : 0;
    for (size_t i = 0; i < 3; i++)
        out[i] = i < n ? v->b[i] : 0;
}

static void define_info(AdxCall *c, const StdString *name, const Vec *shape, const Vec *count,
                        int64_t atype) {
    set_text(c, name);
    c->atype = atype;
    size_t ns = shape && shape->b ? (size_t)(shape->e - shape->b) : 0;
    size_t nc = count && count->b ? (size_t)(count->e - count->b) : 0;
    c->ndims = ns > nc ? ns : nc;
    copy_dims(c->dims, shape);
}

/* adios2::DataType -> adios2_type (the C API's). */
static int64_t c_type(int t) {
    static const int8_t map[] = {-1, 5, 6, 7, 8, 9, 10, 11, 12, 1, 2, 13, 3, 4, 0, 5, -1};
    return t >= 0 && t < (int)sizeof map ? map[t] : -1;
}

/* The step mode BeginStep() uses: Read for an engine opened to read, else Append. */
static int default_step_mode(void *engine) {
    void *f = resolve(&s_open_mode);
    if (!f || !engine)
        return STEP_MODE_APPEND;
    int m = ((int (*)(void *))f)(engine);
    return m == MODE_READ || m == MODE_READ_RANDOM_ACCESS ? STEP_MODE_READ : STEP_MODE_APPEND;
}

/* ---------------------------------------------------------------- wrappers */

#define REAL(T) __typeof__(T) real = (__typeof__(T))resolve(&sym_)
#define SYMBOL(SYM) static Sym sym_ = {SYM, NULL}

#undef ADX_CTOR0
#undef ADX_CTOR1
#undef ADX_CTOR2
#undef ADX_XFER
#undef ADX_XFER_PTR
#undef ADX_OPEN
#undef ADX_OPEN_MD
#undef ADX_DEFINE
#undef ADX_DEFINE_NT
#undef ADX_INQUIRE
#undef ADX_STEP0
#undef ADX_STEP
#undef ADX_ENG0
#undef ADX_ENG_INT
#undef ADX_DECLARE_IO
#undef ADX_STR1
#define ADX_TYPE(...)

/* The core object an ADIOS constructor made: the C++ API's ADIOS holds a
 * std::shared_ptr<core::ADIOS> first (its stored pointer first). */
#define ADIOS_MADE(LVL, self) ((LVL) == LVL_CXX ? *(void **)(self) : (self))

#define ADX_CTOR0(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                    \
    void rotf2_adx_##IDX(void *self) {                                                          \
        SYMBOL(SYM);                                                                            \
        REAL(void (*)(void *));                                                                 \
        if (!real)                                                                              \
            return;                                                                             \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts) {                                                                              \
            real(self);                                                                         \
            return;                                                                             \
        }                                                                                       \
        AdxCall c;                                                                              \
        call_init(&c, ts, IDX, OP, LVL_CORE, NULL);                                             \
        TRACED(c, real(self), c.ret = ADIOS_MADE(LVL, self));                                   \
    }

/* One string: the C++ API's configuration file, or the core's host language. */
#define ADX_CTOR1(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                    \
    void rotf2_adx_##IDX(void *self, const StdString *a) {                                      \
        SYMBOL(SYM);                                                                            \
        REAL(void (*)(void *, const StdString *));                                              \
        if (!real)                                                                              \
            return;                                                                             \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts) {                                                                              \
            real(self, a);                                                                      \
            return;                                                                             \
        }                                                                                       \
        AdxCall c;                                                                              \
        call_init(&c, ts, IDX, OP, LVL_CORE, NULL);                                             \
        if ((OP) == OP_INIT_CONFIG)                                                             \
            set_text(&c, a);                                                                    \
        TRACED(c, real(self, a), c.ret = ADIOS_MADE(LVL, self));                                \
    }

/* Configuration file and host language. */
#define ADX_CTOR2(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                    \
    void rotf2_adx_##IDX(void *self, const StdString *a, const StdString *b) {                  \
        SYMBOL(SYM);                                                                            \
        REAL(void (*)(void *, const StdString *, const StdString *));                           \
        if (!real)                                                                              \
            return;                                                                             \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts) {                                                                              \
            real(self, a, b);                                                                   \
            return;                                                                             \
        }                                                                                       \
        AdxCall c;                                                                              \
        call_init(&c, ts, IDX, OP, LVL_CORE, NULL);                                             \
        set_text(&c, a);                                                                        \
        TRACED(c, real(self, a, b), c.ret = ADIOS_MADE(LVL, self));                             \
    }

#define ADX_XFER(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                     \
    void rotf2_adx_##IDX(void *self, void *v, void *data, int mode) {                           \
        SYMBOL(SYM);                                                                            \
        REAL(void (*)(void *, void *, void *, int));                                            \
        if (!real)                                                                              \
            return;                                                                             \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts) {                                                                              \
            real(self, v, data, mode);                                                          \
            return;                                                                             \
        }                                                                                       \
        AdxCall c;                                                                              \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        c.mode = mode;                                                                          \
        if ((VAR) == VAR_NAME)                                                                  \
            set_text(&c, (const StdString *)v);                                                 \
        TRACED(c, real(self, v, data, mode), xfer_info(&c, VAR, DATA, SZ, TIX, v, data));       \
    }

/* Get(variable, T **data) const: a sync get of a pointer into the engine's memory. */
#define ADX_XFER_PTR(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                 \
    void rotf2_adx_##IDX(void *self, void *v, void *data) {                                     \
        SYMBOL(SYM);                                                                            \
        REAL(void (*)(void *, void *, void *));                                                 \
        if (!real)                                                                              \
            return;                                                                             \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts) {                                                                              \
            real(self, v, data);                                                                \
            return;                                                                             \
        }                                                                                       \
        AdxCall c;                                                                              \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        c.mode = MODE_SYNC;                                                                     \
        if ((VAR) == VAR_NAME)                                                                  \
            set_text(&c, (const StdString *)v);                                                 \
        TRACED(c, real(self, v, data), xfer_info(&c, VAR, DATA, SZ, TIX, v, NULL));             \
    }

#define ADX_OPEN(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                     \
    void *rotf2_adx_##IDX(void *self, const StdString *name, int mode) {                        \
        SYMBOL(SYM);                                                                            \
        REAL(void *(*)(void *, const StdString *, int));                                        \
        if (!real)                                                                              \
            return NULL;                                                                        \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts)                                                                                \
            return real(self, name, mode);                                                      \
        AdxCall c;                                                                              \
        void *r = NULL;                                                                         \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        set_text(&c, name);                                                                     \
        c.mode = mode;                                                                          \
        TRACED(c, r = real(self, name, mode), open_info(&c, r));                                \
        return r;                                                                               \
    }

/* Open(name, metadata, size): a reader on metadata given in memory. */
#define ADX_OPEN_MD(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                  \
    void *rotf2_adx_##IDX(void *self, const StdString *name, const char *md, size_t n) {        \
        SYMBOL(SYM);                                                                            \
        REAL(void *(*)(void *, const StdString *, const char *, size_t));                       \
        if (!real)                                                                              \
            return NULL;                                                                        \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts)                                                                                \
            return real(self, name, md, n);                                                     \
        AdxCall c;                                                                              \
        void *r = NULL;                                                                         \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        set_text(&c, name);                                                                     \
        c.mode = MODE_READ;                                                                     \
        TRACED(c, r = real(self, name, md, n), open_info(&c, r));                               \
        return r;                                                                               \
    }

#define ADX_DEFINE(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                   \
    void *rotf2_adx_##IDX(void *self, const StdString *name, const Vec *shape,                  \
                          const Vec *start, const Vec *count, bool constant) {                  \
        SYMBOL(SYM);                                                                            \
        REAL(void *(*)(void *, const StdString *, const Vec *, const Vec *, const Vec *, bool)); \
        if (!real)                                                                              \
            return NULL;                                                                        \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts)                                                                                \
            return real(self, name, shape, start, count, constant);                             \
        AdxCall c;                                                                              \
        void *r = NULL;                                                                         \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        define_info(&c, name, shape, count, AT);                                                \
        TRACED(c, r = real(self, name, shape, start, count, constant), c.ret = r);              \
        return r;                                                                               \
    }

/* DefineVariable(DataType, name, shape, start, count, constantDims) -> VariableNT. */
#define ADX_DEFINE_NT(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                \
    void *rotf2_adx_##IDX(void *self, int type, const StdString *name, const Vec *shape,        \
                          const Vec *start, const Vec *count, bool constant) {                  \
        SYMBOL(SYM);                                                                            \
        REAL(void *(*)(void *, int, const StdString *, const Vec *, const Vec *, const Vec *,   \
                       bool));                                                                  \
        if (!real)                                                                              \
            return NULL;                                                                        \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts)                                                                                \
            return real(self, type, name, shape, start, count, constant);                       \
        AdxCall c;                                                                              \
        void *r = NULL;                                                                         \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        define_info(&c, name, shape, count, c_type(type));                                      \
        TRACED(c, r = real(self, type, name, shape, start, count, constant), c.ret = r);        \
        return r;                                                                               \
    }

#define ADX_INQUIRE(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                  \
    void *rotf2_adx_##IDX(void *self, const StdString *name) {                                  \
        SYMBOL(SYM);                                                                            \
        REAL(void *(*)(void *, const StdString *));                                             \
        if (!real)                                                                              \
            return NULL;                                                                        \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts)                                                                                \
            return real(self, name);                                                            \
        AdxCall c;                                                                              \
        void *r = NULL;                                                                         \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        set_text(&c, name);                                                                     \
        c.atype = AT;                                                                           \
        TRACED(c, r = real(self, name), c.ret = r);                                             \
        return r;                                                                               \
    }

/* BeginStep(): the engine's default step mode. */
#define ADX_STEP0(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                    \
    int rotf2_adx_##IDX(void *self) {                                                           \
        SYMBOL(SYM);                                                                            \
        REAL(int (*)(void *));                                                                  \
        if (!real)                                                                              \
            return 3; /* StepStatus::OtherError */                                              \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts)                                                                                \
            return real(self);                                                                  \
        AdxCall c;                                                                              \
        int r = 0;                                                                              \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        TRACED(c, r = real(self), {                                                             \
            c.status = r;                                                                       \
            c.mode = default_step_mode(c.obj);                                                  \
        });                                                                                     \
        return r;                                                                               \
    }

#define ADX_STEP(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                     \
    int rotf2_adx_##IDX(void *self, int mode, float timeout) {                                  \
        SYMBOL(SYM);                                                                            \
        REAL(int (*)(void *, int, float));                                                      \
        if (!real)                                                                              \
            return 3;                                                                           \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts)                                                                                \
            return real(self, mode, timeout);                                                   \
        AdxCall c;                                                                              \
        int r = 0;                                                                              \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        c.mode = mode;                                                                          \
        TRACED(c, r = real(self, mode, timeout), c.status = r);                                 \
        return r;                                                                               \
    }

/* EndStep, PerformPuts, PerformGets, PerformDataWrite, and the core's ~ADIOS. */
#define ADX_ENG0(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                     \
    void rotf2_adx_##IDX(void *self) {                                                          \
        SYMBOL(SYM);                                                                            \
        REAL(void (*)(void *));                                                                 \
        if (!real)                                                                              \
            return;                                                                             \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts) {                                                                              \
            real(self);                                                                         \
            return;                                                                             \
        }                                                                                       \
        AdxCall c;                                                                              \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        TRACED(c, real(self), (void)0);                                                         \
    }

/* Flush(transportIndex), Close(transportIndex). */
#define ADX_ENG_INT(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                  \
    void rotf2_adx_##IDX(void *self, int i) {                                                   \
        SYMBOL(SYM);                                                                            \
        REAL(void (*)(void *, int));                                                            \
        if (!real)                                                                              \
            return;                                                                             \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts) {                                                                              \
            real(self, i);                                                                      \
            return;                                                                             \
        }                                                                                       \
        AdxCall c;                                                                              \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        TRACED(c, real(self, i), (void)0);                                                      \
    }

/* DeclareIO(name, ArrayOrdering) -> IO. */
#define ADX_DECLARE_IO(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                               \
    void *rotf2_adx_##IDX(void *self, const StdString *name, int ordering) {                    \
        SYMBOL(SYM);                                                                            \
        REAL(void *(*)(void *, const StdString *, int));                                        \
        if (!real)                                                                              \
            return NULL;                                                                        \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts)                                                                                \
            return real(self, name, ordering);                                                  \
        AdxCall c;                                                                              \
        void *r = NULL;                                                                         \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        set_text(&c, name);                                                                     \
        TRACED(c, r = real(self, name, ordering), c.ret = r);                                   \
        return r;                                                                               \
    }

/* SetEngine(type). */
#define ADX_STR1(IDX, SYM, LVL, OP, VAR, DATA, AT, SZ, TIX)                                     \
    void rotf2_adx_##IDX(void *self, const StdString *s) {                                      \
        SYMBOL(SYM);                                                                            \
        REAL(void (*)(void *, const StdString *));                                              \
        if (!real)                                                                              \
            return;                                                                             \
        void *ts = rotf2_adx_begin();                                                           \
        if (!ts) {                                                                              \
            real(self, s);                                                                      \
            return;                                                                             \
        }                                                                                       \
        AdxCall c;                                                                              \
        call_init(&c, ts, IDX, OP, LVL, self);                                                  \
        set_text(&c, s);                                                                        \
        TRACED(c, real(self, s), (void)0);                                                      \
    }

#include "generated/adios_cxx.h"
