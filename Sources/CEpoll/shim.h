#include <sys/epoll.h>
#include <sys/eventfd.h>

// Linux's epoll(7) and eventfd(2), which Glibc's Swift module leaves out: the fake servers'
// event loop (FakeHTTP's HTTPEventLoop). Nothing to link.
