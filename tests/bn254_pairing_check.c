/*
 * bn254_pairing_check.c - the BN254 pairing of the C core, driven line by
 * line from stdin, for tests/test_bn254_pairing_c.py (which builds it with
 * -DPYBLS_CURVE_BN254 from the field, group, pairing and api sources).
 *
 * Each input line is a command and its arguments in hex; each gives one
 * output line: hex, a 0/1 answer, or "err N" with the PYBLS_ERR_* status.
 * Points are the EIP-196/197 encodings (G1 x || y, G2 x_im || x_re ||
 * y_im || y_re, 32-byte big-endian coordinates), scalars 32 bytes
 * big-endian below r, GT elements (and any Fp12) the core's encoding:
 * the 12 coefficients from c1.b2.a1 down to c0.b0.a0.
 *
 *   g1mul P k     [k]P                    g2mul Q k   [k]Q
 *   g1neg P       -P
 *   pair P Q      e(P, Q)
 *   product IN    1 if the product of the pairings of IN (an EIP-197
 *                 input: n x 192 bytes; "-" for none) is 1, else 0
 *   miller P Q    the Miller loop value           finalexp F   F^((p^12-1)/r)
 *   gtmul A B     A B                             gtpow A k    A^k
 *   gtdecode A    0 if A decodes to a GT element, else its status
 *   bench N       milliseconds per pairing over N pairings of the generators
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "pybls.h"
#include "ec/ec.h"
#include "pairing/gt.h"

#define G1_RAW (2 * CURVE_FP_BYTES)
#define G2_RAW (4 * CURVE_FP_BYTES)
#define MAX_PAIRS 64

static int hexval(int c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

/* Decodes a hex token into out (at most cap bytes); returns its length or -1. */
static long unhex(uint8_t *out, size_t cap, const char *tok) {
    size_t n = strlen(tok);
    if (strcmp(tok, "-") == 0) return 0;
    if (n % 2 || n / 2 > cap) return -1;
    for (size_t i = 0; i < n / 2; i++) {
        int hi = hexval(tok[2 * i]), lo = hexval(tok[2 * i + 1]);
        if (hi < 0 || lo < 0) return -1;
        out[i] = (uint8_t)(hi << 4 | lo);
    }
    return (long)(n / 2);
}

static void puthex(const uint8_t *b, size_t n) {
    for (size_t i = 0; i < n; i++) printf("%02x", b[i]);
    printf("\n");
}

static int want(const char *tok, uint8_t *out, size_t len) {
    return tok && unhex(out, len, tok) == (long)len;
}

static int g1_arg(g1_t *p, const char *tok) {
    uint8_t raw[G1_RAW];
    if (!want(tok, raw, sizeof raw)) return PYBLS_ERR_LENGTH;
    return pybls_g1_decode((uint8_t *)p, raw, sizeof raw, 0);
}

static int g2_arg(g2_t *q, const char *tok) {
    uint8_t raw[G2_RAW];
    if (!want(tok, raw, sizeof raw)) return PYBLS_ERR_LENGTH;
    return pybls_g2_decode((uint8_t *)q, raw, sizeof raw, 0);
}

static int scalar_arg(fr_t *k, const char *tok) {
    uint8_t raw[32];
    if (!want(tok, raw, sizeof raw)) return PYBLS_ERR_LENGTH;
    return pybls_scalar_from_bytes((uint8_t *)k, raw);
}

/* Any Fp12 with canonical coefficients (no membership check). */
static int fp12_arg(fp12_t *f, const char *tok) {
    uint8_t raw[GT_BYTES];
    if (!want(tok, raw, sizeof raw)) return PYBLS_ERR_LENGTH;
    return (gt_decode_coefficients(f, raw) & 1) ? PYBLS_OK : PYBLS_ERR_NONCANONICAL;
}

static void put_fp12(const fp12_t *f) {
    uint8_t out[GT_BYTES];
    pybls_gt_encode(out, (const uint8_t *)f);
    puthex(out, sizeof out);
}

static int run(char *cmd, char *a, char *b) {
    g1_t p;
    g2_t q;
    fr_t k;
    fp12_t f, h;
    int rc;
    if (strcmp(cmd, "g1mul") == 0 || strcmp(cmd, "g1neg") == 0) {
        uint8_t out[G1_RAW];
        if ((rc = g1_arg(&p, a))) return rc;
        if (cmd[2] == 'm') {
            if ((rc = scalar_arg(&k, b))) return rc;
            pybls_g1_mul((uint8_t *)&p, (uint8_t *)&p, (uint8_t *)&k);
        } else {
            pybls_g1_neg((uint8_t *)&p, (uint8_t *)&p);
        }
        pybls_g1_serialize(out, (uint8_t *)&p);
        puthex(out, sizeof out);
    } else if (strcmp(cmd, "g2mul") == 0) {
        uint8_t out[G2_RAW];
        if ((rc = g2_arg(&q, a)) || (rc = scalar_arg(&k, b))) return rc;
        pybls_g2_mul((uint8_t *)&q, (uint8_t *)&q, (uint8_t *)&k);
        pybls_g2_serialize(out, (uint8_t *)&q);
        puthex(out, sizeof out);
    } else if (strcmp(cmd, "pair") == 0 || strcmp(cmd, "miller") == 0) {
        if ((rc = g1_arg(&p, a)) || (rc = g2_arg(&q, b))) return rc;
        if (cmd[0] == 'p')
            rc = pybls_pairing((uint8_t *)&f, (uint8_t *)&p, (uint8_t *)&q);
        else
            rc = pybls_miller_loop((uint8_t *)&f, (uint8_t *)&p, (uint8_t *)&q);
        if (rc) return rc;
        put_fp12(&f);
    } else if (strcmp(cmd, "product") == 0) {
        static uint8_t in[MAX_PAIRS * (G1_RAW + G2_RAW)];
        static g1_t ps[MAX_PAIRS];
        static g2_t qs[MAX_PAIRS];
        long len = a ? unhex(in, sizeof in, a) : -1;
        if (len < 0 || len % (G1_RAW + G2_RAW)) return PYBLS_ERR_LENGTH;
        uint32_t n = (uint32_t)(len / (G1_RAW + G2_RAW));
        for (uint32_t i = 0; i < n; i++) {
            const uint8_t *pair = in + (size_t)i * (G1_RAW + G2_RAW);
            if ((rc = pybls_g1_decode((uint8_t *)&ps[i], pair, G1_RAW, 0))) return rc;
            if ((rc = pybls_g2_decode((uint8_t *)&qs[i], pair + G1_RAW, G2_RAW, 0))) return rc;
        }
        if ((rc = pybls_pairing_product((uint8_t *)&f, (uint8_t *)ps, (uint8_t *)qs, n))) return rc;
        printf("%d\n", pybls_gt_is_one((uint8_t *)&f));
    } else if (strcmp(cmd, "finalexp") == 0) {
        if ((rc = fp12_arg(&f, a))) return rc;
        if ((rc = pybls_final_exponentiation((uint8_t *)&f, (uint8_t *)&f))) return rc;
        put_fp12(&f);
    } else if (strcmp(cmd, "gtmul") == 0) {
        if ((rc = fp12_arg(&f, a)) || (rc = fp12_arg(&h, b))) return rc;
        pybls_gt_mul((uint8_t *)&f, (uint8_t *)&f, (uint8_t *)&h);
        put_fp12(&f);
    } else if (strcmp(cmd, "gtpow") == 0) {
        if ((rc = fp12_arg(&f, a)) || (rc = scalar_arg(&k, b))) return rc;
        pybls_gt_pow((uint8_t *)&f, (uint8_t *)&f, (uint8_t *)&k);
        put_fp12(&f);
    } else if (strcmp(cmd, "gtdecode") == 0) {
        static uint8_t in[2 * GT_BYTES];
        long len = a ? unhex(in, sizeof in, a) : -1;
        if (len < 0) return PYBLS_ERR_LENGTH;
        printf("%d\n", pybls_gt_decode((uint8_t *)&f, in, (uint32_t)len));
    } else if (strcmp(cmd, "bench") == 0) {
        int n = a ? atoi(a) : 0;
        if (n <= 0) return PYBLS_ERR_ARGUMENT;
        pybls_g1_generator((uint8_t *)&p);
        pybls_g2_generator((uint8_t *)&q);
        clock_t start = clock();
        for (int i = 0; i < n; i++) pybls_pairing((uint8_t *)&f, (uint8_t *)&p, (uint8_t *)&q);
        printf("%.3f\n", 1000.0 * (double)(clock() - start) / CLOCKS_PER_SEC / n);
    } else {
        return PYBLS_ERR_ARGUMENT;
    }
    return PYBLS_OK;
}

int main(void) {
    static char line[1 << 17];
    if (CURVE_FP_BYTES != 32 || sizeof(g1_t) != 3 * sizeof(fp_t)) {
        fprintf(stderr, "not a BN254 build\n");
        return 2;
    }
    while (fgets(line, sizeof line, stdin)) {
        char *cmd = strtok(line, " \t\r\n");
        if (!cmd) continue;
        char *a = strtok(NULL, " \t\r\n");
        char *b = strtok(NULL, " \t\r\n");
        int rc = run(cmd, a, b);
        if (rc) printf("err %d\n", rc);
        fflush(stdout);
    }
    return 0;
}
