/* Records the return address of every write() call made by the program and its libraries
   as (object, svma = pc - load bias), the way the recorder does, and prints them at exit
   as "site <svma in hex> <object name as dl_iterate_phdr gives it, '-' for the program>". */
#define _GNU_SOURCE
#include <link.h>
#include <stdio.h>
#include <sys/syscall.h>
#include <unistd.h>

#define MAX_SITES 4096
static unsigned long site_svma[MAX_SITES];
static const char *site_object[MAX_SITES];
static int site_count;
static int recording = 1;

struct search { unsigned long pc, bias; const char *name; };

static int find_object(struct dl_phdr_info *info, size_t size, void *data) {
    struct search *s = data;
    (void)size;
    for (int i = 0; i < info->dlpi_phnum; i++) {
        const ElfW(Phdr) *ph = &info->dlpi_phdr[i];
        unsigned long start = info->dlpi_addr + ph->p_vaddr;
        if (ph->p_type == PT_LOAD && s->pc >= start && s->pc < start + ph->p_memsz) {
            s->bias = info->dlpi_addr;
            s->name = info->dlpi_name;
            return 1;
        }
    }
    return 0;
}

ssize_t write(int fd, const void *buf, size_t n) {
    if (recording && site_count < MAX_SITES) {
        struct search s = { (unsigned long)__builtin_return_address(0), 0, NULL };
        dl_iterate_phdr(find_object, &s);
        site_svma[site_count] = s.pc - s.bias;
        site_object[site_count++] = s.name && s.name[0] ? s.name : "-";
    }
    return syscall(SYS_write, fd, buf, n);
}

void print_sites(void) {
    recording = 0;
    for (int i = 0; i < site_count; i++)
        printf("site %lx %s\n", site_svma[i], site_object[i]);
}
