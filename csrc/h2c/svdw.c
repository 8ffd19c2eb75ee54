/* svdw.c - map_to_curve for the curves that hash with RFC 9380's
 * Shallue-van de Woestijne map (the BN curves; on BN254 Z = 1 for G1, as
 * drand's evmnet chain and kyber use it, and Z = 1 for G2, as gnark-crypto
 * and arkworks do; each curve's Z is in its description), from
 * svdw_template.h; the manifest compiles it instead of map_to_curve.c for
 * those curves. */
#include "h2c/map_to_curve.h"
#include "curves/consts.h"

#define fp_sgn0 fp_is_odd

/* G1: E over Fp. */
#define POINT g1_t
#define FE fp_t
#define F(op) fp_##op
#define EC(name) g1_##name
#define SVDW_B G1_B
#define SVDW_Z SVDW_G1_Z
#define SVDW_C1 SVDW_G1_C1
#define SVDW_C2 SVDW_G1_C2
#define SVDW_C3 SVDW_G1_C3
#define SVDW_C4 SVDW_G1_C4
#define SVDW_C5 SVDW_G1_C5
#define SVDW_C6 SVDW_G1_C6
/* Two symbols (fp_is_square) and one root where a root (fp_sqrt, an
 * exponentiation) costs over two symbols, else two roots (which need no
 * third): a root costs about seven symbols on BN254 with 32-bit limbs
 * (WebAssembly), more on the larger fields; with 64-bit limbs 1.6 on
 * BN254, 2.3 on BN381 and 3.5 on BN462 (a symbol's cost grows as the
 * square of p's size, a root's as its cube). */
#if LIMB_BITS == 32 || CURVE_P_BITS > 256
#define SVDW_IS_SQUARE fp_is_square
#endif
#include "h2c/svdw_template.h"

#ifdef CURVE_HASH_G2_SVDW
/* G2: the twist E' over Fp2 (the cofactor is cleared by the caller). */
#undef POINT
#undef FE
#undef F
#undef EC
#undef SVDW_B
#undef SVDW_Z
#undef SVDW_C1
#undef SVDW_C2
#undef SVDW_C3
#undef SVDW_C4
#undef SVDW_C5
#undef SVDW_C6
#undef SVDW_IS_SQUARE
#define POINT g2_t
#define FE fp2_t
#define F(op) fp2_##op
#define EC(name) g2_##name
#define SVDW_B G2_B
#define SVDW_Z SVDW_G2_Z
#define SVDW_C1 SVDW_G2_C1
#define SVDW_C2 SVDW_G2_C2
#define SVDW_C3 SVDW_G2_C3
#define SVDW_C4 SVDW_G2_C4
#define SVDW_IS_SQUARE fp2_is_square /* two symbols and one root beat three roots */
#include "h2c/svdw_template.h"
#endif
