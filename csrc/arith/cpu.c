/* cpu.c - whether the running processor can execute this build of the core.
 *
 * The Fp assembly (mont_adx.h) is compiled in only when the compiler
 * targets BMI2 and ADX; a library built so and then moved to an older
 * x86-64 processor would die of an illegal instruction, so the bindings
 * ask here first (cpuid itself is in every x86-64 processor). A portable
 * build answers pybls_cpu_adx too, so that the bindings of a wheel holding
 * both builds load the assembly only where it runs. */
#include "pybls.h"
#include "arith/mont.h"

#if defined(__x86_64__) && (defined(__GNUC__) || defined(__clang__))
#include <cpuid.h>

int pybls_cpu_adx(void) {
    unsigned int a, b, c, d;
    /* __get_cpuid_max and __cpuid_count: in every GCC and clang's cpuid.h
     * (__get_cpuid_count came later) */
    if (__get_cpuid_max(0, 0) < 7) return 0;
    __cpuid_count(7, 0, a, b, c, d);
    (void)a, (void)c, (void)d;
    return (b >> 8 & 1) & (b >> 19 & 1); /* leaf 7 EBX: BMI2 is bit 8, ADX bit 19 */
}
#else
int pybls_cpu_adx(void) { return 0; }
#endif

#if MONT_ADX
int pybls_cpu_supported(void) { return pybls_cpu_adx(); }
#else
int pybls_cpu_supported(void) { return 1; }
#endif
