#include <errno.h>
#include <fcntl.h>
#include <linux/userfaultfd.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <unistd.h>

// Linux's userfaultfd(2), which Swift cannot call (syscall and ioctl are variadic), for one
// use: turning the kernel's fault-around off for a mapping (issue 30, ResidentMemory).

#ifndef UFFD_USER_MODE_ONLY
#define UFFD_USER_MODE_ONLY 1
#endif
#ifndef UFFD_FEATURE_WP_ASYNC
#define UFFD_FEATURE_WP_ASYNC (1 << 15) /* Linux 6.7; Debian 12's headers are older */
#endif

// A userfaultfd in asynchronous write-protect mode: the kernel resolves its faults itself,
// so nothing ever reads it. Returns the descriptor, or -1 with errno set (ENOSYS or EPERM
// where the kernel or a seccomp filter refuses userfaultfd, EINVAL before Linux 6.7).
static inline int mirror_userfaultfd_async_wp(void) {
    int fd = (int)syscall(SYS_userfaultfd, O_CLOEXEC | O_NONBLOCK | UFFD_USER_MODE_ONLY);
    if (fd < 0) return -1;
    struct uffdio_api api = { .api = UFFD_API, .features = UFFD_FEATURE_WP_ASYNC };
    if (ioctl(fd, UFFDIO_API, &api) != 0) {
        int saved = errno;
        close(fd);
        errno = saved;
        return -1;
    }
    return fd;
}

// Registers [start, start + length) in write-protect mode. Nothing is write-protected (no
// UFFDIO_WRITEPROTECT follows): the only effect is that the kernel maps a faulting page alone
// instead of up to 64 KB of cached pages around it (mm/memory.c, should_fault_around).
// 0, or -1 with errno (EPERM for a shared mapping of a file the process cannot write).
static inline int mirror_userfaultfd_register_wp(int fd, void *start, unsigned long length) {
    struct uffdio_register registration = {
        .range = { .start = (unsigned long)start, .len = length },
        .mode = UFFDIO_REGISTER_MODE_WP,
    };
    return ioctl(fd, UFFDIO_REGISTER, &registration);
}
