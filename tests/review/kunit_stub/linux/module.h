/* linux/module.h - module tags, empty in the KUnit stub. */
#ifndef CFX_LINUX_MODULE_STUB_H
#define CFX_LINUX_MODULE_STUB_H
#define MODULE_DESCRIPTION(s)
#define MODULE_LICENSE(s)
#endif
