/*
 * ec_msm_template.h - multi-scalar multiplication sum_i [k_i] P_i of public
 * points and scalars, written once for G1 and G2 (after ec_mul_template.h),
 * right for any points of the curve. Needs besides the earlier macros:
 *
 *   EC_MSM_MIN_BATCH  the fewest affine additions worth one field inversion
 *   EC_MSM_TREE_BATCH (optional) the same for the tree levels of the
 *                   buckets and groups below (EC_MSM_MIN_BATCH if unset)
 *   EC_MSM_ENDO     (optional) EC(endo) acts as [beta] on every point of the
 *                   curve, not only on the subgroup (BN's G1, E(Fp) of
 *                   prime order): the scalars are split into their
 *                   EC_ENDO_SPLIT digits of EC_DIGIT_BITS bits (EC_SPLIT,
 *                   as the products split), point i taking digit 0 and
 *                   E^d(P_i) digit d, unless they are below the upper half
 *                   of r's limbs (the buckets: all of them; the lanes: each
 *                   one); E must keep Z (affine in, affine out)
 *
 * Few points: the width-w NAF lanes of the points (ec_mul_template.h) are
 * summed with one shared chain of doublings; without EC_MSM_ENDO the
 * scalars are not split, which would cost each point a subgroup check.
 *
 * Many points: Pippenger's bucket method with signed c-bit digits (2^(c-1)
 * buckets per window). In each window the points are sorted into their
 * buckets and each bucket is summed as a tree of affine additions, one
 * level at a time: all the additions of a level share one inversion
 * (Montgomery's trick), so an addition costs about 6 multiplications
 * instead of 12. Once a level has too few additions to pay for the
 * inversion, what is left is summed by the bits of the bucket numbers: c
 * groups, group k holding the buckets whose number has bit k set, summed
 * as trees of affine additions too, enter the window's c doublings one a
 * doubling (msm_window_groups), in place of the 2^c projective additions
 * of a running bucket sum.
 *
 * Everything lives in the caller's scratch buffer (after an alignment pad).
 *
 * The points are public, and so are the shared inversions' inputs: they
 * take the variable-time inversion F(inv_vartime), about half the
 * instructions of the constant-time one. EC(msm_secret_points) keeps the
 * constant-time F(inv) for points that may be secret (shares of a secret
 * point being combined).
 */

#define EC_MSM_MAX_WINDOW 16
/* Test builds (the fuzz targets: the Makefile's FUZZ_DEFS) may move the
 * switches down, so that a handful of points reach what the defaults keep
 * for dozens: PYBLS_MSM_BUCKETS_FROM, the bucket method from that many
 * points on (see EC(msm_window)); PYBLS_MSM_MIN_BATCH, the fewest affine
 * additions batched, in place of the group's EC_MSM_MIN_BATCH (here and in
 * the sums below). Only the way to the results changes. */
#ifdef PYBLS_MSM_MIN_BATCH
#undef EC_MSM_MIN_BATCH
#define EC_MSM_MIN_BATCH PYBLS_MSM_MIN_BATCH
#undef EC_MSM_TREE_BATCH
#endif
/* The fewest affine additions of a tree level of the MSM's buckets worth
 * one inversion (the group may set a number of its own: EC_MSM_MIN_BATCH,
 * which sums and the fixed-base MSM keep, unless it does). */
#ifndef EC_MSM_TREE_BATCH
#define EC_MSM_TREE_BATCH EC_MSM_MIN_BATCH
#endif
/* Bits of the scalars' Booth windows: r's, at least BLS12-381's 255 (the
 * 254-bit BN254 scalars keep the windows they always had). */
#define EC_MSM_BITS (CURVE_R_BITS > 255 ? CURVE_R_BITS : 255)
#ifdef EC_MSM_ENDO
/* Split scalars: EC_MSM_DIGITS digits of EC_MSM_DIGIT_BITS bits a point
 * (BN254: 2 of 127 bits, half the windows and doublings of 255). */
#define EC_MSM_DIGITS EC_ENDO_SPLIT
#define EC_MSM_DIGIT_BITS EC_DIGIT_BITS
#else
#define EC_MSM_DIGITS 1
#define EC_MSM_DIGIT_BITS EC_MSM_BITS
#endif
/* Bits of the scalars when none reaches the upper half of r's limbs: such
 * scalars are not split (twice the terms for digits hardly shorter, if at
 * all: 127 bits against 128 on BN254, 231 against 256 on BN462). */
#define EC_MSM_HALF_BITS (FR_LIMBS / 2 * LIMB_BITS)
#define EC_MSM_LANES_MAX 256 /* above this the lane tables get large */
#define EC_MSM_ALIGN 16
/* Points and scalars here are public: copies of them need not be constant
 * time, and a plain (inlined) memcpy is several times faster. */
#define EC_MSM_COPY(dst, src, len) __builtin_memcpy((dst), (src), (len))
/* Functions whose time goes to the field arithmetic they call, or run once
 * an MSM, compiled for size where the compiler can (clang: WebAssembly's
 * modules have a size budget, build-scripts/build_wasm.sh). */
#ifndef EC_MSM_SMALL
#ifdef __clang__
#define EC_MSM_SMALL __attribute__((noinline, minsize))
#else
#define EC_MSM_SMALL __attribute__((noinline))
#endif
#endif

typedef struct {
    FE x, y;
} EC(affine_t);

/* ---- choosing the method -------------------------------------------------
 * Estimated costs in quarters of an affine addition (which is about 6.5
 * multiplications): a mixed projective addition 10, a full one 12, a
 * doubling 7, an inversion 4 EC_MSM_MIN_BATCH (4 EC_MSM_TREE_BATCH in the
 * trees of the MSM's buckets and groups). */
/* One window of n points sorted into 2^(c-1) buckets, and its c doublings. */
static uint64_t EC(msm_window_cost)(uint64_t n, int c) {
    const uint64_t nb = (uint64_t)1 << (c - 1);
    uint64_t left = n, window = 7 * (uint64_t)c, pairs;
    /* tree levels: a bucket of s points yields about (s - 1) / 2 pairs */
    while ((pairs = left > nb ? (left - nb) / 2 : 0) >= EC_MSM_MIN_BATCH) {
        window += 4 * (pairs + EC_MSM_MIN_BATCH);
        left -= pairs;
    }
    window += 10 * left + 12 * nb; /* the running sums */
    return window;
}

/* Windows whose buckets are summed together (their tree levels sharing
 * inversions) for up to EC_MSM_WINS_TERMS terms: the levels of one window
 * of few terms have few additions each. */
#define EC_MSM_WINS 2
#define EC_MSM_WINS_TERMS 1024
/* Entries of work for n terms sorted into the buckets of wins windows of
 * c bits, and then for the buckets' points and their copies in the groups
 * of EC(msm_window_groups): a point of bucket b (number b + 1 <= nb =
 * 2^(c - 1)) takes 1 + popcount(b + 1) <= c entries. The trees stop with
 * fewer than EC_MSM_TREE_BATCH pairs, so at most 2 (EC_MSM_TREE_BATCH - 1)
 * points lie past the first of their bucket, and as the numbers
 * 1 ... nb have (c - 1) nb / 2 + 1 bits set, the buckets and groups take
 * at most wins (nb + (c - 1) nb / 2 + 1) + 2 (EC_MSM_TREE_BATCH - 1) c
 * entries (reached: every bucket nonempty, the spare points in the one
 * numbered 2^(c - 1) - 1). */
static uint64_t EC(msm_room)(uint64_t n, int c, int wins) {
    const uint64_t nb = (uint64_t)1 << (c - 1);
    const uint64_t groups = (uint64_t)wins * (nb + (uint64_t)(c - 1) * nb / 2 + 1) +
                            2 * (uint64_t)(EC_MSM_TREE_BATCH - 1) * (uint64_t)c;
    return (uint64_t)wins * n > groups ? (uint64_t)wins * n : groups;
}

/* The same for the MSM's windows (EC(msm_window_groups)): the buckets'
 * trees of EC_MSM_TREE_BATCH additions or more a level, then the c groups
 * by the bits of the bucket numbers, in trees too, and the groups' last
 * points as mixed additions. The passes over the buckets cost a quarter a
 * bucket. */
static uint64_t EC(msm_tree_cost)(uint64_t *left, uint64_t nb) {
    uint64_t cost = 0, pairs;
    while ((pairs = *left > nb ? (*left - nb) / 2 : 0) >= EC_MSM_TREE_BATCH) {
        cost += 4 * (pairs + EC_MSM_TREE_BATCH);
        *left -= pairs;
    }
    return cost;
}

EC_MSM_SMALL static uint64_t EC(msm_window_cost_groups)(uint64_t n, int c) {
    /* the windows summed together (msm_window_sum), as one of wins n terms */
    const uint64_t wins = n <= EC_MSM_WINS_TERMS ? EC_MSM_WINS : 1, nb = wins << (c - 1);
    uint64_t left = wins * n, window = 7 * wins * (uint64_t)c + nb / 4, groups;
    window += EC(msm_tree_cost)(&left, nb);
    /* the bucket numbers 1 ... 2^(c - 1) have (c - 1) 2^(c - 2) + 1 bits set */
    groups = left * ((uint64_t)(c - 1) * nb / 2 + wins) / nb;
    window += EC(msm_tree_cost)(&groups, wins * (uint64_t)c);
    return (window + 10 * groups) / wins;
}

static uint64_t EC(msm_cost_lanes)(uint32_t n) {
    return 7 * EC_MSM_BITS + 12 * (uint64_t)n * (EC_MSM_BITS / (EC_WNAF_W + 1) + EC_WNAF_TABLE);
}

/* The same (lanes_split) for the MSM's own scalars, and the cost of its
 * buckets: n points whose scalars are each split into EC_MSM_DIGITS digits
 * of EC_MSM_DIGIT_BITS bits (without EC_MSM_ENDO, one digit of
 * EC_MSM_BITS: the lanes cost msm_cost_lanes). The lanes' tables of E^d(P)
 * cost a multiplication an entry, left out. */
static uint64_t EC(msm_cost_buckets)(uint32_t n, int c) {
    return (uint64_t)(EC_MSM_DIGIT_BITS / c + 1) * EC(msm_window_cost_groups)((uint64_t)EC_MSM_DIGITS * n, c);
}

static uint64_t EC(msm_cost_lanes_split)(uint32_t n) {
    return 7 * EC_MSM_DIGIT_BITS +
           12 * (uint64_t)n *
               (EC_MSM_DIGITS * (EC_MSM_DIGIT_BITS / (EC_WNAF_W + 1)) + EC_WNAF_TABLE);
}

/* The bucket window minimising the cost, or 0 if the lanes are cheaper. */
EC_MSM_SMALL static int EC(msm_window)(uint32_t n) {
    int best = 1;
    for (int c = 2; c <= EC_MSM_MAX_WINDOW; c++)
        if (EC(msm_cost_buckets)(n, c) < EC(msm_cost_buckets)(n, best)) best = c;
#ifdef PYBLS_MSM_BUCKETS_FROM
    if (n >= PYBLS_MSM_BUCKETS_FROM) return best;
#endif
    if (n <= EC_MSM_LANES_MAX && EC(msm_cost_lanes_split)(n) <= EC(msm_cost_buckets)(n, best)) return 0;
    return best;
}

/* ---- scratch layout ------------------------------------------------------ */
#define EC_LANES_BYTES_PER_POINT (EC_WNAF_TABLE * sizeof(POINT) + sizeof(EC(lane_t)) + EC_NAF_LEN)

/* The bucket method's arrays, carved from the scratch buffer in this order
 * (largest alignment first), for the N = EC_MSM_DIGITS n terms [k_t] Q_t
 * of n points: Q_(d n + i) = E^d(P_i) with digit d of k_i as k_t. */
typedef struct {
    EC(affine_t) *pts;       /* N terms' points, affine */
    EC(affine_t) *work;      /* room: the windows' bucket contents, by bucket, then the groups */
    FE *den, *pre;           /* room each: batch inversion (den first holds the windows' digits) */
    limb_t (*ks)[FR_LIMBS];  /* N canonical scalars (or split digits) */
    uint32_t *start, *count; /* wins 2^(c-1): per bucket (then per group) its segment of work, its length */
    uint8_t *pts_inf;        /* N: the term's point is the identity */
    uint8_t *work_inf;       /* room: the same for work */
    uint32_t terms;          /* N, or n if the scalars were not split */
    int wins;                /* windows summed together */
    int bits;                /* bits of the terms' scalars */
    int secret;              /* the points may be secret: constant-time inversions */
} EC(msm_mem_t);

static uint64_t EC(msm_buckets_layout)(EC(msm_mem_t) *m, uint8_t *base, uint32_t points, int c) {
    uint64_t off = 0, nb = (uint64_t)1 << (c - 1), n = (uint64_t)EC_MSM_DIGITS * points;
    const int wins = n <= EC_MSM_WINS_TERMS ? EC_MSM_WINS : 1;
    const uint64_t room = EC(msm_room)(n, c, wins);
#define EC_CARVE(field, type, count)                                        \
    do {                                                                    \
        if (m) m->field = (type)(void *)(base + off);                       \
        off += (uint64_t)(count) * sizeof(*m->field);                       \
    } while (0)
    EC_CARVE(pts, EC(affine_t) *, n);
    EC_CARVE(work, EC(affine_t) *, room);
    EC_CARVE(den, FE *, room);
    EC_CARVE(pre, FE *, room);
    EC_CARVE(ks, limb_t(*)[FR_LIMBS], n);
    EC_CARVE(start, uint32_t *, (uint64_t)wins * nb);
    EC_CARVE(count, uint32_t *, (uint64_t)wins * nb);
    EC_CARVE(pts_inf, uint8_t *, n);
    EC_CARVE(work_inf, uint8_t *, room);
#undef EC_CARVE
    if (m) {
        m->secret = 0;
        m->wins = wins;
    }
    return off;
}

static uint64_t EC(msm_bytes)(uint32_t n) {
    int c = EC(msm_window)(n);
    if (n <= 1) return 0; /* no scratch needed */
    if (c == 0) return EC_MSM_ALIGN + (uint64_t)n * EC_MSM_DIGITS * EC_LANES_BYTES_PER_POINT;
    return EC_MSM_ALIGN + EC(msm_buckets_layout)(NULL, NULL, n, c);
}

int EC(msm_scratch_size)(uint32_t n) {
    uint64_t bytes = EC(msm_bytes)(n);
    return bytes > 0x7fffffff ? -1 : (int)bytes;
}

/* Whether a canonical scalar reaches the upper half of r's limbs: below
 * it the split digits would be no shorter than the scalar. */
static int EC(msm_scalar_high)(const limb_t k[FR_LIMBS]) {
    limb_t high = 0;
    for (int j = FR_LIMBS / 2; j < FR_LIMBS; j++) high |= k[j];
    return high != 0;
}

/* ---- few points: lanes ---------------------------------------------------- */
EC_MSM_SMALL static void EC(msm_lanes)(POINT *r, const uint8_t *points, const uint8_t *scalars, uint32_t n,
                          uint8_t *mem) {
    /* Largest alignment first: tables, lane records, then the int8 digits;
     * up to EC_MSM_DIGITS lanes a point. */
    const size_t most = (size_t)n * EC_MSM_DIGITS;
    POINT *tables = (POINT *)(void *)mem;
    EC(lane_t) *lanes = (EC(lane_t) *)(void *)(tables + most * EC_WNAF_TABLE);
    int8_t *nafs = (int8_t *)(lanes + most);
    size_t nlanes = 0;
    for (uint32_t i = 0; i < n; i++) {
        POINT p;
        fr_t k;
        int split = EC_SPLIT_NEVER;
        ct_memcpy(&p, points + (size_t)i * sizeof(POINT), sizeof p);
        ct_memcpy(&k, scalars + (size_t)i * sizeof(fr_t), sizeof k);
#ifdef EC_MSM_ENDO
        {
            limb_t kc[FR_LIMBS];
            fr_to_canonical(kc, &k);
            if (EC(msm_scalar_high)(kc)) split = EC_SPLIT_KNOWN; /* E acts as [beta] on P */
        }
#endif
        nlanes += (size_t)EC(point_lanes)(lanes + nlanes, tables + nlanes * EC_WNAF_TABLE,
                                          nafs + nlanes * EC_NAF_LEN, &p, &k, split);
    }
    EC(sum_lanes_vartime)(r, lanes, nlanes);
}

/* ---- many points: buckets ------------------------------------------------- */

/* a[i] = 1 / a[i] for n nonzero elements with one inversion (Montgomery's
 * trick); pre holds n elements of scratch. The inversion is constant time
 * if secret is set, else variable time (public values). */
static void EC(batch_inv_as)(FE *a, FE *pre, size_t n, int secret) {
    FE inv, t;
    if (n == 0) return;
    pre[0] = a[0];
    for (size_t i = 1; i < n; i++) F(mul)(&pre[i], &pre[i - 1], &a[i]);
    if (secret)
        F(inv)(&inv, &pre[n - 1]);
    else
        F(inv_vartime)(&inv, &pre[n - 1]);
    for (size_t i = n - 1; i > 0; i--) {
        F(mul)(&t, &inv, &pre[i - 1]);
        F(mul)(&inv, &inv, &a[i]);
        a[i] = t;
    }
    a[0] = inv;
}

/* The same for public values (sums, MSMs, fixed-base MSMs, FFTs of public
 * points): variable time. */
static void EC(batch_inv)(FE *a, FE *pre, size_t n) { EC(batch_inv_as)(a, pre, n, 0); }

/* The inputs in affine form (one shared inversion) and the scalars; with
 * EC_MSM_ENDO, unless every scalar is below the upper half of r's limbs,
 * the terms of the split scalars (msm_mem_t). */
EC_MSM_SMALL static void EC(msm_load)(EC(msm_mem_t) *m, const uint8_t *points, const uint8_t *scalars,
                         uint32_t n) {
    int high = 0;
    for (uint32_t i = 0; i < n; i++) {
        POINT p;
        fr_t k;
        EC_MSM_COPY(&p, points + (size_t)i * sizeof(POINT), sizeof p);
        EC_MSM_COPY(&k, scalars + (size_t)i * sizeof(fr_t), sizeof k);
        fr_to_canonical(m->ks[i], &k);
        high |= EC(msm_scalar_high)(m->ks[i]);
        m->pts_inf[i] = (uint8_t)(EC(is_identity)(&p) & 1);
        m->pts[i].x = p.x;
        m->pts[i].y = p.y;
        if (m->pts_inf[i])
            F(set_one)(&m->den[i]);
        else
            m->den[i] = p.z;
    }
    EC(batch_inv_as)(m->den, m->pre, n, m->secret);
    for (uint32_t i = 0; i < n; i++) {
        F(mul)(&m->pts[i].x, &m->pts[i].x, &m->den[i]);
        F(mul)(&m->pts[i].y, &m->pts[i].y, &m->den[i]);
    }
    m->terms = n;
    m->bits = EC_MSM_BITS;
#ifdef EC_MSM_ENDO
    if (!high) {
        m->bits = EC_MSM_HALF_BITS;
        return;
    }
    /* k_i = sum_d e_d beta^d: term d n + i is [e_d] E^d(P_i) */
    for (uint32_t i = 0; i < n; i++) {
        limb_t digits[EC_DIGITS_LIMBS];
        EC_SPLIT(digits, m->ks[i]);
        for (int d = 0; d < EC_MSM_DIGITS; d++) {
            limb_t *kd = m->ks[(size_t)d * n + i];
            for (int x = 0; x < FR_LIMBS; x++)
                kd[x] = x < EC_DIGIT_LIMBS(EC_MSM_DIGITS) ? digits[d * EC_DIGIT_LIMBS(EC_MSM_DIGITS) + x] : 0;
        }
        for (int d = 1; d < EC_MSM_DIGITS; d++) {
            const size_t t = (size_t)d * n + i, prev = t - n;
            POINT q; /* E keeps Z = 1 (EC_MSM_ENDO) */
            q.x = m->pts[prev].x;
            q.y = m->pts[prev].y;
            F(set_one)(&q.z);
            EC(endo)(&q, &q);
            m->pts[t].x = q.x;
            m->pts[t].y = q.y;
            m->pts_inf[t] = m->pts_inf[i];
        }
    }
    m->terms = (uint32_t)EC_MSM_DIGITS * n;
    m->bits = EC_MSM_DIGIT_BITS;
#else
    (void)high;
#endif
}

/* Whether a and b (same x) sum to the identity: b = -a, or a = b of order 2
 * (y = 0, on curves with such points). */
static int EC(pair_cancels)(const EC(affine_t) *a, const EC(affine_t) *b) {
    FE t;
    F(add)(&t, &a->y, &b->y);
    return (int)(F(is_zero)(&t) & 1);
}

/* The denominator of the slope of a + b (b - a in x, or 2y to double), or
 * 1 when the sum needs no division (an identity operand, or a + b = O). */
static void EC(pair_den)(FE *den, const EC(affine_t) *a, uint8_t a_inf, const EC(affine_t) *b,
                         uint8_t b_inf) {
    if (a_inf | b_inf)
        F(set_one)(den);
    else if (!(F(eq)(&a->x, &b->x) & 1))
        F(sub)(den, &b->x, &a->x);
    else if (!EC(pair_cancels)(a, b))
        F(dbl)(den, &a->y);
    else
        F(set_one)(den);
}

/* r = a + b given inv = 1 / pair_den(a, b); r may alias a or b. */
static void EC(pair_add)(EC(affine_t) *r, uint8_t *r_inf, const EC(affine_t) *pa, uint8_t a_inf,
                         const EC(affine_t) *pb, uint8_t b_inf, const FE *inv) {
    const EC(affine_t) a = *pa, b = *pb;
    FE lambda, t;
    if (a_inf | b_inf) {
        *r = a_inf ? b : a;
        *r_inf = a_inf & b_inf;
        return;
    }
    if (F(eq)(&a.x, &b.x) & 1) {
        if (EC(pair_cancels)(&a, &b)) {
            *r_inf = 1;
            return;
        }
        F(sqr)(&t, &a.x);
        F(mul3)(&t, &t);
    } else {
        F(sub)(&t, &b.y, &a.y);
    }
    F(mul)(&lambda, &t, inv);
    F(sqr)(&t, &lambda);
    F(sub)(&t, &t, &a.x);
    F(sub)(&r->x, &t, &b.x);
    F(sub)(&t, &a.x, &r->x);
    F(mul)(&t, &t, &lambda);
    F(sub)(&r->y, &t, &a.y);
    *r_inf = 0;
}

/* One tree level in every bucket: pairs (0, 1), (2, 3), ... of each
 * segment are added (all sharing one inversion) and the segment shrinks to
 * the sums, an odd last element carried over. Returns 0, doing nothing, if
 * there are fewer than min pairs. */
EC_MSM_SMALL static int EC(msm_tree_level)(EC(msm_mem_t) *m, uint32_t nbuckets, size_t min) {
    size_t pairs = 0, t = 0;
    for (uint32_t b = 0; b < nbuckets; b++) pairs += m->count[b] / 2;
    if (pairs < min) return 0;
    for (uint32_t b = 0; b < nbuckets; b++) {
        const EC(affine_t) *w = m->work + m->start[b];
        const uint8_t *w_inf = m->work_inf + m->start[b];
        for (uint32_t q = 0; q < m->count[b] / 2; q++, t++)
            EC(pair_den)(&m->den[t], &w[2 * q], w_inf[2 * q], &w[2 * q + 1], w_inf[2 * q + 1]);
    }
    EC(batch_inv_as)(m->den, m->pre, pairs, m->secret);
    t = 0;
    for (uint32_t b = 0; b < nbuckets; b++) {
        EC(affine_t) *w = m->work + m->start[b];
        uint8_t *w_inf = m->work_inf + m->start[b];
        uint32_t len = m->count[b];
        /* sum q lands at q <= 2q: read before written */
        for (uint32_t q = 0; q < len / 2; q++, t++)
            EC(pair_add)(&w[q], &w_inf[q], &w[2 * q], w_inf[2 * q], &w[2 * q + 1], w_inf[2 * q + 1],
                         &m->den[t]);
        if (len & 1) {
            w[len / 2] = w[len - 1];
            w_inf[len / 2] = w_inf[len - 1];
        }
        m->count[b] = (len + 1) / 2;
    }
    return 1;
}

/* Signed digit j of c bits of a canonical scalar, as scalar_booth_digit
 * (bits j c - 1 ... j c + c - 1, bit -1 being 0) but read a limb or two at a
 * time: the scalars are public. */
static inline int EC(msm_digit)(const limb_t k[FR_LIMBS], int j, int c) {
    const int lo = j * c - 1;
    const limb_t mask = ((limb_t)2 << c) - 1; /* c + 1 bits, c < LIMB_BITS - 1 */
    limb_t w;
    if (lo < 0) {
        w = k[0] << 1;
    } else {
        const int at = lo / LIMB_BITS, sh = lo % LIMB_BITS;
        if (at >= FR_LIMBS) return 0;
        w = k[at] >> sh;
        if (sh + c >= LIMB_BITS && at + 1 < FR_LIMBS) w |= k[at + 1] << (LIMB_BITS - sh);
    }
    const unsigned v = (unsigned)(w & mask);
    return (int)(v & 1) + (int)(v >> 1) - (int)((v >> c) << c);
}

/* acc = 2^c acc + sum_b (b + 1) bucket_b for windows j, j - 1, ..., j - wins
 * + 1 in turn, their buckets summed together (msm_tree_level: the windows'
 * levels share inversions) in m's segments, window w's bucket b being
 * segment w nb + b, then by the bits of b + 1 (msm_window_groups). */
static void EC(msm_window_groups)(POINT *acc, EC(msm_mem_t) *m, uint32_t nb, int c, int wins);

EC_MSM_SMALL static void EC(msm_window_sum)(POINT *acc, EC(msm_mem_t) *m, int j, int c, int wins) {
    const uint32_t n = m->terms;
    const uint32_t nb = (uint32_t)1 << (c - 1), nbuckets = (uint32_t)wins * nb;
    uint32_t next = 0;
    /* The windows' digits, kept until the points are placed in the space of
     * the inversions' denominators (not needed before the tree levels). */
    int32_t *digit = (int32_t *)(void *)m->den;
    /* counting sort of the points into their buckets, negated for d < 0 */
    for (uint32_t b = 0; b < nbuckets; b++) m->count[b] = 0;
    for (int w = 0; w < wins; w++)
        for (uint32_t i = 0; i < n; i++) {
            int d = m->pts_inf[i] ? 0 : EC(msm_digit)(m->ks[i], j - w, c);
            digit[(size_t)w * n + i] = d;
            if (d != 0) m->count[(uint32_t)w * nb + (uint32_t)(d < 0 ? -d : d) - 1]++;
        }
    for (uint32_t b = 0; b < nbuckets; b++) {
        m->start[b] = next;
        next += m->count[b];
        m->count[b] = 0;
    }
    for (size_t t = 0; t < (size_t)wins * n; t++) {
        const int d = digit[t];
        const size_t i = t % n;
        if (d == 0) continue;
        uint32_t b = (uint32_t)(t / n) * nb + (uint32_t)(d < 0 ? -d : d) - 1, at = m->start[b] + m->count[b]++;
        m->work[at].x = m->pts[i].x;
        if (d < 0)
            F(neg)(&m->work[at].y, &m->pts[i].y);
        else
            m->work[at].y = m->pts[i].y;
        m->work_inf[at] = 0;
    }
    while (EC(msm_tree_level)(m, nbuckets, EC_MSM_TREE_BATCH)) {
    }
    EC(msm_window_groups)(acc, m, nb, c, wins);
}

/* The running sum from the top bucket: tot = sum_b (b + 1) bucket_(first + b)
 * for b < nbuckets, each bucket's segment holding what its tree left. */
EC_MSM_SMALL static void EC(msm_running_sum)(POINT *tot, const EC(msm_mem_t) *m, uint32_t first, uint32_t nbuckets) {
    POINT sum;
    EC(set_identity)(&sum);
    EC(set_identity)(tot);
    for (uint32_t b = first + nbuckets; b-- > first;) {
        for (uint32_t e = m->start[b]; e < m->start[b] + m->count[b]; e++)
            if (!m->work_inf[e]) EC(add_affine)(&sum, &sum, &m->work[e].x, &m->work[e].y);
        /* skip the identity, not the all-zero triple of an exceptional case */
        if (!(EC(is_identity)(&sum) & ~F(is_zero)(&sum.y) & 1)) EC(add)(tot, tot, &sum);
    }
}

/* sum_b (b + 1) bucket_b is sum_k 2^k G_k, G_k the sum of the buckets b
 * with bit k of b + 1 set (k < c): the buckets' points are copied into c
 * groups a window, whose trees share inversions as the buckets' do, and
 * acc = 2^c acc + sum_k 2^k G_k takes c doublings and the groups' few
 * remaining points as mixed additions, in place of the 2^c projective
 * additions of the running sum. m->work has room for the groups next to
 * the buckets' points (EC(msm_room)). */
EC_MSM_SMALL static void EC(msm_window_groups)(POINT *acc, EC(msm_mem_t) *m, uint32_t nb, int c, int wins) {
    uint32_t gstart[EC_MSM_WINS * EC_MSM_MAX_WINDOW], gcount[EC_MSM_WINS * EC_MSM_MAX_WINDOW], used = 0;
    const uint32_t ng = (uint32_t)(wins * c), nbuckets = (uint32_t)wins * nb;
    for (uint32_t g = 0; g < ng; g++) gcount[g] = 0;
    for (uint32_t b = 0; b < nbuckets; b++)
        for (int k = 0; k < c; k++)
            if (((b % nb + 1) >> k) & 1) gcount[b / nb * (uint32_t)c + (uint32_t)k] += m->count[b];
    /* the buckets' points to the front of m->work (start[b] only grows) */
    for (uint32_t b = 0; b < nbuckets; b++) {
        for (uint32_t e = 0; e < m->count[b]; e++) {
            m->work[used + e] = m->work[m->start[b] + e];
            m->work_inf[used + e] = m->work_inf[m->start[b] + e];
        }
        m->start[b] = used;
        used += m->count[b];
    }
    for (uint32_t g = 0; g < ng; g++) {
        gstart[g] = used;
        used += gcount[g];
        gcount[g] = 0;
    }
    for (uint32_t b = 0; b < nbuckets; b++)
        for (int k = 0; k < c; k++) {
            const uint32_t g = b / nb * (uint32_t)c + (uint32_t)k;
            if (!(((b % nb + 1) >> k) & 1)) continue;
            for (uint32_t e = 0; e < m->count[b]; e++) {
                const uint32_t at = gstart[g] + gcount[g]++;
                m->work[at] = m->work[m->start[b] + e];
                m->work_inf[at] = m->work_inf[m->start[b] + e];
            }
        }
    for (uint32_t g = 0; g < ng; g++) {
        m->start[g] = gstart[g];
        m->count[g] = gcount[g];
    }
    while (EC(msm_tree_level)(m, ng, EC_MSM_TREE_BATCH)) {
    }
    for (uint32_t g = 0; g < ng; g++) { /* window by window, each from its top bit */
        const uint32_t at = g / (uint32_t)c * (uint32_t)c + (uint32_t)c - 1 - g % (uint32_t)c;
        if (!(EC(is_identity)(acc) & 1)) EC(dbl)(acc, acc);
        for (uint32_t e = m->start[at]; e < m->start[at] + m->count[at]; e++)
            if (!m->work_inf[e]) EC(add_affine)(acc, acc, &m->work[e].x, &m->work[e].y);
    }
}

static void EC(msm_buckets)(POINT *r, const uint8_t *points, const uint8_t *scalars, uint32_t n,
                            int c, uint8_t *mem, int secret) {
    EC(msm_mem_t) m;
    POINT acc;
    EC(msm_buckets_layout)(&m, mem, n, c);
    m.secret = secret;
    EC(msm_load)(&m, points, scalars, n);
#ifdef EC_MSM_ENDO
    if (m.terms == n) { /* not split: the best window for these terms that the scratch holds */
        const int most = c;
        c = 1;
        for (int b = 2; b <= most; b++)
            if ((uint64_t)(m.bits / b + 1) * EC(msm_window_cost_groups)(n, b) <
                (uint64_t)(m.bits / c + 1) * EC(msm_window_cost_groups)(n, c))
                c = b;
    }
#endif
    EC(set_identity)(&acc);
    for (int j = m.bits / c; j >= 0; j -= m.wins) EC(msm_window_sum)(&acc, &m, j, c, j + 1 < m.wins ? j + 1 : m.wins);
    *r = acc;
}

/* With secret set, the points may be secret (the scalars are still
 * public): the inversions are constant time, and a single point is
 * multiplied in constant time. Apart from that the bucket method only
 * branches on the points in the exceptional cases (equal x, the identity),
 * which points not chosen to meet them meet with negligible probability. */
static int EC(msm_as)(POINT *r, const uint8_t *points, const uint8_t *scalars, uint32_t n, uint8_t *scratch,
                      size_t scratch_len, int secret) {
    int need = EC(msm_scratch_size)(n), c = EC(msm_window)(n);
    if (need < 0 || scratch_len < (size_t)need) return PYBLS_ERR_ARGUMENT;
    if (n == 0) {
        EC(set_identity)(r);
    } else if (n == 1) { /* may use the endomorphism split */
        POINT p;
        fr_t k;
        ct_memcpy(&p, points, sizeof p);
        ct_memcpy(&k, scalars, sizeof k);
        if (secret)
            EC(mul)(r, &p, &k);
        else
            EC(mul_vartime)(r, &p, &k);
    } else {
        uint8_t *mem = scratch + (EC_MSM_ALIGN - (uintptr_t)scratch % EC_MSM_ALIGN) % EC_MSM_ALIGN;
        if (c == 0)
            EC(msm_lanes)(r, points, scalars, n, mem);
        else
            EC(msm_buckets)(r, points, scalars, n, c, mem, secret);
#ifdef EC_EXACT_MSM
        /* An exceptional case of the complete formulas (inputs outside the
         * subgroup with a component of even order) leaves its all-zero
         * result in the sum: start again with every case handled. */
        if (EC(is_identity)(r) & F(is_zero)(&r->y) & 1) EC_EXACT_MSM(r, points, scalars, n);
#endif
    }
    return PYBLS_OK;
}

int EC(msm)(POINT *r, const uint8_t *points, const uint8_t *scalars, uint32_t n, uint8_t *scratch,
            size_t scratch_len) {
    return EC(msm_as)(r, points, scalars, n, scratch, scratch_len, 0);
}

int EC(msm_secret_points)(POINT *r, const uint8_t *points, const uint8_t *scalars, uint32_t n, uint8_t *scratch,
                          size_t scratch_len) {
    return EC(msm_as)(r, points, scalars, n, scratch, scratch_len, 1);
}

/* ---- sums of many public points --------------------------------------------
 * sum_i P_i as a tree of affine additions, one level at a time, each level's
 * additions sharing one inversion (as the buckets above); the inputs are
 * made affine first with one shared inversion, except those already with
 * Z = 1 (decoded points). Too few points for a round are added one by one. Scratch: n affine points, 2n field elements and n
 * bytes, after an alignment pad. */
static uint64_t EC(sum_bytes)(uint32_t n) {
    if (n <= 1) return 0;
    return EC_MSM_ALIGN + (uint64_t)n * (sizeof(EC(affine_t)) + 2 * sizeof(FE) + 1);
}

int EC(sum_scratch_size)(uint32_t n) {
    uint64_t bytes = EC(sum_bytes)(n);
    return bytes > 0x7fffffff ? -1 : (int)bytes;
}

/* The sums r[0..cols) of the columns of a rows x cols block of points
 * (rows >= 2) whose rows start stride bytes apart, in aligned scratch mem
 * holding rows * cols entries. The columns go through the tree together:
 * each level pairs rows (2q, 2q + 1) of every column, reading the block in
 * row order, and all of the level's additions share one inversion. */
static void EC(sum_block)(POINT *r, const uint8_t *points, uint32_t rows, uint32_t cols, size_t stride,
                          uint8_t *mem) {
    const size_t n = (size_t)rows * cols;
    EC(affine_t) *w = (EC(affine_t) *)(void *)mem;
    FE *den = (FE *)(void *)(w + n), *pre = den + n;
    uint8_t *inf = (uint8_t *)(pre + n); /* 0 affine, 1 identity, 2 to be scaled by 1/Z */
    FE one;
    size_t m = 0, k = 0, len = rows;
    F(set_one)(&one);
    for (uint32_t c = 0; c < cols; c++) EC(set_identity)(&r[c]);
    if (n / 2 < EC_MSM_MIN_BATCH) { /* no tree round: making points affine would not pay */
        for (uint32_t i = 0; i < rows; i++)
            for (uint32_t c = 0; c < cols; c++) {
                POINT p;
                ct_memcpy(&p, points + i * stride + (size_t)c * sizeof(POINT), sizeof p);
                if (F(eq)(&p.z, &one) & 1)
                    EC(add_affine)(&r[c], &r[c], &p.x, &p.y);
                else
                    EC(add)(&r[c], &r[c], &p);
            }
        return;
    }
    for (size_t i = 0; i < n; i++) {
        POINT p;
        ct_memcpy(&p, points + (i / cols) * stride + (i % cols) * sizeof(POINT), sizeof p);
        w[i].x = p.x;
        w[i].y = p.y;
        if (EC(is_identity)(&p) & 1) {
            inf[i] = 1;
        } else if (F(eq)(&p.z, &one) & 1) {
            inf[i] = 0;
        } else {
            inf[i] = 2;
            den[m++] = p.z;
        }
    }
    EC(batch_inv)(den, pre, m);
    for (size_t i = 0; i < n; i++) {
        if (inf[i] != 2) continue;
        F(mul)(&w[i].x, &w[i].x, &den[k]);
        F(mul)(&w[i].y, &w[i].y, &den[k++]);
        inf[i] = 0;
    }
    /* tree levels while they have enough additions to pay for an inversion;
     * entry (row q, column c) is w[q * cols + c] */
    while (len > 1 && (len / 2) * cols >= EC_MSM_MIN_BATCH) {
        const size_t pairs = (len / 2) * cols;
        for (size_t t = 0; t < pairs; t++) {
            const size_t a = (t / cols) * 2 * cols + t % cols, b = a + cols;
            EC(pair_den)(&den[t], &w[a], inf[a], &w[b], inf[b]);
        }
        EC(batch_inv)(den, pre, pairs);
        for (size_t t = 0; t < pairs; t++) { /* sum t lands at t <= a: read before written */
            const size_t a = (t / cols) * 2 * cols + t % cols, b = a + cols;
            EC(pair_add)(&w[t], &inf[t], &w[a], inf[a], &w[b], inf[b], &den[t]);
        }
        if (len & 1) /* the odd last row moves up */
            for (uint32_t c = 0; c < cols; c++) {
                w[pairs + c] = w[(len - 1) * cols + c];
                inf[pairs + c] = inf[(len - 1) * cols + c];
            }
        len = (len + 1) / 2;
    }
    for (size_t i = 0; i < len * cols; i++)
        if (!inf[i]) EC(add_affine)(&r[i % cols], &r[i % cols], &w[i].x, &w[i].y);
}

int EC(sum)(POINT *r, const uint8_t *points, uint32_t n, uint8_t *scratch, size_t scratch_len) {
    int rc = EC(sum_columns)(r, points, n, 1, 1, scratch, scratch_len);
#ifdef EC_EXACT_SUM
    /* as in EC(msm): an exceptional case's all-zero result, summed again */
    if (rc == PYBLS_OK && (EC(is_identity)(r) & F(is_zero)(&r->y) & 1)) EC_EXACT_SUM(r, points, n);
#endif
    return rc;
}

/* The sums of the first cols columns of a matrix of points stored row by
 * row, row_len points a row (r[j] = sum_i P_ij: the coefficient-wise sum of
 * committed polynomials). The scratch must hold that of one column
 * (sum_bytes(rows)); as many columns as it has room for go through the
 * tree together. */
int EC(sum_columns)(POINT *r, const uint8_t *points, uint32_t rows, uint32_t row_len, uint32_t cols,
                    uint8_t *scratch, size_t scratch_len) {
    uint64_t need = EC(sum_bytes)(rows);
    if (need > 0x7fffffff || scratch_len < need) return PYBLS_ERR_ARGUMENT;
    uint8_t *mem = scratch + (EC_MSM_ALIGN - (uintptr_t)scratch % EC_MSM_ALIGN) % EC_MSM_ALIGN;
    const size_t stride = (size_t)row_len * sizeof(POINT);
    uint32_t block = 1;
    if (rows > 1) { /* columns per block: what the scratch holds */
        const uint64_t fit = (scratch_len - EC_MSM_ALIGN) / (need - EC_MSM_ALIGN);
        block = fit > cols ? cols : (uint32_t)fit;
        if (block == 0) block = 1;
    }
    for (uint32_t j = 0; j < cols; j += block) {
        const uint32_t bc = cols - j < block ? cols - j : block;
        const uint8_t *col = points + (size_t)j * sizeof(POINT);
        if (rows == 0)
            for (uint32_t c = 0; c < bc; c++) EC(set_identity)(&r[j + c]);
        else if (rows == 1)
            ct_memcpy(&r[j], col, (size_t)bc * sizeof(POINT));
        else
            EC(sum_block)(&r[j], col, rows, bc, stride, mem);
    }
    return PYBLS_OK;
}

/* ---- a committed polynomial at a small public point ------------------------
 * sum_k x^k P_k by Horner's rule, acc <- [x] acc + P_k from the top
 * coefficient down: for x < 2^32 each step costs about log2(x) doublings
 * and a few additions (x in non-adjacent form), several times less than a
 * multi-scalar multiplication by the full-width scalars x^k mod r. */
int EC(poly_eval)(POINT *r, const uint8_t *points, uint32_t n, uint32_t x) {
    int8_t naf[34];
    int len = 0;
    uint64_t v = x;
    FE one;
    F(set_one)(&one);
    while (v) { /* non-adjacent form of x, least significant digit first */
        int d = 0;
        if (v & 1) {
            d = (v & 3) == 3 ? -1 : 1;
            v = d < 0 ? v + 1 : v - 1;
        }
        naf[len++] = (int8_t)d;
        v >>= 1;
    }
    EC(set_identity)(r);
    for (uint32_t k = n; k-- > 0;) {
        POINT p;
        if (!(EC(is_identity)(r) & 1)) {
            if (len == 0) {
                EC(set_identity)(r);
            } else {
                POINT base = *r, neg;
                EC(neg)(&neg, &base);
                for (int i = len - 2; i >= 0; i--) {
                    EC(dbl)(r, r);
                    if (naf[i] > 0)
                        EC(add)(r, r, &base);
                    else if (naf[i] < 0)
                        EC(add)(r, r, &neg);
                }
            }
        }
        ct_memcpy(&p, points + (size_t)k * sizeof(POINT), sizeof p);
        if (EC(is_identity)(&p) & 1) continue;
        if (F(eq)(&p.z, &one) & 1)
            EC(add_affine)(r, r, &p.x, &p.y);
        else
            EC(add)(r, r, &p);
    }
    return PYBLS_OK;
}
