/*
 * tsc.h - time in TSC ticks and core cycles on x86-64, for the benchmarks
 * that time the core against mcl in one process (fp_mul_chain.c,
 * tower_vs_mcl.c).
 */
#ifndef PYBLS_BENCH_TSC_H
#define PYBLS_BENCH_TSC_H
#include <stdint.h>
#include <x86intrin.h>

/* The TSC, fenced so that the work timed stays between two readings. */
static uint64_t ticks(void) {
    unsigned aux;
    _mm_lfence();
    uint64_t t = __rdtscp(&aux);
    _mm_lfence();
    return t;
}

/* Ticks of 1000 dependent additions (1000 core cycles; register operands,
 * since some cores add small immediates at renaming): 1000 / calibrate()
 * is the core cycles per tick. */
static uint64_t calibrate(uint64_t y) {
    uint64_t x = 1, t0 = ticks();
    for (int i = 0; i < 100; i++)
        __asm__ volatile(".rept 10\n\taddq %1, %0\n\t.endr" : "+r"(x) : "r"(y));
    uint64_t t1 = ticks();
    __asm__ volatile("" ::"r"(x));
    return t1 - t0;
}
#endif
