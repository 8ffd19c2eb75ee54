/* api_mcl.c - the public ABI of mcl's hashing (h2c/mcl_map.c). */
#include "pybls.h"
#include "h2c/mcl_map.h"

int pybls_g1_hash_and_map_mcl(uint8_t *out, const uint8_t *msg, uint32_t msg_len) {
    g1_t r;
    g1_hash_and_map_mcl(&r, msg, msg_len);
    ct_memcpy(out, &r, sizeof r);
    return PYBLS_OK;
}

int pybls_g2_hash_and_map_mcl(uint8_t *out, const uint8_t *msg, uint32_t msg_len) {
    g2_t r;
    g2_hash_and_map_mcl(&r, msg, msg_len);
    ct_memcpy(out, &r, sizeof r);
    return PYBLS_OK;
}
