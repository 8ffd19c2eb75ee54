/*
 * ct_check.c - constant-time check of the pybls core under valgrind.
 *
 * Secret inputs (scalars, Fp elements, a G1 point, a GT element) are marked
 * undefined with VALGRIND_MAKE_MEM_UNDEFINED before the operation runs.
 * Memcheck then reports every conditional jump and every memory address that
 * depends on them ("Conditional jump or move depends on uninitialised
 * value(s)", "Use of uninitialised value of size N"): a branch or a table
 * index on a secret. The outputs are public once computed, so they are
 * marked defined (VALGRIND_MAKE_MEM_DEFINED) before the harness looks at
 * them; the harness then checks each result against a computation on public
 * inputs, so that a check of the wrong code path cannot pass silently.
 *
 * The harness is built with one curve's library (csrc/manifest.txt): the
 * same source for each, with that library's -D flags (PYBLS_CURVE_<NAME>,
 * none for BLS12-381). Each op of the table below names the curves it
 * applies to: the ops of pybls.h's AEAD functions, which the BN254 curves'
 * libraries do not export, are BLS12-381's only, and a build for another
 * curve neither compiles nor lists them.
 *
 * Usage: ct_check [op ...]    (no argument: every op of the curve; `--list`:
 * their names)
 * Before each op the harness writes "== op NAME" to stderr, so the valgrind
 * reports that follow (also on stderr) can be attributed to it. Exit status:
 * 0 when all results are right, 1 otherwise, 2 for an unknown op or one of
 * another curve.
 *
 * Build (both limb widths), with the library's sources after the harness:
 *   gcc -O2 -g -std=c11 -Icsrc/include -Icsrc [-DPYBLS_CURVE_BN254]
 *       tests/ct/ct_check.c <the library's csrc files>
 *       [-DPYBLS_LIMB_BITS=32] [-DCT_SELFTEST]
 * -DCT_SELFTEST adds deliberately leaky ops that the check must flag.
 */
#include <stdint.h>
#include <stdio.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "pybls.h"
#include "curves/params.h" /* CURVE_FP_BYTES of the curve built for */
#include "field/field.h"    /* fp_is_square, which the library exports but pybls.h leaves out */

/* The curves an op applies to (a bit each), and the one built for. */
#define CT_BLS12_381 1u
#define CT_BN254 2u
#define CT_BN254_NOGAMI 4u
#define CT_BN381 8u
#define CT_BN462 16u
#define CT_BLS48_581 32u
#define CT_EVERY_CURVE (CT_BLS12_381 | CT_BN254 | CT_BN254_NOGAMI | CT_BN381 | CT_BN462 | CT_BLS48_581)
#if defined(PYBLS_CURVE_BN254)
#define CT_CURVE CT_BN254
#define CT_CURVE_NAME "bn254"
#elif defined(PYBLS_CURVE_BN254_NOGAMI)
#define CT_CURVE CT_BN254_NOGAMI
#define CT_CURVE_NAME "bn254_nogami"
#elif defined(PYBLS_CURVE_BN381)
#define CT_CURVE CT_BN381
#define CT_CURVE_NAME "bn381"
#elif defined(PYBLS_CURVE_BN462)
#define CT_CURVE CT_BN462
#define CT_CURVE_NAME "bn462"
#elif defined(PYBLS_CURVE_BLS48_581)
#define CT_CURVE CT_BLS48_581
#define CT_CURVE_NAME "bls48_581"
#else
#define CT_CURVE CT_BLS12_381
#define CT_CURVE_NAME "bls12_381"
#endif
/* The curves whose library exports pybls.h's AEAD functions. */
#define CT_AEAD_CURVES CT_BLS12_381

/* pybls.h gives BLS12-381's sizes; another curve's library has the same
 * layouts over its own Fp (as build-scripts/gen_bindings.py scales them),
 * G2's and GT's over fields of the curve's degrees (Fp8 and Fp48 on BLS48). */
#define CT_SIZE(n) ((n) / PYBLS_FP_BYTES * (CURVE_FP_BITS / 8)) /* internal: whole limbs */
#define CT_FP_BYTES CURVE_FP_BYTES
#define CT_FP_SIZE CT_SIZE(PYBLS_FP_SIZE)
#define CT_G1_SIZE CT_SIZE(PYBLS_G1_SIZE)
#define CT_G2_SIZE (CT_SIZE(PYBLS_G2_SIZE) / 2 * CURVE_G2_DEGREE)
#define CT_GT_SIZE (CT_SIZE(PYBLS_GT_SIZE) / 12 * CURVE_GT_DEGREE)
#define CT_GT_BYTES (PYBLS_GT_BYTES / PYBLS_FP_BYTES * CURVE_FP_BYTES / 12 * CURVE_GT_DEGREE)
/* Scalars: 32 bytes on the 255- and 254-bit r, 48 on BN381_1's, 58 on
 * BN462's (whose limbs take 64). */
#define CT_SCALAR_BYTES CURVE_FR_BYTES
#define CT_SCALAR_SIZE (CURVE_FR_BITS / 8)

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))

static int failures;

static void check(int cond, const char *op, const char *what) {
    if (!cond) {
        fprintf(stderr, "FAIL %s: %s\n", op, what);
        failures++;
    }
}

/* A status computed from secret data is public once returned. */
static int status(int rc) {
    PUBLIC(&rc, sizeof rc);
    return rc;
}

/* Secret test values: fixed, full-width, below r and below p; and r - 2. */
#if defined(PYBLS_CURVE_BN254)
static const uint8_t SK_A[32] = {
    0x2f, 0x1b, 0x6c, 0x3a, 0x9d, 0x22, 0x81, 0x07, 0x5e, 0xc3, 0x18, 0xa9, 0x70, 0x2d, 0xe4, 0x56,
    0x93, 0x0b, 0xf7, 0x61, 0x3c, 0xd8, 0x45, 0xae, 0x12, 0x8f, 0x67, 0xb0, 0x29, 0xc5, 0x74, 0x1d};
static const uint8_t SK_B[32] = {
    0x1e, 0x97, 0x20, 0xd4, 0x63, 0x5a, 0xfc, 0x08, 0xb1, 0x4e, 0x39, 0x86, 0x0f, 0xe2, 0x7b, 0xc4,
    0x55, 0xa0, 0x13, 0x6e, 0xd9, 0x2b, 0x84, 0x47, 0xf0, 0x3d, 0x92, 0x1c, 0x68, 0xb7, 0x05, 0xea};
static const uint8_t FP_A[32] = {
    0x2c, 0x21, 0x7a, 0x93, 0x5e, 0x08, 0xd1, 0x46, 0xbb, 0x3f, 0x62, 0x9c, 0x15, 0xe7, 0x80, 0x2a,
    0x71, 0xce, 0x34, 0x09, 0xa5, 0x5b, 0xf2, 0x6d, 0x18, 0x87, 0xe3, 0x40, 0x9f, 0x26, 0xbc, 0x53};
static const uint8_t FP_B[32] = {
    0x17, 0x88, 0x03, 0xfe, 0x41, 0xb6, 0x2d, 0x95, 0x60, 0x0c, 0xda, 0x7e, 0x23, 0x4f, 0xb1, 0x98,
    0xe5, 0x36, 0x72, 0x0d, 0x8a, 0xc1, 0x5f, 0x24, 0xfb, 0x69, 0x10, 0xa7, 0x3e, 0xd2, 0x85, 0x4c};
static const uint8_t R_MINUS_2[32] = {
    0x30, 0x64, 0x4e, 0x72, 0xe1, 0x31, 0xa0, 0x29, 0xb8, 0x50, 0x45, 0xb6, 0x81, 0x81, 0x58, 0x5d,
    0x28, 0x33, 0xe8, 0x48, 0x79, 0xb9, 0x70, 0x91, 0x43, 0xe1, 0xf5, 0x93, 0xef, 0xff, 0xff, 0xff};
#elif defined(PYBLS_CURVE_BN254_NOGAMI)
static const uint8_t SK_A[32] = {
    0x1f, 0x1b, 0x6c, 0x3a, 0x9d, 0x22, 0x81, 0x07, 0x5e, 0xc3, 0x18, 0xa9, 0x70, 0x2d, 0xe4, 0x56,
    0x93, 0x0b, 0xf7, 0x61, 0x3c, 0xd8, 0x45, 0xae, 0x12, 0x8f, 0x67, 0xb0, 0x29, 0xc5, 0x74, 0x1d};
static const uint8_t SK_B[32] = {
    0x1e, 0x97, 0x20, 0xd4, 0x63, 0x5a, 0xfc, 0x08, 0xb1, 0x4e, 0x39, 0x86, 0x0f, 0xe2, 0x7b, 0xc4,
    0x55, 0xa0, 0x13, 0x6e, 0xd9, 0x2b, 0x84, 0x47, 0xf0, 0x3d, 0x92, 0x1c, 0x68, 0xb7, 0x05, 0xea};
static const uint8_t FP_A[32] = {
    0x1c, 0x21, 0x7a, 0x93, 0x5e, 0x08, 0xd1, 0x46, 0xbb, 0x3f, 0x62, 0x9c, 0x15, 0xe7, 0x80, 0x2a,
    0x71, 0xce, 0x34, 0x09, 0xa5, 0x5b, 0xf2, 0x6d, 0x18, 0x87, 0xe3, 0x40, 0x9f, 0x26, 0xbc, 0x53};
static const uint8_t FP_B[32] = {
    0x17, 0x88, 0x03, 0xfe, 0x41, 0xb6, 0x2d, 0x95, 0x60, 0x0c, 0xda, 0x7e, 0x23, 0x4f, 0xb1, 0x98,
    0xe5, 0x36, 0x72, 0x0d, 0x8a, 0xc1, 0x5f, 0x24, 0xfb, 0x69, 0x10, 0xa7, 0x3e, 0xd2, 0x85, 0x4c};
static const uint8_t R_MINUS_2[32] = {
    0x25, 0x23, 0x64, 0x82, 0x40, 0x00, 0x00, 0x01, 0xba, 0x34, 0x4d, 0x80, 0x00, 0x00, 0x00, 0x07,
    0xff, 0x9f, 0x80, 0x00, 0x00, 0x00, 0x00, 0x10, 0xa1, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0b};
#elif defined(PYBLS_CURVE_BN381)
static const uint8_t SK_A[48] = {
    0x20, 0x7a, 0xd4, 0x44, 0x6a, 0xdb, 0x8e, 0x6e, 0x80, 0xbc, 0x4c, 0x78, 0x74, 0x03, 0x67, 0x8c,
    0xba, 0x04, 0xb2, 0x18, 0x67, 0x2b, 0x46, 0xfa, 0x44, 0xb2, 0xb6, 0x01, 0x9a, 0xaa, 0xb0, 0x91,
    0x63, 0x17, 0x0f, 0xdd, 0xe9, 0x37, 0xad, 0xbc, 0x61, 0x71, 0x79, 0x0d, 0x78, 0x6d, 0xed, 0xf6};
static const uint8_t SK_B[48] = {
    0x1f, 0x6a, 0xdd, 0x5b, 0xa1, 0xcc, 0x90, 0xc0, 0x75, 0xf8, 0x1c, 0x2d, 0xdc, 0xea, 0xf7, 0x9a,
    0xff, 0xc1, 0x02, 0x85, 0x3b, 0xb0, 0xc0, 0x11, 0x26, 0x15, 0x79, 0x90, 0xbe, 0x47, 0x40, 0x88,
    0xd7, 0x19, 0x1f, 0x59, 0x32, 0x2f, 0xa9, 0xf7, 0xdd, 0x63, 0x42, 0xcd, 0xd0, 0x98, 0x8d, 0x7c};
static const uint8_t FP_A[48] = {
    0x1d, 0x95, 0x79, 0x9e, 0xee, 0x45, 0xc0, 0x66, 0x2e, 0xfa, 0xaa, 0xb1, 0x40, 0xaa, 0x8c, 0x9a,
    0x04, 0xc7, 0xea, 0x02, 0xe1, 0xdc, 0x8f, 0xcb, 0x3d, 0x2c, 0x10, 0xd8, 0xc9, 0x5a, 0x15, 0xe7,
    0x1a, 0x70, 0x9c, 0x1f, 0xe8, 0x5d, 0x17, 0x4d, 0xd4, 0x03, 0x47, 0x96, 0x4a, 0x77, 0x56, 0xb7};
static const uint8_t FP_B[48] = {
    0x1c, 0x09, 0x19, 0xf7, 0x4d, 0x46, 0xe3, 0x48, 0xf2, 0x64, 0x02, 0xf8, 0x59, 0xc5, 0xc2, 0xd3,
    0x0f, 0x0b, 0xc1, 0x90, 0x98, 0x86, 0xfa, 0xc7, 0x44, 0x7c, 0x81, 0x01, 0x57, 0x89, 0x36, 0x84,
    0xa9, 0xb7, 0xa9, 0x91, 0x23, 0xcb, 0xfb, 0x44, 0xde, 0x1e, 0xe9, 0xa0, 0x31, 0x06, 0x2b, 0x45};
static const uint8_t R_MINUS_2[48] = {
    0x24, 0x00, 0x26, 0x40, 0x0f, 0x3d, 0x82, 0xb2, 0xe4, 0x2d, 0xe1, 0x25, 0xb0, 0x01, 0x58, 0x40,
    0x5b, 0x71, 0x08, 0x18, 0xac, 0x00, 0x00, 0x07, 0xe0, 0x04, 0x2f, 0x00, 0x8e, 0x3e, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x10, 0x80, 0x04, 0x62, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x0b};
#elif defined(PYBLS_CURVE_BN462)
static const uint8_t SK_A[58] = {
    0x1d, 0xca, 0xb8, 0xde, 0x8b, 0xba, 0xd2, 0x9b, 0x26, 0x74, 0xc9, 0x77, 0xb9, 0xf5, 0xfe, 0x40,
    0x9d, 0x1b, 0x00, 0xcd, 0x2b, 0x2b, 0xa2, 0x93, 0xa1, 0x29, 0xe3, 0x84, 0x0e, 0xcd, 0x7c, 0x66,
    0xf7, 0x5f, 0x49, 0x81, 0xb4, 0x9f, 0x32, 0x64, 0x39, 0xfd, 0x1f, 0x54, 0x1f, 0xd8, 0x3e, 0xa7,
    0xc4, 0xe4, 0x68, 0x97, 0x62, 0xbe, 0x9d, 0xbe, 0x2c, 0x48};
static const uint8_t SK_B[58] = {
    0x1d, 0x1e, 0x8e, 0x82, 0x7d, 0x0b, 0xff, 0x91, 0xd3, 0x06, 0x2d, 0xf6, 0x80, 0x46, 0xd1, 0x42,
    0xeb, 0xfb, 0xb5, 0x3c, 0xe9, 0x06, 0x6e, 0xd8, 0xac, 0x26, 0x65, 0xbf, 0x49, 0x7e, 0x3b, 0x3b,
    0x14, 0x7a, 0x43, 0x47, 0x98, 0x0c, 0x2f, 0x49, 0x5d, 0x84, 0xc0, 0xf1, 0x47, 0x8c, 0x60, 0xd8,
    0x99, 0x34, 0x9f, 0xfa, 0xc4, 0x1c, 0x32, 0xae, 0xd7, 0xf5};
static const uint8_t FP_A[58] = {
    0x21, 0x6c, 0x01, 0x5a, 0xfc, 0x44, 0x30, 0xd5, 0x82, 0x34, 0xdd, 0xed, 0x7a, 0x21, 0x0d, 0x97,
    0xb0, 0x4d, 0x69, 0x20, 0x3d, 0xad, 0x06, 0x0e, 0xa5, 0xde, 0x09, 0x33, 0x3b, 0x6f, 0xdb, 0x34,
    0x9a, 0x00, 0xb1, 0x79, 0xd5, 0xf9, 0x2a, 0xa7, 0x64, 0x9b, 0x21, 0xaa, 0x15, 0x20, 0xc4, 0x17,
    0x17, 0xe1, 0xe0, 0x5d, 0xcf, 0xaa, 0xa1, 0x40, 0x36, 0x86};
static const uint8_t FP_B[58] = {
    0x20, 0xcd, 0x9a, 0xd6, 0x13, 0x2d, 0xe4, 0x8e, 0x30, 0x09, 0xf4, 0xba, 0xe2, 0x10, 0x70, 0xe3,
    0x85, 0xe2, 0xe4, 0x87, 0x1e, 0xe8, 0xad, 0x73, 0xea, 0x90, 0xab, 0xf4, 0x50, 0x8d, 0x08, 0xdb,
    0xc1, 0x85, 0x62, 0x07, 0x35, 0x03, 0x33, 0x2f, 0x11, 0xec, 0xec, 0x1e, 0xe7, 0x9d, 0x8f, 0x17,
    0x13, 0xe3, 0xa9, 0x67, 0x2c, 0x46, 0xa5, 0x66, 0x82, 0xc8};
static const uint8_t R_MINUS_2[58] = {
    0x24, 0x04, 0x80, 0x36, 0x01, 0x20, 0x02, 0x3f, 0xff, 0xff, 0xff, 0xff, 0xf6, 0xff, 0x0c, 0xf6,
    0xb7, 0xd9, 0xbf, 0xca, 0x00, 0x00, 0x00, 0x00, 0x00, 0xd8, 0x12, 0x90, 0x8e, 0xe1, 0xc2, 0x01,
    0xf7, 0xff, 0xff, 0xff, 0xff, 0xf6, 0xff, 0x66, 0xfc, 0x7b, 0xf7, 0x17, 0xf7, 0xc0, 0x00, 0x00,
    0x00, 0x00, 0x24, 0x01, 0xb0, 0x07, 0xe0, 0x10, 0x80, 0x0b};
#elif defined(PYBLS_CURVE_BLS48_581)
static const uint8_t SK_A[65] = {
    0x1e, 0x4d, 0x90, 0x1a, 0xda, 0xca, 0x51, 0x90, 0xcd, 0x8f, 0x15, 0xaf, 0xa5, 0x75, 0x60, 0xa5,
    0x72, 0x05, 0x0a, 0x92, 0xb9, 0x40, 0x8f, 0x64, 0x58, 0x68, 0xeb, 0xa6, 0xff, 0x6f, 0xaa, 0x64,
    0xb0, 0x74, 0xd2, 0xe8, 0x48, 0x96, 0x64, 0x3d, 0xaa, 0x63, 0x66, 0x15, 0xe6, 0x6c, 0x41, 0x3d,
    0xcd, 0x56, 0x98, 0x91, 0x82, 0xe8, 0xe9, 0x73, 0x7b, 0x03, 0x91, 0x8c, 0x11, 0x1f, 0xcf, 0xec,
    0xbc};
static const uint8_t SK_B[65] = {
    0x22, 0x5c, 0x7d, 0x1a, 0x64, 0x5f, 0x18, 0x59, 0x58, 0xf3, 0x46, 0x11, 0x8b, 0x5e, 0x02, 0x0f,
    0xe0, 0x82, 0xa9, 0xab, 0x08, 0x85, 0x2d, 0x2a, 0xcf, 0x2d, 0xbc, 0xf4, 0xd2, 0x5d, 0xba, 0xbc,
    0x7d, 0xf1, 0x17, 0x97, 0x26, 0xca, 0xb2, 0xb9, 0x83, 0x8d, 0x39, 0x86, 0x8c, 0x8b, 0x6d, 0xc7,
    0x4d, 0xc1, 0xfa, 0x7b, 0x2f, 0xfa, 0xb3, 0xe0, 0x9d, 0xaf, 0x2a, 0x2b, 0x35, 0xae, 0x3c, 0x8c,
    0x51};
static const uint8_t FP_A[73] = {
    0x08, 0xd1, 0x34, 0x3a, 0xd6, 0x66, 0x91, 0xfc, 0x98, 0x9d, 0x5e, 0x83, 0x15, 0xc9, 0x35, 0xcd,
    0xaa, 0x94, 0x52, 0xbb, 0x12, 0xc3, 0xd7, 0x4b, 0x73, 0x1f, 0xe2, 0x58, 0x6d, 0x65, 0xcd, 0xd4,
    0xce, 0xb7, 0xf3, 0xa2, 0xa6, 0xea, 0xb3, 0xbf, 0x40, 0x0e, 0xca, 0xd1, 0xbb, 0x9c, 0xd2, 0xcc,
    0xd4, 0xec, 0x2c, 0x05, 0x4f, 0x79, 0x8d, 0x2b, 0x95, 0xeb, 0xbe, 0xea, 0x40, 0x1c, 0x29, 0x08,
    0x04, 0xfc, 0x90, 0x46, 0xcf, 0x79, 0x50, 0x65, 0xae};
static const uint8_t FP_B[73] = {
    0x0c, 0xb8, 0x72, 0x1b, 0x42, 0xb1, 0x76, 0x5f, 0xf4, 0x4f, 0x25, 0xf0, 0x70, 0x9d, 0xd2, 0xec,
    0xbf, 0x55, 0x1f, 0x16, 0xf0, 0x7a, 0x42, 0x55, 0xa3, 0xb4, 0xde, 0x2f, 0xbf, 0x9c, 0xce, 0x13,
    0x3a, 0x03, 0xf7, 0x49, 0x3f, 0xce, 0xb1, 0x79, 0x83, 0x44, 0xab, 0x87, 0x61, 0x47, 0x78, 0x29,
    0x72, 0xf9, 0x3b, 0x54, 0x05, 0xfa, 0xe5, 0x4a, 0xfb, 0x89, 0x06, 0xe7, 0xce, 0x1b, 0xe2, 0x4c,
    0xe8, 0x71, 0x0e, 0xd3, 0xc9, 0x7f, 0x99, 0x5d, 0xf6};
static const uint8_t R_MINUS_2[65] = {
    0x23, 0x86, 0xf8, 0xa9, 0x25, 0xe2, 0x88, 0x5e, 0x23, 0x3a, 0x9c, 0xcc, 0x16, 0x15, 0xc0, 0xd6,
    0xc6, 0x35, 0x38, 0x7a, 0x3f, 0x0b, 0x3c, 0xbe, 0x00, 0x3f, 0xad, 0x6b, 0xc9, 0x72, 0xc2, 0xe6,
    0xe7, 0x41, 0x96, 0x9d, 0x34, 0xc4, 0xc9, 0x20, 0x16, 0xa8, 0x5c, 0x7c, 0xd0, 0x56, 0x23, 0x03,
    0xc4, 0xcc, 0xbe, 0x59, 0x94, 0x67, 0xc2, 0x4d, 0xa1, 0x18, 0xa5, 0xfe, 0x6f, 0xcd, 0x67, 0x1b,
    0xff};
#else
static const uint8_t SK_A[32] = {
    0x4f, 0x1b, 0x6c, 0x3a, 0x9d, 0x22, 0x81, 0x07, 0x5e, 0xc3, 0x18, 0xa9, 0x70, 0x2d, 0xe4, 0x56,
    0x93, 0x0b, 0xf7, 0x61, 0x3c, 0xd8, 0x45, 0xae, 0x12, 0x8f, 0x67, 0xb0, 0x29, 0xc5, 0x74, 0x1d};
static const uint8_t SK_B[32] = {
    0x1e, 0x97, 0x20, 0xd4, 0x63, 0x5a, 0xfc, 0x08, 0xb1, 0x4e, 0x39, 0x86, 0x0f, 0xe2, 0x7b, 0xc4,
    0x55, 0xa0, 0x13, 0x6e, 0xd9, 0x2b, 0x84, 0x47, 0xf0, 0x3d, 0x92, 0x1c, 0x68, 0xb7, 0x05, 0xea};
static const uint8_t FP_A[48] = {
    0x0c, 0x21, 0x7a, 0x93, 0x5e, 0x08, 0xd1, 0x46, 0xbb, 0x3f, 0x62, 0x9c, 0x15, 0xe7, 0x80, 0x2a,
    0x71, 0xce, 0x34, 0x09, 0xa5, 0x5b, 0xf2, 0x6d, 0x18, 0x87, 0xe3, 0x40, 0x9f, 0x26, 0xbc, 0x53,
    0x0a, 0xd5, 0x6e, 0x31, 0xc8, 0x77, 0x1f, 0xa2, 0x4b, 0x90, 0x3c, 0xe9, 0x05, 0x68, 0xd7, 0x12};
static const uint8_t FP_B[48] = {
    0x17, 0x88, 0x03, 0xfe, 0x41, 0xb6, 0x2d, 0x95, 0x60, 0x0c, 0xda, 0x7e, 0x23, 0x4f, 0xb1, 0x98,
    0xe5, 0x36, 0x72, 0x0d, 0x8a, 0xc1, 0x5f, 0x24, 0xfb, 0x69, 0x10, 0xa7, 0x3e, 0xd2, 0x85, 0x4c,
    0xb9, 0x06, 0x57, 0xe0, 0x2b, 0x94, 0x7d, 0x31, 0xc6, 0x1a, 0x83, 0x6f, 0xf4, 0x28, 0x9b, 0x50};
static const uint8_t R_MINUS_2[32] = {
    0x73, 0xed, 0xa7, 0x53, 0x29, 0x9d, 0x7d, 0x48, 0x33, 0x39, 0xd8, 0x08, 0x09, 0xa1, 0xd8, 0x05,
    0x53, 0xbd, 0xa4, 0x02, 0xff, 0xfe, 0x5b, 0xfe, 0xff, 0xff, 0xff, 0xfe, 0xff, 0xff, 0xff, 0xff};
#endif

/* ---- helpers on public values -------------------------------------------- */

static void scalar_const(uint8_t out[CT_SCALAR_SIZE], const uint8_t in[CT_SCALAR_BYTES]) {
    int rc = pybls_scalar_from_bytes(out, in);
    check(rc == PYBLS_OK, "setup", "scalar_from_bytes of a test constant");
}

static void scalar_small(uint8_t out[CT_SCALAR_SIZE], unsigned v) {
    uint8_t b[CT_SCALAR_BYTES] = {0};
    b[CT_SCALAR_BYTES - 1] = (uint8_t)v;
    b[CT_SCALAR_BYTES - 2] = (uint8_t)(v >> 8);
    scalar_const(out, b);
}

static void fp_const(uint8_t out[CT_FP_SIZE], const uint8_t in[CT_FP_BYTES]) {
    int rc = pybls_fp_from_bytes(out, in);
    check(rc == PYBLS_OK, "setup", "fp_from_bytes of a test constant");
}

static int scalar_is(const uint8_t *a, const uint8_t *b) { return pybls_scalar_eq(a, b) == 1; }
static int fp_is(const uint8_t *a, const uint8_t *b) {
    uint8_t x[CT_FP_BYTES], y[CT_FP_BYTES];
    pybls_fp_to_bytes(x, a);
    pybls_fp_to_bytes(y, b);
    return memcmp(x, y, CT_FP_BYTES) == 0;
}

/* ---- the ops ------------------------------------------------------------- */

static void op_scalar_from_bytes(const char *op) {
    uint8_t in[CT_SCALAR_BYTES], s[CT_SCALAR_SIZE], back[CT_SCALAR_BYTES], ref[CT_SCALAR_SIZE];
    memcpy(in, SK_A, CT_SCALAR_BYTES);
    SECRET(in, CT_SCALAR_BYTES);
    int rc = status(pybls_scalar_from_bytes(s, in));
    PUBLIC(s, sizeof s);
    check(rc == PYBLS_OK, op, "status");
    scalar_const(ref, SK_A);
    check(scalar_is(s, ref), op, "value");
    pybls_scalar_to_bytes(back, s);
    check(memcmp(back, SK_A, CT_SCALAR_BYTES) == 0, op, "round trip");
}

static void op_scalar_from_bytes_noncanonical(const char *op) {
    /* the canonicity test itself must not branch: all ones >= r */
    uint8_t in[CT_SCALAR_BYTES], s[CT_SCALAR_SIZE];
    memset(in, 0xff, CT_SCALAR_BYTES);
    SECRET(in, CT_SCALAR_BYTES);
    int rc = status(pybls_scalar_from_bytes(s, in));
    check(rc == PYBLS_ERR_NONCANONICAL, op, "status");
}

static void op_scalar_from_bytes_wide(const char *op) {
    uint8_t in[2 * CT_SCALAR_BYTES], s[CT_SCALAR_SIZE], ref[CT_SCALAR_SIZE], hi[CT_SCALAR_SIZE];
    uint8_t two256[CT_SCALAR_SIZE], t[CT_SCALAR_SIZE];
    memcpy(in, SK_B, CT_SCALAR_BYTES);
    memcpy(in + CT_SCALAR_BYTES, SK_A, CT_SCALAR_BYTES);
    SECRET(in, sizeof in);
    int rc = status(pybls_scalar_from_bytes_wide(s, in, sizeof in));
    PUBLIC(s, sizeof s);
    check(rc == PYBLS_OK, op, "status");
    /* SK_B * 2^(8 CT_SCALAR_BYTES) + SK_A, the power of two the square of
     * 2^(4 CT_SCALAR_BYTES) */
    uint8_t b128[CT_SCALAR_BYTES] = {0};
    b128[CT_SCALAR_BYTES - 1 - CT_SCALAR_BYTES / 2] = 1; /* 2^(8 floor(bytes / 2)) */
    scalar_const(two256, b128);
    pybls_scalar_sqr(two256, two256);
    if (CT_SCALAR_BYTES % 2) { /* an odd length (BLS48-581's 65 bytes): one byte more */
        scalar_small(t, 256);
        pybls_scalar_mul(two256, two256, t);
    }
    scalar_const(hi, SK_B);
    scalar_const(ref, SK_A);
    pybls_scalar_mul(t, hi, two256);
    pybls_scalar_add(ref, ref, t);
    check(scalar_is(s, ref), op, "value");
}

static void op_scalar_to_bytes(const char *op) {
    uint8_t s[CT_SCALAR_SIZE], out[CT_SCALAR_BYTES];
    scalar_const(s, SK_A);
    SECRET(s, sizeof s);
    pybls_scalar_to_bytes(out, s);
    PUBLIC(out, sizeof out);
    check(memcmp(out, SK_A, CT_SCALAR_BYTES) == 0, op, "value");
}

static void op_scalar_arith(const char *op) {
    uint8_t a[CT_SCALAR_SIZE], b[CT_SCALAR_SIZE], sum[CT_SCALAR_SIZE], diff[CT_SCALAR_SIZE];
    uint8_t prod[CT_SCALAR_SIZE], sq[CT_SCALAR_SIZE], neg[CT_SCALAR_SIZE], t[CT_SCALAR_SIZE];
    scalar_const(a, SK_A);
    scalar_const(b, SK_B);
    SECRET(a, sizeof a);
    SECRET(b, sizeof b);
    if (strcmp(op, "scalar_add") == 0) pybls_scalar_add(sum, a, b);
    if (strcmp(op, "scalar_sub") == 0) pybls_scalar_sub(diff, a, b);
    if (strcmp(op, "scalar_mul") == 0) pybls_scalar_mul(prod, a, b);
    if (strcmp(op, "scalar_sqr") == 0) pybls_scalar_sqr(sq, a);
    if (strcmp(op, "scalar_neg") == 0) pybls_scalar_neg(neg, a);
    PUBLIC(a, sizeof a);
    PUBLIC(b, sizeof b);
    if (strcmp(op, "scalar_add") == 0) {
        PUBLIC(sum, sizeof sum);
        pybls_scalar_sub(t, sum, b);
        check(scalar_is(t, a), op, "(a + b) - b == a");
    }
    if (strcmp(op, "scalar_sub") == 0) {
        PUBLIC(diff, sizeof diff);
        pybls_scalar_add(t, diff, b);
        check(scalar_is(t, a), op, "(a - b) + b == a");
    }
    if (strcmp(op, "scalar_mul") == 0) {
        PUBLIC(prod, sizeof prod);
        uint8_t binv[CT_SCALAR_SIZE];
        pybls_scalar_inv(binv, b);
        pybls_scalar_mul(t, prod, binv);
        check(scalar_is(t, a), op, "(a * b) / b == a");
    }
    if (strcmp(op, "scalar_sqr") == 0) {
        PUBLIC(sq, sizeof sq);
        pybls_scalar_mul(t, a, a);
        check(scalar_is(t, sq), op, "a^2 == a * a");
    }
    if (strcmp(op, "scalar_neg") == 0) {
        PUBLIC(neg, sizeof neg);
        pybls_scalar_add(t, neg, a);
        check(pybls_scalar_is_zero(t) == 1, op, "a + (-a) == 0");
    }
}

static void op_scalar_inv(const char *op) {
    uint8_t s[CT_SCALAR_SIZE], inv[CT_SCALAR_SIZE], t[CT_SCALAR_SIZE], one[CT_SCALAR_SIZE];
    scalar_const(s, SK_A);
    SECRET(s, sizeof s);
    int rc = status(pybls_scalar_inv(inv, s));
    PUBLIC(s, sizeof s);
    PUBLIC(inv, sizeof inv);
    check(rc == PYBLS_OK, op, "status");
    pybls_scalar_mul(t, s, inv);
    scalar_small(one, 1);
    check(scalar_is(t, one), op, "s * s^-1 == 1");
}

static void op_scalar_inv_zero(const char *op) {
    /* zero must take the same path as any other value */
    uint8_t s[CT_SCALAR_SIZE], inv[CT_SCALAR_SIZE];
    scalar_small(s, 0);
    SECRET(s, sizeof s);
    int rc = status(pybls_scalar_inv(inv, s));
    check(rc == PYBLS_ERR_ZERO_DIVISOR, op, "status");
}

static void op_scalar_pow(const char *op, int secret_exponent) {
    uint8_t s[CT_SCALAR_SIZE], out[CT_SCALAR_SIZE], t[CT_SCALAR_SIZE], inv[CT_SCALAR_SIZE];
    uint8_t e[CT_SCALAR_BYTES];
    /* e = r - 2: s^e is the inverse of s */
    memcpy(e, secret_exponent ? SK_B : R_MINUS_2, CT_SCALAR_BYTES);
    scalar_const(s, SK_A);
    if (secret_exponent)
        SECRET(e, sizeof e);
    else
        SECRET(s, sizeof s);
    pybls_scalar_pow(out, s, e, CT_SCALAR_BYTES);
    PUBLIC(s, sizeof s);
    PUBLIC(e, sizeof e);
    PUBLIC(out, sizeof out);
    if (secret_exponent) {
        /* public square-and-multiply */
        scalar_small(t, 1);
        for (int i = 0; i < 8 * CT_SCALAR_BYTES; i++) {
            pybls_scalar_sqr(t, t);
            if ((e[i / 8] >> (7 - i % 8)) & 1) pybls_scalar_mul(t, t, s);
        }
        check(scalar_is(out, t), op, "s^e by square-and-multiply");
    } else {
        pybls_scalar_inv(inv, s);
        check(scalar_is(out, inv), op, "s^(r-2) == s^-1");
    }
}

static void op_fp(const char *op) {
    uint8_t a[CT_FP_SIZE], b[CT_FP_SIZE], out[CT_FP_SIZE], t[CT_FP_SIZE], one[CT_FP_SIZE];
    uint8_t one_bytes[CT_FP_BYTES] = {0};
    int rc = 0;
    one_bytes[CT_FP_BYTES - 1] = 1;
    fp_const(a, FP_A);
    fp_const(b, FP_B);
    fp_const(one, one_bytes);
    SECRET(a, sizeof a);
    SECRET(b, sizeof b);
    if (strcmp(op, "fp_mul") == 0) pybls_fp_mul(out, a, b);
    if (strcmp(op, "fp_sqr") == 0) pybls_fp_sqr(out, a);
    if (strcmp(op, "fp_add") == 0) pybls_fp_add(out, a, b);
    if (strcmp(op, "fp_sub") == 0) pybls_fp_sub(out, a, b);
    if (strcmp(op, "fp_neg") == 0) pybls_fp_neg(out, a);
    if (strcmp(op, "fp_inv") == 0) rc = status(pybls_fp_inv(out, a));
    if (strcmp(op, "fp_to_bytes") == 0) pybls_fp_to_bytes(out, a);
    PUBLIC(a, sizeof a);
    PUBLIC(b, sizeof b);
    PUBLIC(out, sizeof out);
    check(rc == PYBLS_OK, op, "status");
    if (strcmp(op, "fp_mul") == 0) {
        uint8_t binv[CT_FP_SIZE];
        pybls_fp_inv(binv, b);
        pybls_fp_mul(t, out, binv);
        check(fp_is(t, a), op, "(a * b) / b == a");
    }
    if (strcmp(op, "fp_sqr") == 0) {
        pybls_fp_mul(t, a, a);
        check(fp_is(t, out), op, "a^2 == a * a");
    }
    if (strcmp(op, "fp_add") == 0) {
        pybls_fp_sub(t, out, b);
        check(fp_is(t, a), op, "(a + b) - b == a");
    }
    if (strcmp(op, "fp_sub") == 0) {
        pybls_fp_add(t, out, b);
        check(fp_is(t, a), op, "(a - b) + b == a");
    }
    if (strcmp(op, "fp_neg") == 0) {
        uint8_t zb[CT_FP_BYTES], z0[CT_FP_BYTES] = {0};
        pybls_fp_add(t, out, a);
        pybls_fp_to_bytes(zb, t);
        check(memcmp(zb, z0, CT_FP_BYTES) == 0, op, "a + (-a) == 0");
    }
    if (strcmp(op, "fp_inv") == 0) {
        pybls_fp_mul(t, out, a);
        check(fp_is(t, one), op, "a * a^-1 == 1");
    }
    if (strcmp(op, "fp_to_bytes") == 0) check(memcmp(out, FP_A, CT_FP_BYTES) == 0, op, "value");
}

static void op_fp_inv_zero(const char *op) {
    uint8_t z[CT_FP_SIZE], out[CT_FP_SIZE], zb[CT_FP_BYTES] = {0};
    fp_const(z, zb);
    SECRET(z, sizeof z);
    int rc = status(pybls_fp_inv(out, z));
    check(rc == PYBLS_ERR_ZERO_DIVISOR, op, "status");
}

/* The Legendre symbol of a secret element, of its square and of minus its
 * square (p = 3 mod 4: -1 is not a square), against Euler's criterion
 * (fp_legendre, an exponentiation) on public values. */
static void op_fp_is_square(const char *op) {
    uint8_t a[CT_FP_SIZE], sq[CT_FP_SIZE], nsq[CT_FP_SIZE];
    fp_t x[3];
    limb_t r[3];
    _Static_assert(CT_FP_SIZE == sizeof(fp_t), "pybls_fp_* bytes are an fp_t");
    fp_const(a, FP_A);
    pybls_fp_sqr(sq, a);
    pybls_fp_neg(nsq, sq);
    memcpy(&x[0], a, sizeof x[0]);
    memcpy(&x[1], sq, sizeof x[1]);
    memcpy(&x[2], nsq, sizeof x[2]);
    SECRET(x, sizeof x);
    for (int i = 0; i < 3; i++) r[i] = fp_is_square(&x[i]);
    PUBLIC(x, sizeof x);
    PUBLIC(r, sizeof r);
    check(r[0] == (fp_legendre(&x[0]) >= 0 ? (limb_t)-1 : 0), op, "a: Euler's criterion");
    check(r[1] == (limb_t)-1, op, "a^2 is a square");
    check(r[2] == 0, op, "-a^2 is not a square");
}

static void op_g1_mul(const char *op) {
    uint8_t g[CT_G1_SIZE], p[CT_G1_SIZE], k[CT_SCALAR_SIZE], out[CT_G1_SIZE], ref[CT_G1_SIZE];
    uint8_t b[CT_SCALAR_SIZE];
    pybls_g1_generator(g);
    scalar_small(b, 12345);
    pybls_g1_mul_vartime(p, g, b); /* a public base point other than the generator */
    scalar_const(k, SK_A);
    SECRET(k, sizeof k);
    int rc = status(strcmp(op, "g1_mul_subgroup") == 0 ? pybls_g1_mul_flags(out, p, k, PYBLS_MUL_IN_SUBGROUP)
                                                       : pybls_g1_mul(out, p, k));
    PUBLIC(k, sizeof k);
    PUBLIC(out, sizeof out);
    check(rc == PYBLS_OK, op, "status");
    pybls_g1_mul_vartime(ref, p, k);
    check(pybls_g1_eq(out, ref) == 1, op, "k * P == mul_vartime(k, P)");
    check(pybls_g1_is_identity(out) == 0, op, "not the identity");
}

/* map_to_curve of a secret field element (RFC 9380's map, which a protocol
 * may run on a hash of secrets): of FP_A, FP_B and 0 (inv0's exceptional
 * input of BLS12-381's SSWU map; in the SvdW map of the BN curves u = 0
 * gives tv1 tv2 = 1, and its exceptional inputs, u^2 = +-1 / g(Z), are not
 * among these), each checked on the curve and equal to the map of the
 * same element left public. */
#if !defined(PYBLS_CURVE_BN254_NOGAMI) && !defined(PYBLS_CURVE_BLS48_581)
#define CT_MAP_OP(fn) fn
typedef struct {
    int (*map)(uint8_t *out, const uint8_t *u);
    int (*eq)(const uint8_t *a, const uint8_t *b);
    int (*on_curve)(const uint8_t *a);
} ct_map_t;

/* One input u (u_size bytes) mapped secret and public into out and ref. */
static void check_map(const char *op, const ct_map_t *m, uint8_t *u, size_t u_size, uint8_t *out, uint8_t *ref,
                      size_t out_size) {
    SECRET(u, u_size);
    int rc = status(m->map(out, u));
    PUBLIC(u, u_size);
    PUBLIC(out, out_size);
    check(rc == PYBLS_OK, op, "status");
    m->map(ref, u);
    check(m->eq(out, ref) == 1, op, "map(secret u) == map(public u)");
    check(m->on_curve(out) == 1, op, "on the curve");
}

static void op_g1_map_to_curve(const char *op) {
    static const uint8_t zero[CT_FP_BYTES] = {0};
    static const ct_map_t g1 = {pybls_g1_map_to_curve, pybls_g1_eq, pybls_g1_is_on_curve};
    const uint8_t *inputs[] = {FP_A, FP_B, zero};
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        uint8_t u[CT_FP_SIZE], out[CT_G1_SIZE], ref[CT_G1_SIZE];
        fp_const(u, inputs[i]);
        check_map(op, &g1, u, sizeof u, out, ref, sizeof out);
    }
}

/* The same on G2 (SSWU on BLS12-381, SvdW with Fp2 Legendre symbols on the
 * BN curves): u = (FP_A, FP_B), (FP_B, 0) and 0. */
static void op_g2_map_to_curve(const char *op) {
    static const uint8_t zero[CT_FP_BYTES] = {0};
    static const ct_map_t g2 = {pybls_g2_map_to_curve, pybls_g2_eq, pybls_g2_is_on_curve};
    const uint8_t *inputs[][2] = {{FP_A, FP_B}, {FP_B, zero}, {zero, zero}};
    for (size_t i = 0; i < sizeof inputs / sizeof inputs[0]; i++) {
        uint8_t u[2 * CT_FP_SIZE], out[CT_G2_SIZE], ref[CT_G2_SIZE];
        fp_const(u, inputs[i][0]);
        fp_const(u + CT_FP_SIZE, inputs[i][1]);
        check_map(op, &g2, u, sizeof u, out, ref, sizeof out);
    }
}
#else
#define CT_MAP_OP(fn) NULL
#endif

static void op_g2_mul(const char *op) {
    uint8_t g[CT_G2_SIZE], p[CT_G2_SIZE], k[CT_SCALAR_SIZE], out[CT_G2_SIZE], ref[CT_G2_SIZE];
    uint8_t b[CT_SCALAR_SIZE];
    pybls_g2_generator(g);
    scalar_small(b, 54321);
    pybls_g2_mul_vartime(p, g, b);
    scalar_const(k, SK_B);
    SECRET(k, sizeof k);
    int rc = status(strcmp(op, "g2_mul_subgroup") == 0 ? pybls_g2_mul_flags(out, p, k, PYBLS_MUL_IN_SUBGROUP)
                                                       : pybls_g2_mul(out, p, k));
    PUBLIC(k, sizeof k);
    PUBLIC(out, sizeof out);
    check(rc == PYBLS_OK, op, "status");
    pybls_g2_mul_vartime(ref, p, k);
    check(pybls_g2_eq(out, ref) == 1, op, "k * Q == mul_vartime(k, Q)");
    check(pybls_g2_is_identity(out) == 0, op, "not the identity");
}

/* A SHE decryption's first call with no steps: S - [k]T for a secret k
 * (the keys of the steps, when asked for, are computed in variable time
 * from that point, m P for the plaintext m the decryption reveals). */
static void op_g1_decrypt_keys(const char *op) {
    uint8_t g[CT_G1_SIZE], t[CT_G1_SIZE], s[CT_G1_SIZE], k[CT_SCALAR_SIZE], out[CT_G1_SIZE], ref[CT_G1_SIZE];
    uint8_t b[CT_SCALAR_SIZE];
    pybls_g1_generator(g);
    scalar_small(b, 12345);
    pybls_g1_mul_vartime(t, g, b);
    scalar_small(b, 777);
    pybls_g1_mul_vartime(s, g, b);
    scalar_const(k, SK_A);
    SECRET(k, sizeof k);
    int rc = status(pybls_g1_decrypt_keys(out, sizeof out, s, t, k, PYBLS_MUL_IN_SUBGROUP, g, 0));
    PUBLIC(k, sizeof k);
    PUBLIC(out, sizeof out);
    check(rc == PYBLS_OK, op, "status");
    pybls_g1_mul_vartime(ref, t, k);
    pybls_g1_neg(ref, ref);
    pybls_g1_add(ref, s, ref);
    check(pybls_g1_eq(out, ref) == 1, op, "S - k * T");
}

static void op_g2_decrypt_keys(const char *op) {
    uint8_t g[CT_G2_SIZE], t[CT_G2_SIZE], s[CT_G2_SIZE], k[CT_SCALAR_SIZE], out[CT_G2_SIZE], ref[CT_G2_SIZE];
    uint8_t b[CT_SCALAR_SIZE];
    pybls_g2_generator(g);
    scalar_small(b, 54321);
    pybls_g2_mul_vartime(t, g, b);
    scalar_small(b, 777);
    pybls_g2_mul_vartime(s, g, b);
    scalar_const(k, SK_B);
    SECRET(k, sizeof k);
    int rc = status(pybls_g2_decrypt_keys(out, sizeof out, s, t, k, PYBLS_MUL_IN_SUBGROUP, g, 0));
    PUBLIC(k, sizeof k);
    PUBLIC(out, sizeof out);
    check(rc == PYBLS_OK, op, "status");
    pybls_g2_mul_vartime(ref, t, k);
    pybls_g2_neg(ref, ref);
    pybls_g2_add(ref, s, ref);
    check(pybls_g2_eq(out, ref) == 1, op, "S - k * T");
}

/* The public GT values the pairing ops compare with, each computed once per
 * run: e(G1, G2), and e(G1, [k]G2) for k = SK_A (= e(G1, G2)^k = e([k]G1,
 * G2)). A pairing is most of each of those ops under memcheck (seconds for
 * BLS48-581's 32-bit build), so three ops no longer compute their own. */
static const uint8_t *gt_base(void) {
    static uint8_t e[CT_GT_SIZE];
    static int done;
    if (!done) {
        uint8_t g1[CT_G1_SIZE], g2[CT_G2_SIZE];
        pybls_g1_generator(g1);
        pybls_g2_generator(g2);
        check(pybls_pairing(e, g1, g2) == PYBLS_OK, "setup", "pairing of the generators");
        done = 1;
    }
    return e;
}

static const uint8_t *gt_base_pow_sk_a(void) {
    static uint8_t ek[CT_GT_SIZE];
    static int done;
    if (!done) {
        /* with [k]G2 by the public multiplication: cheaper under memcheck
         * than a square-and-multiply in GT (BLS48-581's Fp48, a 518-bit k) */
        uint8_t g1[CT_G1_SIZE], g2[CT_G2_SIZE], k[CT_SCALAR_SIZE], kg2[CT_G2_SIZE];
        pybls_g1_generator(g1);
        pybls_g2_generator(g2);
        scalar_const(k, SK_A);
        pybls_g2_mul_vartime(kg2, g2, k);
        check(pybls_pairing(ek, g1, kg2) == PYBLS_OK, "setup", "pairing e(G1, [k]G2)");
        done = 1;
    }
    return ek;
}

static void op_gt_pow(const char *op) {
    uint8_t e[CT_GT_SIZE], k[CT_SCALAR_SIZE], out[CT_GT_SIZE];
    memcpy(e, gt_base(), sizeof e);
    scalar_const(k, SK_A);
    SECRET(k, sizeof k);
    int rc = status(pybls_gt_pow(out, e, k));
    PUBLIC(k, sizeof k);
    PUBLIC(out, sizeof out);
    check(rc == PYBLS_OK, op, "status");
    check(pybls_gt_eq(out, gt_base_pow_sk_a()) == 1, op, "e^k == e(G1, [k]G2)");
}

/* IBE decryption pairs the secret identity key with the public U: the key
 * is in G1 (secret_in_g2 = 0, the MinSig orientation) or in G2 (MinPk). */
static void pairing_secret(const char *op, int secret_in_g2) {
    uint8_t g1[CT_G1_SIZE], g2[CT_G2_SIZE], k[CT_SCALAR_SIZE], d1[CT_G1_SIZE], d2[CT_G2_SIZE];
    uint8_t out[CT_GT_SIZE];
    pybls_g1_generator(g1);
    pybls_g2_generator(g2);
    scalar_const(k, SK_A);
    pybls_g1_mul_vartime(d1, g1, k);
    pybls_g2_mul_vartime(d2, g2, k);
    uint8_t *secret = secret_in_g2 ? d2 : d1;
    size_t size = secret_in_g2 ? sizeof d2 : sizeof d1;
    SECRET(secret, size);
    int rc = status(secret_in_g2 ? pybls_pairing(out, g1, d2) : pybls_pairing(out, d1, g2));
    PUBLIC(secret, size);
    PUBLIC(out, sizeof out);
    check(rc == PYBLS_OK, op, "status");
    /* e(G1, [k]G2) from public inputs: bilinearity for the secret in G1,
     * the same pairing without secrets for the secret in G2 */
    check(pybls_gt_eq(out, gt_base_pow_sk_a()) == 1, op,
          secret_in_g2 ? "e(G1, kG2) as without secrets" : "e(kG1, G2) == e(G1, kG2)");
}

static void op_pairing_secret_g1(const char *op) { pairing_secret(op, 0); }
static void op_pairing_secret_g2(const char *op) { pairing_secret(op, 1); }

/* The IBE key derivation hashes the encoding of a secret GT element. */
static void op_gt_encode(const char *op) {
    uint8_t e[CT_GT_SIZE], enc[CT_GT_BYTES], enc2[CT_GT_BYTES];
    memcpy(e, gt_base(), sizeof e);
    pybls_gt_encode(enc2, e);
    SECRET(e, sizeof e);
    pybls_gt_encode(enc, e);
    PUBLIC(e, sizeof e);
    PUBLIC(enc, sizeof enc);
    check(memcmp(enc, enc2, sizeof enc) == 0, op, "same encoding");
}

/* ChaCha20-Poly1305 (RFC 8439, 2.8.2): the key and the data are secret;
 * the nonce, the lengths and the success of open are public. Compiled only
 * for the curves whose library has these functions (CT_AEAD_CURVES). */
#if CT_AEAD_CURVES & CT_CURVE
#define CT_AEAD_OP(fn) fn
static const uint8_t AEAD_NONCE[12] = {0x07, 0, 0, 0, 0x40, 0x41, 0x42, 0x43, 0x44, 0x45, 0x46, 0x47};
static const uint8_t AEAD_AAD[12] = {0x50, 0x51, 0x52, 0x53, 0xc0, 0xc1, 0xc2, 0xc3, 0xc4, 0xc5, 0xc6, 0xc7};
static const char AEAD_MSG[] = "Ladies and Gentlemen of the class of '99: If I could offer you only one "
                               "tip for the future, sunscreen would be it.";
static const uint8_t AEAD_TAG[16] = {0x1a, 0xe1, 0x0b, 0x59, 0x4f, 0x09, 0xe2, 0x6a,
                                     0x7e, 0x90, 0x2e, 0xcb, 0xd0, 0x60, 0x06, 0x91};
#define AEAD_LEN (sizeof AEAD_MSG - 1)

static void aead_key(uint8_t key[32]) {
    for (int i = 0; i < 32; i++) key[i] = (uint8_t)(0x80 + i);
}

static void op_chacha20_xor(const char *op) {
    uint8_t key[32], in[AEAD_LEN], out[AEAD_LEN], ref[AEAD_LEN];
    aead_key(key);
    memcpy(in, AEAD_MSG, AEAD_LEN);
    pybls_chacha20_xor(ref, AEAD_LEN, key, AEAD_NONCE, 1, in, AEAD_LEN);
    SECRET(key, 32);
    SECRET(in, AEAD_LEN);
    int rc = status(pybls_chacha20_xor(out, AEAD_LEN, key, AEAD_NONCE, 1, in, AEAD_LEN));
    PUBLIC(out, sizeof out);
    check(rc == PYBLS_OK && memcmp(out, ref, sizeof out) == 0, op, "key stream");
}

static void op_poly1305(const char *op) {
    uint8_t key[32], msg[AEAD_LEN], tag[16], ref[16];
    aead_key(key);
    memcpy(msg, AEAD_MSG, AEAD_LEN);
    pybls_poly1305(ref, key, msg, AEAD_LEN);
    SECRET(key, 32);
    SECRET(msg, AEAD_LEN);
    int rc = status(pybls_poly1305(tag, key, msg, AEAD_LEN));
    PUBLIC(tag, sizeof tag);
    check(rc == PYBLS_OK && memcmp(tag, ref, 16) == 0, op, "tag");
}

static void op_aead_seal(const char *op) {
    uint8_t key[32], msg[AEAD_LEN], out[AEAD_LEN + 16];
    aead_key(key);
    memcpy(msg, AEAD_MSG, AEAD_LEN);
    SECRET(key, 32);
    SECRET(msg, AEAD_LEN);
    int rc = status(pybls_aead_chacha20poly1305_seal(out, sizeof out, key, AEAD_NONCE, AEAD_AAD, 12, msg, AEAD_LEN));
    PUBLIC(out, sizeof out);
    check(rc == PYBLS_OK && memcmp(out + AEAD_LEN, AEAD_TAG, 16) == 0, op, "RFC 8439 2.8.2 tag");
}

/* forged = 1: one ciphertext bit flipped; open must fail and leave zeros. */
static void aead_open(const char *op, int forged) {
    uint8_t key[32], ct[AEAD_LEN + 16], out[AEAD_LEN];
    aead_key(key);
    int rc = pybls_aead_chacha20poly1305_seal(ct, sizeof ct, key, AEAD_NONCE, AEAD_AAD, 12,
                                              (const uint8_t *)AEAD_MSG, AEAD_LEN);
    check(rc == PYBLS_OK, op, "seal");
    ct[5] ^= (uint8_t)forged;
    SECRET(key, 32);
    SECRET(ct, sizeof ct);
    rc = status(pybls_aead_chacha20poly1305_open(out, AEAD_LEN, key, AEAD_NONCE, AEAD_AAD, 12, ct, sizeof ct));
    PUBLIC(out, sizeof out);
    if (forged) {
        uint8_t zeros[AEAD_LEN] = {0};
        check(rc == PYBLS_ERR_AUTH && memcmp(out, zeros, sizeof out) == 0, op, "rejected, output wiped");
    } else {
        check(rc == PYBLS_OK && memcmp(out, AEAD_MSG, AEAD_LEN) == 0, op, "plaintext");
    }
}

static void op_aead_open(const char *op) { aead_open(op, 0); }
static void op_aead_open_forged(const char *op) { aead_open(op, 1); }
#else
#define CT_AEAD_OP(fn) NULL
#endif

#ifdef CT_SELFTEST
/* Deliberately leaky code: the check must flag both. */
static volatile unsigned sink;

static __attribute__((noinline)) void leaky_branch(const uint8_t *secret) {
    if (secret[0] & 1) sink += 1;
}

static __attribute__((noinline)) void leaky_index(const uint8_t *secret) {
    static const uint8_t table[256] = {1, 2, 3};
    sink += table[secret[1]];
}

/* Branch-free code on the same secret: the check must not flag it. */
static __attribute__((noinline)) unsigned clean_select(const uint8_t *secret) {
    unsigned mask = 0u - (unsigned)(secret[0] & 1);
    return (7u & mask) | (9u & ~mask);
}

static void op_selftest_branch(const char *op) {
    uint8_t s[CT_SCALAR_BYTES];
    memcpy(s, SK_A, CT_SCALAR_BYTES);
    SECRET(s, CT_SCALAR_BYTES);
    leaky_branch(s);
    (void)op;
}

static void op_selftest_index(const char *op) {
    uint8_t s[CT_SCALAR_BYTES];
    memcpy(s, SK_A, CT_SCALAR_BYTES);
    SECRET(s, CT_SCALAR_BYTES);
    leaky_index(s);
    (void)op;
}

static void op_selftest_clean(const char *op) {
    uint8_t s[CT_SCALAR_BYTES];
    memcpy(s, SK_A, CT_SCALAR_BYTES);
    SECRET(s, CT_SCALAR_BYTES);
    unsigned v = clean_select(s);
    PUBLIC(&v, sizeof v);
    check(v == ((SK_A[0] & 1) ? 7u : 9u), op, "value");
}
#endif

/* ---- dispatch ------------------------------------------------------------ */

static void op_scalar_pow_secret_base(const char *op) { op_scalar_pow(op, 0); }
static void op_scalar_pow_secret_exponent(const char *op) { op_scalar_pow(op, 1); }

static const struct {
    const char *name;
    unsigned curves; /* CT_BLS12_381, ...: the curves the op applies to */
    void (*fn)(const char *);
} OPS[] = {
    {"scalar_from_bytes", CT_EVERY_CURVE, op_scalar_from_bytes},
    {"scalar_from_bytes_noncanonical", CT_EVERY_CURVE, op_scalar_from_bytes_noncanonical},
    {"scalar_from_bytes_wide", CT_EVERY_CURVE, op_scalar_from_bytes_wide},
    {"scalar_to_bytes", CT_EVERY_CURVE, op_scalar_to_bytes},
    {"scalar_add", CT_EVERY_CURVE, op_scalar_arith},
    {"scalar_sub", CT_EVERY_CURVE, op_scalar_arith},
    {"scalar_mul", CT_EVERY_CURVE, op_scalar_arith},
    {"scalar_sqr", CT_EVERY_CURVE, op_scalar_arith},
    {"scalar_neg", CT_EVERY_CURVE, op_scalar_arith},
    {"scalar_inv", CT_EVERY_CURVE, op_scalar_inv},
    {"scalar_inv_zero", CT_EVERY_CURVE, op_scalar_inv_zero},
    {"scalar_pow_secret_base", CT_EVERY_CURVE, op_scalar_pow_secret_base},
    {"scalar_pow_secret_exponent", CT_EVERY_CURVE, op_scalar_pow_secret_exponent},
    {"fp_mul", CT_EVERY_CURVE, op_fp},
    {"fp_sqr", CT_EVERY_CURVE, op_fp},
    {"fp_add", CT_EVERY_CURVE, op_fp},
    {"fp_sub", CT_EVERY_CURVE, op_fp},
    {"fp_neg", CT_EVERY_CURVE, op_fp},
    {"fp_inv", CT_EVERY_CURVE, op_fp},
    {"fp_inv_zero", CT_EVERY_CURVE, op_fp_inv_zero},
    {"fp_is_square", CT_EVERY_CURVE, op_fp_is_square},
    {"fp_to_bytes", CT_EVERY_CURVE, op_fp},
    {"g1_mul", CT_EVERY_CURVE, op_g1_mul},
    {"g2_mul", CT_EVERY_CURVE, op_g2_mul},
    /* BLS48-581's map to G1 is pybls's Python; bn254_nogami's is mcl's. */
    {"g1_map_to_curve", CT_BLS12_381 | CT_BN254 | CT_BN381 | CT_BN462, CT_MAP_OP(op_g1_map_to_curve)},
    {"g2_map_to_curve", CT_BLS12_381 | CT_BN254 | CT_BN381 | CT_BN462, CT_MAP_OP(op_g2_map_to_curve)},
    {"g1_mul_subgroup", CT_EVERY_CURVE, op_g1_mul}, /* the endomorphism split, no subgroup check */
    {"g2_mul_subgroup", CT_EVERY_CURVE, op_g2_mul},
    {"g1_decrypt_keys", CT_EVERY_CURVE, op_g1_decrypt_keys},
    {"g2_decrypt_keys", CT_EVERY_CURVE, op_g2_decrypt_keys},
    {"gt_pow", CT_EVERY_CURVE, op_gt_pow},
    {"pairing_secret_g1", CT_EVERY_CURVE, op_pairing_secret_g1},
    {"pairing_secret_g2", CT_EVERY_CURVE, op_pairing_secret_g2},
    {"gt_encode", CT_EVERY_CURVE, op_gt_encode},
    {"chacha20_xor", CT_AEAD_CURVES, CT_AEAD_OP(op_chacha20_xor)},
    {"poly1305", CT_AEAD_CURVES, CT_AEAD_OP(op_poly1305)},
    {"aead_seal", CT_AEAD_CURVES, CT_AEAD_OP(op_aead_seal)},
    {"aead_open", CT_AEAD_CURVES, CT_AEAD_OP(op_aead_open)},
    {"aead_open_forged", CT_AEAD_CURVES, CT_AEAD_OP(op_aead_open_forged)},
#ifdef CT_SELFTEST
    {"selftest_branch", CT_EVERY_CURVE, op_selftest_branch},
    {"selftest_index", CT_EVERY_CURVE, op_selftest_index},
    {"selftest_clean", CT_EVERY_CURVE, op_selftest_clean},
#endif
};
#define NOPS (sizeof OPS / sizeof OPS[0])

static int applies(size_t i) { return (OPS[i].curves & CT_CURVE) != 0; }

static int run(const char *name) {
    for (size_t i = 0; i < NOPS; i++) {
        if (strcmp(OPS[i].name, name) != 0) continue;
        if (!applies(i)) {
            fprintf(stderr, "op %s does not apply to %s\n", name, CT_CURVE_NAME);
            return 2;
        }
        fprintf(stderr, "== op %s\n", name);
        fflush(stderr);
        OPS[i].fn(name);
        fprintf(stderr, "== end %s\n", name);
        fflush(stderr);
        return 0;
    }
    fprintf(stderr, "unknown op %s\n", name);
    return 2;
}

int main(int argc, char **argv) {
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (size_t i = 0; i < NOPS; i++)
            if (applies(i)) printf("%s\n", OPS[i].name);
        return 0;
    }
    fprintf(stderr, "curve %s, limb bits %d\n", CT_CURVE_NAME, pybls_limb_bits());
    if (argc == 1) {
        for (size_t i = 0; i < NOPS; i++)
            if (applies(i)) run(OPS[i].name);
    } else {
        for (int i = 1; i < argc; i++)
            if (run(argv[i])) return 2;
    }
    return failures ? 1 : 0;
}
