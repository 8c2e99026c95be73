/* hints.c - the growing list that finders fill with hints. */
#include "human/chains.h"

#include <stdlib.h>

void hlist_clear(hlist *l)
{
    l->nhints = 0;
    l->nitems = 0;
    l->nnodes = 0;
    l->nparents = 0;
    l->failed = 0;
}

void *hlist_scratch(hlist *l, size_t size)
{
    if (size > l->scratch_size) {
        void *grown = realloc(l->scratch, size);
        if (!grown) {
            l->failed = 1;
            return NULL;
        }
        l->scratch = grown;
        l->scratch_size = size;
    }
    return l->scratch;
}

void hlist_free(hlist *l)
{
    free(l->scratch);
    l->scratch = NULL;
    l->scratch_size = 0;
    free(l->hints);
    free(l->items);
    free(l->nodes);
    free(l->parents);
    l->parents = NULL;
    l->pcap = 0;
    if (l->chains) {
        chain_ctx_free(l->chains);
        free(l->chains);
    }
    l->chains = NULL;
    l->nodes = NULL;
    l->ncap = 0;
    l->hints = NULL;
    l->items = NULL;
    l->hcap = l->icap = 0;
    hlist_clear(l);
}

hhint *hlist_begin(hlist *l, int technique, int difficulty)
{
    if (l->nhints == l->hcap) {
        int cap = l->hcap ? 2 * l->hcap : 64;
        hhint *grown = realloc(l->hints, sizeof *grown * (size_t)cap);
        if (!grown) {
            l->failed = 1;
            return NULL;
        }
        l->hints = grown;
        l->hcap = cap;
    }
    hhint *h = &l->hints[l->nhints++];
    h->technique = technique;
    h->difficulty = difficulty;
    h->nunits = 0;
    h->pattern = h->place = h->elim = l->nitems;
    h->npattern = h->nplace = h->nelim = 0;
    h->chain = l->nnodes;
    h->parents = l->nparents;
    h->nchain = h->nparents = h->kind = h->complexity = 0;
    l->role = NONET_ROLE_DEFINING;
    h->done = 0;
    return h;
}

void hlist_drop(hlist *l)
{
    if (l->nhints > 0) {
        l->nitems = l->hints[l->nhints - 1].pattern;
        l->nnodes = l->hints[l->nhints - 1].chain;
        l->nparents = l->hints[l->nhints - 1].parents;
        l->nhints--;
    }
}

void hlist_unit(hlist *l, int unit)
{
    if (l->nhints == 0)
        return;
    hhint *h = &l->hints[l->nhints - 1];
    if (h->nunits < H_MAX_HINT_UNITS)
        h->units[h->nunits++] = unit;
}

/* Appends an item to the hint being built. Items are kept in three runs:
 * pattern, then placements, then eliminations; a later kind may only be
 * added after the earlier ones (the finders do so). */
static cell_digits *add_item(hlist *l)
{
    if (l->nitems == l->icap) {
        int cap = l->icap ? 2 * l->icap : 256;
        cell_digits *grown = realloc(l->items, sizeof *grown * (size_t)cap);
        if (!grown) {
            l->failed = 1;
            return NULL;
        }
        l->items = grown;
        l->icap = cap;
    }
    return &l->items[l->nitems++];
}

void hlist_pattern(hlist *l, int cell, uint64_t digits)
{
    if (l->nhints == 0)
        return;
    hhint *h = &l->hints[l->nhints - 1];
    cell_digits *it = add_item(l);
    if (!it)
        return;
    it->cell = cell;
    it->digits = digits;
    it->role = l->role;
    h->npattern++;
    h->place = h->elim = l->nitems;
}

void hlist_place(hlist *l, int cell, int digit)
{
    if (l->nhints == 0)
        return;
    hhint *h = &l->hints[l->nhints - 1];
    cell_digits *it = add_item(l);
    if (!it)
        return;
    it->cell = cell;
    it->digits = (uint64_t)1 << (digit - 1);
    it->role = NONET_ROLE_PLACED;
    h->nplace++;
    h->elim = l->nitems;
}

void hlist_elim(hlist *l, int cell, uint64_t digits)
{
    if (l->nhints == 0 || !digits)
        return;
    hhint *h = &l->hints[l->nhints - 1];
    cell_digits *it = add_item(l);
    if (!it)
        return;
    it->cell = cell;
    it->digits = digits;
    it->role = NONET_ROLE_ELIMINATED;
    h->nelim++;
}

int hlist_chain_node(hlist *l, int cell, int digit, int on, int branch, nonet_link link, int unit,
                     const int *par, int npar)
{
    if (l->nhints == 0)
        return -1;
    if (l->nnodes == l->ncap) {
        int cap = l->ncap ? 2 * l->ncap : 64;
        nonet_chain_node *grown = realloc(l->nodes, sizeof *grown * (size_t)cap);
        if (!grown) {
            l->failed = 1;
            return -1;
        }
        l->nodes = grown;
        l->ncap = cap;
    }
    if (l->nparents + npar > l->pcap) {
        int cap = l->pcap ? 2 * l->pcap : 256;
        while (cap < l->nparents + npar)
            cap *= 2;
        int *grown = realloc(l->parents, sizeof *grown * (size_t)cap);
        if (!grown) {
            l->failed = 1;
            return -1;
        }
        l->parents = grown;
        l->pcap = cap;
    }
    hhint *h = &l->hints[l->nhints - 1];
    for (int i = 0; i < npar; i++)
        l->parents[l->nparents + i] = par[i];
    l->nodes[l->nnodes++] = (nonet_chain_node){.cell = cell,
                                               .digit = digit,
                                               .on = on,
                                               .branch = branch,
                                               .link = link,
                                               .unit = unit,
                                               .parents = l->nparents - h->parents,
                                               .nparents = npar};
    l->nparents += npar;
    h->nparents += npar;
    return h->nchain++;
}

void hlist_role(hlist *l, nonet_role role)
{
    l->role = role;
}

struct chain_ctx *hlist_chains(hlist *l)
{
    if (!l->chains)
        l->chains = calloc(1, sizeof *l->chains);
    return l->chains;
}
