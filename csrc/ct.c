/* ct.c - byte copies and constant-time selection over any element type. */
#include "field.h"

void ct_memcpy(void *dst, const void *src, size_t len) {
    uint8_t *d = (uint8_t *)dst;
    const uint8_t *s = (const uint8_t *)src;
    for (size_t i = 0; i < len; i++) d[i] = s[i];
}

void ct_memzero(void *dst, size_t len) {
    volatile uint8_t *d = (volatile uint8_t *)dst; /* not optimised away */
    for (size_t i = 0; i < len; i++) d[i] = 0;
}

void ct_cmov(void *dst, const void *src, size_t len, limb_t mask) {
    /* All element types are arrays of limbs, so work limb by limb. */
    limb_t *d = (limb_t *)dst;
    const limb_t *s = (const limb_t *)src;
    for (size_t i = 0; i < len / sizeof(limb_t); i++) d[i] ^= (d[i] ^ s[i]) & mask;
}
