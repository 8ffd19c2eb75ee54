/* fp8.c - Fp8 = Fp4[w]/(w^2 + v) of the BLS48 tower (quad_template.h): G2's
 * coordinates. */
#include "curves/consts.h"
#include "field/tower48.h"

#define T fp8_t
#define BT fp4_t
#define Q(op) fp8_##op
#define B(op) fp4_##op
#define B_MUL_N fp4_mul_nr
#define Q_FROB FROB8_W
#define B_BYTES (4 * CURVE_FP_BYTES)
#include "field/quad_template.h"

/* Times -w, the non-residue z^3 of Fp24: (a0 + a1 w)(-w) = -a1 w^2 - a0 w
 * = a1 v - a0 w. */
void fp8_mul_nr(fp8_t *r, const fp8_t *a) {
    fp4_t t;
    fp4_mul_nr(&t, &a->c1); /* -v a1 */
    fp4_neg(&t, &t);
    fp4_neg(&r->c1, &a->c0);
    r->c0 = t;
}
