/* stop.c - the clock and the look at a nonet_stop that long calls take
 * every few thousand nodes (nonet.h, "stopping long calls"). */
#include "core/internal.h"

#include <time.h>

uint64_t nonet_clock_ns(void)
{
    struct timespec ts;
    if (clock_gettime(CLOCK_MONOTONIC, &ts) != 0)
        return 0;
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
}

int stop_check(const nonet_stop *stop)
{
    if (!stop)
        return NONET_OK;
    if (stop->fn && stop->fn(stop->ctx))
        return NONET_ECANCELED;
    if (stop->deadline && nonet_clock_ns() >= stop->deadline)
        return NONET_ETIMEOUT;
    return NONET_OK;
}
