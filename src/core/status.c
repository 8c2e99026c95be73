/* status.c - text for status codes and the names of layouts. */
#include "core/internal.h"

#include <string.h>

const char *nonet_strerror(int status)
{
    switch (status) {
    case NONET_OK:
        return "success";
    case NONET_EARG:
        return "invalid argument";
    case NONET_ENOMEM:
        return "out of memory";
    case NONET_EEMPTY:
        return "no puzzle in the input";
    case NONET_EBADCHAR:
        return "bad character";
    case NONET_ESHORTROW:
        return "row too short";
    case NONET_ELONGROW:
        return "row too long";
    case NONET_ETRUNCATED:
        return "grid ends before its last row";
    case NONET_ERANGE:
        return "digit out of range";
    case NONET_ECELLS:
        return "cell count fits no grid";
    case NONET_ELINE:
        return "line too long";
    case NONET_ESIZE:
        return "wrong grid size";
    case NONET_EAMBIGUOUS:
        return "ambiguous puzzle";
    case NONET_EBINARY:
        return "binary data, not text";
    case NONET_ECONFLICT:
        return "digit repeated in a unit";
    case NONET_ECLUE:
        return "solution changes a clue";
    case NONET_EINCOMPLETE:
        return "solution has blank cells";
    case NONET_ENOSOLUTION:
        return "no solution";
    case NONET_ENOTUNIQUE:
        return "more than one solution";
    case NONET_EGIVEUP:
        return "no puzzle met the targets within the tries";
    case NONET_ECANCELED:
        return "stopped: canceled";
    case NONET_ETIMEOUT:
        return "stopped: time limit reached";
    case NONET_EXC_NOITEMS:
        return "no item line";
    case NONET_EXC_NAME:
        return "bad item name";
    case NONET_EXC_DUPLICATE:
        return "item named twice";
    case NONET_EXC_BAR:
        return "'|' twice in the item line";
    case NONET_EXC_UNKNOWN:
        return "unknown item";
    case NONET_EXC_REPEATED:
        return "item repeated in an option";
    case NONET_EXC_COLOR:
        return "bad color";
    case NONET_EXC_TOOBIG:
        return "exact cover problem too big";
    case NONET_EXC_NOPRIMARY:
        return "option without a primary item";
    default:
        return "unknown error";
    }
}

/* Indexed by enum nonet_layout, whose values run 0..CSV without gaps. */
static const char *const layout_names[] = {
    "auto", "line", "grid", "spaced", "knuth", "numbers", "boxed", "candidates", "json", "csv",
};

#define LAYOUT_COUNT (sizeof layout_names / sizeof layout_names[0])

_Static_assert(LAYOUT_COUNT == NONET_LAYOUT_CSV + 1, "one name per layout");

const char *nonet_layout_name(nonet_layout layout)
{
    /* Compare as unsigned so that negative values are out of range too. */
    if ((unsigned)layout >= LAYOUT_COUNT)
        return NULL;
    return layout_names[layout];
}

int nonet_layout_from_name(const char *name, nonet_layout *layout)
{
    if (name == NULL || layout == NULL)
        return NONET_EARG;
    for (size_t i = 0; i < LAYOUT_COUNT; i++) {
        if (strcmp(name, layout_names[i]) == 0) {
            *layout = (nonet_layout)i;
            return NONET_OK;
        }
    }
    return NONET_EARG;
}
