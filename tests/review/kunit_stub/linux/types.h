/* linux/types.h - the kernel's fixed-width names, for the KUnit stub. */
#ifndef CFX_LINUX_TYPES_STUB_H
#define CFX_LINUX_TYPES_STUB_H
#include <stdint.h>
typedef uint8_t u8;
typedef uint16_t u16;
typedef uint32_t u32;
typedef uint64_t u64;
#define ARRAY_SIZE(a) (sizeof(a) / sizeof((a)[0]))
#endif
