#!/bin/sh
# The Trellis bench, packed with its own node: runs on an x86-64 Linux machine with nothing
# installed and no network (needs sh, taskset). Unpack and run:
#   tar -xJf trellis-bench.tar.xz -C /tmp && OUT=/tmp/out /tmp/trellis-bench/run.sh
# Layout: with 8 cores or more, every server on core 2 (the curve's workers on cores 2 and up)
# and one load process on each core from 4 (the first two left to the runner and the system);
# with fewer, the server on core 0 and the load on the last core. Override with
# BENCH_SERVER_CORE, BENCH_LOAD_CORES, BENCH_SERVER_CORES. Paired rounds: BENCH_ROUNDS (4), BENCH_DURATION (3 s).
# BUNDLE_PARTS=paired,curve picks what runs (default both).
set -eu
HERE=$(cd "$(dirname "$0")" && pwd)
PATH="$HERE/bin:$PATH"
export PATH
OUT=${OUT:-$HERE/out}
mkdir -p "$OUT"
CPUS=$(nproc)
if [ "$CPUS" -ge 8 ]; then
  : "${BENCH_SERVER_CORE:=2}" "${BENCH_LOAD_CORES:=4-$((CPUS - 1))}" "${BENCH_SERVER_CORES:=2-$((CPUS - 1))}"
else
  : "${BENCH_SERVER_CORE:=0}" "${BENCH_LOAD_CORES:=$((CPUS - 1))}" "${BENCH_SERVER_CORES:=0-$((CPUS - 1))}"
fi
export BENCH_SERVER_CORE BENCH_LOAD_CORES BENCH_SERVER_CORES
: "${BENCH_ROUNDS:=4}" "${BENCH_DURATION:=3}" "${BENCH_WARMUP:=1}" "${BUNDLE_PARTS:=paired,curve}"
export BENCH_ROUNDS BENCH_DURATION BENCH_WARMUP
{
  echo "node $(node -v), $CPUS cores, $(uname -r), $(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2)"
  echo "load average: $(cat /proc/loadavg); server core $BENCH_SERVER_CORE, load cores $BENCH_LOAD_CORES, curve cores $BENCH_SERVER_CORES"
  echo "commit $(cat "$HERE/COMMIT")"
} | tee "$OUT/environment.txt"
cd "$HERE/bench"
case ",$BUNDLE_PARTS," in *,paired,*)
  # The stacks whose packages the bundle carries; the load generator is lib/raw-load.js unless
  # autocannon was installed when the bundle was made.
  BENCH_PAIRED=1 BENCH_NO_REPORT=1 BENCH_STACKS="${BENCH_STACKS:-trellis-express,trellis-fastify,fastify-same-headers,node-http,trellis-express-observed,trellis-fastify-observed,trellis-express-traced,trellis-fastify-traced,node-http-traced}" \
    node run.js 2>&1 | tee "$OUT/paired.log"
  cp results/trial.json "$OUT/paired.json"
  node summarise-paired.js results/trial.json | tee "$OUT/paired.md"
esac
case ",$BUNDLE_PARTS," in *,curve,*)
  node cluster-curve.js 2>&1 | tee "$OUT/curve.log"
  cp results/cluster-curve.json results/cluster-curve.md "$OUT/"
esac
echo "results in $OUT"
