/* Makes every fsync and fdatasync of a process take SLOW_SYNC_MS milliseconds longer, as on the
 * SD card of a small board computer. The load benchmark builds it with `cc` and starts the
 * server with it in LD_PRELOAD when given `--slow-sync MS`. */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <stdlib.h>
#include <time.h>

static void slow_down(void) {
    const char *ms = getenv("SLOW_SYNC_MS");
    long v = ms ? atol(ms) : 0;
    struct timespec t = {v / 1000, (v % 1000) * 1000000L};
    if (v > 0) nanosleep(&t, NULL);
}

int fsync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fsync");
    slow_down();
    return real(fd);
}

int fdatasync(int fd) {
    static int (*real)(int);
    if (!real) real = (int (*)(int))dlsym(RTLD_NEXT, "fdatasync");
    slow_down();
    return real(fd);
}
