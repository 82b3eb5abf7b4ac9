/* module_symbol.h -- the name under which a module file exports its game
 * table, read from the file itself: libltdl looks for NAME_LTX_gt_module
 * with NAME taken from the file name, so a module renamed after it was
 * built would otherwise not be found (and a stale one not be refused
 * with its version).
 * SPDX-License-Identifier: MIT */
#ifndef GT_MODULE_SYMBOL_H
#define GT_MODULE_SYMBOL_H

#include <stddef.h>

/* Write to out the first dynamic symbol of the ELF file `path` whose name
 * ends in "_LTX_gt_module".  0, or -1 when there is none or the file is
 * not a readable 64-bit ELF file. */
int gt_module_symbol(const char *path, char *out, size_t len);

#endif
