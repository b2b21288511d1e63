/* asm/bitsperlong.h - BITS_PER_LONG for the KUnit stub: -DBITS_PER_LONG=32
 * builds an emitted test as a 32-bit kernel would see it, else the host's. */
#ifndef CFX_ASM_BITSPERLONG_STUB_H
#define CFX_ASM_BITSPERLONG_STUB_H
#ifndef BITS_PER_LONG
#define BITS_PER_LONG (__SIZEOF_LONG__ * 8)
#endif
#endif
