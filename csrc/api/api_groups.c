/* api_groups.c - the public ABI of G1 and G2 (one template, two groups). */
#include "pybls.h"
#include "ec/ec.h"

#define LOAD(type, name, buf) type name; ct_memcpy(&name, buf, sizeof name)
#define STORE(buf, name) ct_memcpy(buf, &name, sizeof name)

#define PUB(name) pybls_g1_##name
#define EC(name) g1_##name
#define POINT g1_t
#define FE fp_t
#define F(op) fp_##op
#define F_INV_VARTIME fp_inv_vartime /* of public values (step keys) */
#if CURVE_FAMILY_BLS48
#define EC_EXACT_ADD(r, p, q) g1_add_exact(r, p, q)
#endif
#include "api/api_group_template.h"
#undef EC_EXACT_ADD
#undef PUB
#undef EC
#undef POINT
#undef FE
#undef F
#undef F_INV_VARTIME

#define PUB(name) pybls_g2_##name
#define EC(name) g2_##name
#define POINT g2_t
#define FE g2_fe_t
#if CURVE_FAMILY_BLS48
#define F(op) fp8_##op
#else
#define F(op) fp2_##op
#endif
#define F_INV_VARTIME F(inv_vartime) /* of public values (step keys) */
#include "api/api_group_template.h"
