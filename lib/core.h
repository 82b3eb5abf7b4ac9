/* core.h -- internal declarations shared by the rooms of libgtsearch. */
#ifndef GT_CORE_H
#define GT_CORE_H
const char *gt_version(void);
#endif
