/* module_symbol.c -- find a module's table symbol in its ELF dynamic
 * symbol table (module_symbol.h).  Only reads: the section headers, the
 * .dynsym section and the string table it links to, each bounds-checked
 * against the file's size.
 * SPDX-License-Identifier: MIT */
#include <config.h>
#include "module_symbol.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef HAVE_ELF_H
#include <elf.h>

#define SUFFIX "_LTX_gt_module"
#define MIN_TABLE 64           /* no game table of any version is smaller */
#define MAX_FILE (256L << 20)

static unsigned char *slurp(const char *path, size_t *size)
{
    FILE *f = fopen(path, "rb");
    unsigned char *buf = NULL;
    long n;
    if (!f)
        return NULL;
    if (fseek(f, 0, SEEK_END) == 0 && (n = ftell(f)) > 0 && n <= MAX_FILE &&
        fseek(f, 0, SEEK_SET) == 0 && (buf = malloc((size_t)n)) &&
        fread(buf, 1, (size_t)n, f) == (size_t)n)
        *size = (size_t)n;
    else {
        free(buf);
        buf = NULL;
    }
    fclose(f);
    return buf;
}

static int within(size_t size, uint64_t off, uint64_t len)
{
    return off <= size && len <= size - off;
}

int gt_module_symbol(const char *path, char *out, size_t len)
{
    size_t size = 0;
    unsigned char *buf = slurp(path, &size);
    int rc = -1;
    if (!buf)
        return -1;
    Elf64_Ehdr eh;
    if (size < sizeof eh)
        goto done;
    memcpy(&eh, buf, sizeof eh);
    if (memcmp(eh.e_ident, ELFMAG, SELFMAG) || eh.e_ident[EI_CLASS] != ELFCLASS64 ||
        eh.e_shentsize != sizeof(Elf64_Shdr) ||
        !within(size, eh.e_shoff, (uint64_t)eh.e_shnum * sizeof(Elf64_Shdr)))
        goto done;
    for (unsigned i = 0; i < eh.e_shnum && rc < 0; i++) {
        Elf64_Shdr sh, str;
        memcpy(&sh, buf + eh.e_shoff + i * sizeof sh, sizeof sh);
        if (sh.sh_type != SHT_DYNSYM || sh.sh_link >= eh.e_shnum)
            continue;
        memcpy(&str, buf + eh.e_shoff + sh.sh_link * sizeof str, sizeof str);
        if (!within(size, sh.sh_offset, sh.sh_size) ||
            !within(size, str.sh_offset, str.sh_size))
            continue;
        for (uint64_t k = 0; k + sizeof(Elf64_Sym) <= sh.sh_size; k += sizeof(Elf64_Sym)) {
            Elf64_Sym sym;
            memcpy(&sym, buf + sh.sh_offset + k, sizeof sym);
            /* A data object of some size: sanitizers add one-byte
             * companions named after it (__odr_asan_gen_..._gt_module). */
            if (sym.st_name >= str.sh_size || sym.st_shndx == SHN_UNDEF ||
                ELF64_ST_TYPE(sym.st_info) != STT_OBJECT || sym.st_size < MIN_TABLE)
                continue;
            const char *name = (const char *)buf + str.sh_offset + sym.st_name;
            size_t n = strnlen(name, str.sh_size - sym.st_name);
            if (n == str.sh_size - sym.st_name || n <= strlen(SUFFIX) || name[0] == '_' ||
                strcmp(name + n - strlen(SUFFIX), SUFFIX) || n >= len)
                continue;
            memcpy(out, name, n + 1);
            rc = 0;
            break;
        }
    }
done:
    free(buf);
    return rc;
}
#else
int gt_module_symbol(const char *path, char *out, size_t len)
{
    (void)path, (void)out, (void)len;
    return -1;
}
#endif
