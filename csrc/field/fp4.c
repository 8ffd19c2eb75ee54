/* fp4.c - Fp4 = Fp2[v]/(v^2 + u + 1) of the BLS48 tower (quad_template.h),
 * and the Fp2 helpers the tower needs. */
#include "curves/consts.h"
#include "field/tower48.h"

void fp2_frobenius(fp2_t *r, const fp2_t *a, int k) {
    if (k & 1)
        fp2_conj(r, a);
    else
        *r = *a;
}

limb_t fp2_sqrt_vartime(fp2_t *r, const fp2_t *a) { return fp2_sqrt(r, a); }

/* n = v^2 = -(1 + u). */
static void fp2_mul_n4(fp2_t *r, const fp2_t *a) {
    fp2_mul_xi(r, a);
    fp2_neg(r, r);
}

#define T fp4_t
#define BT fp2_t
#define Q(op) fp4_##op
#define B(op) fp2_##op
#define B_MUL_N fp2_mul_n4
#define Q_FROB FROB4_V
#define B_BYTES (2 * CURVE_FP_BYTES)
#include "field/quad_template.h"

/* Times -v, the non-residue w^2 of Fp8: (a0 + a1 v)(-v) = (1 + u) a1 - a0 v. */
void fp4_mul_nr(fp4_t *r, const fp4_t *a) {
    fp2_t t;
    fp2_mul_xi(&t, &a->c1);
    fp2_neg(&r->c1, &a->c0);
    r->c0 = t;
}
