/* ct.c - byte copies and constant-time selection over any element type. */
#include "field/field.h"

void ct_memcpy(void *dst, const void *src, size_t len) {
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *s = (const uint8_t *)src;
    for (size_t i = 0; i < len; i++) d[i] = s[i];
}

/* Volatile stores, not optimised away: by 64-bit words from an aligned
 * address (the address and the length are public, not the contents), the
 * bytes left one by one. */
typedef uint64_t __attribute__((may_alias)) word_alias_t;

void ct_memzero(void *dst, size_t len) {
    size_t i = 0;
    if (((uintptr_t)dst & (sizeof(word_alias_t) - 1)) == 0) {
        volatile word_alias_t *w = (volatile word_alias_t *)dst;
        for (; i + sizeof(word_alias_t) <= len; i += sizeof(word_alias_t)) w[i / sizeof(word_alias_t)] = 0;
    }
    volatile uint8_t *d = (volatile uint8_t *)dst;
    for (; i < len; i++) d[i] = 0;
}

/* Element types are arrays of limbs: selection works on 64-bit words
 * (pairs of 32-bit limbs), which halves the steps with 32-bit limbs
 * (WebAssembly has native 64-bit integers), and on a last limb left alone
 * where the count is odd (fpd_t's nine digits: field/fpd.h). */
#if LIMB_BITS == 32
typedef uint64_t ct_word_t;
static inline ct_word_t ct_word(const limb_t *p) { return (uint64_t)p[0] | (uint64_t)p[1] << 32; }
static inline void ct_set_word(limb_t *p, ct_word_t w) {
    p[0] = (limb_t)w;
    p[1] = (limb_t)(w >> 32);
}
#else
typedef limb_t ct_word_t;
static inline ct_word_t ct_word(const limb_t *p) { return p[0]; }
static inline void ct_set_word(limb_t *p, ct_word_t w) { p[0] = w; }
#endif
#define CT_WORD_LIMBS (sizeof(ct_word_t) / sizeof(limb_t))
_Static_assert(CT_WORD_LIMBS <= 2, "a word holds at most two limbs");

static inline ct_word_t ct_mask(limb_t mask) { return (ct_word_t)0 - (ct_word_t)(mask & 1); }

void ct_cmov(void *dst, const void *src, size_t len, limb_t mask) {
    limb_t *d = (limb_t *)dst;
    const limb_t *s = (const limb_t *)src;
    const ct_word_t m = ct_mask(mask);
    const size_t n = len / sizeof(limb_t);
    size_t i = 0;
    for (; i + CT_WORD_LIMBS <= n; i += CT_WORD_LIMBS)
        ct_set_word(d + i, ct_word(d + i) ^ ((ct_word(d + i) ^ ct_word(s + i)) & m));
    if (i < n) d[i] ^= (d[i] ^ s[i]) & (limb_t)m; /* a word holds at most two limbs */
}

void ct_lookup(void *dst, const void *table, size_t len, size_t count, size_t index) {
    limb_t *d = (limb_t *)dst;
    const limb_t *t = (const limb_t *)table;
    const size_t n = len / sizeof(limb_t);
    for (size_t i = 0; i < n; i++) d[i] = 0;
    for (size_t j = 0; j < count; j++) {
        const ct_word_t m = ct_mask(limb_is_zero_mask((limb_t)(j ^ index)));
        size_t i = 0;
        for (; i + CT_WORD_LIMBS <= n; i += CT_WORD_LIMBS)
            ct_set_word(d + i, ct_word(d + i) | (ct_word(t + j * n + i) & m));
        if (i < n) d[i] |= t[j * n + i] & (limb_t)m;
    }
}
