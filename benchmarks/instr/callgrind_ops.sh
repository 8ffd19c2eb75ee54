# Shared by count_pairing.sh and count_tower.sh (sourced): builds a harness
# of benchmarks/instr per curve and limb width, and prints the instruction
# count of each operation under callgrind with the digest of its output
# (equal digests: equal values).
#   count_ops HARNESS TOGGLE OPT DEFAULT_CURVES DEFAULT_OPS [LIMB_BITS] [curve ...]
# HARNESS.c runs one operation named on its command line inside the
# function TOGGLE; OPS="a b" overrides DEFAULT_OPS.
count_ops() {
    harness=$1 toggle=$2 opt=$3 default_curves=$4 default_ops=$5
    shift 5
    bits=${1:-64}
    [ $# -gt 0 ] && shift
    curves=${*:-$default_curves}
    ops=${OPS:-$default_ops}
    mkdir -p build/instr
    # The extension's x86-64 flags where the CPU has them (mont_adx.h).
    if [ "$bits" = 64 ] && grep -qw adx /proc/cpuinfo && grep -qw bmi2 /proc/cpuinfo; then
        arch="-mbmi2 -madx"
    else
        arch=""
    fi
    for curve in $curves; do
        exe=build/instr/$harness-$curve-$bits
        # shellcheck disable=SC2046 # the manifest's lists split into arguments
        ${CC:-gcc} "$opt" $arch $(python3 build-scripts/core_manifest.py cflags "$curve") -DPYBLS_LIMB_BITS="$bits" \
            "benchmarks/instr/$harness.c" $(python3 build-scripts/core_manifest.py sources "$curve") -o "$exe"
        for op in $ops; do
            out=build/instr/$harness-$curve-$bits-$op
            valgrind --tool=callgrind --callgrind-out-file="$out.out" --collect-atstart=no \
                --toggle-collect="$toggle" "$exe" "$op" >"$out.digest" 2>"$out.log"
            printf '%-13s %2s %-17s %12s  %s\n' "$curve" "$bits" "$op" \
                "$(grep '^summary:' "$out.out" | cut -d' ' -f2)" "$(cat "$out.digest")"
        done
    done
}
