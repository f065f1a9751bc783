#!/usr/bin/env bash
# Regenerates the measured figures in docs/performance.md from one run on this machine: each
# section's benchmark runs once and its table replaces the block between
#   <!-- figures:NAME -->  and  <!-- /figures:NAME -->
# The prose around the blocks is kept. Run it on a quiet machine (nothing else building).
#
#   bash benchmarks/performance.sh                 # every section (about 25 minutes on 2 cores)
#   bash benchmarks/performance.sh codec merge     # only these
#   bash benchmarks/performance.sh --smoke         # each benchmark once, tiny (CI), doc untouched
set -euo pipefail
cd "$(dirname "$0")/.."

DOC=docs/performance.md
OUT=target/performance
SMOKE=false
SECTIONS=()
for a in "$@"; do
  case "$a" in
    --smoke) SMOKE=true ;;
    *) SECTIONS+=("$a") ;;
  esac
done
ALL=(codec processor hbase-write merge embedded-scale engines import)
[ ${#SECTIONS[@]} -eq 0 ] && SECTIONS=("${ALL[@]}")
mkdir -p "$OUT"

echo "== building the benchmarks (nothing is installed)"
mvn -B -q -pl benchmarks -am package -DskipTests
CP="benchmarks/target/classes:$(cat benchmarks/target/benchmark.classpath)"
fenced() { echo '```text'; cat; echo '```'; }

# --- one function per section; each writes $OUT/<section>.md
section_codec() {
  local opts=(-Dwidekey.bench.rounds=5 -Dwidekey.bench.warmups=3 -Dwidekey.bench.iterations=5
    -Dwidekey.bench.seconds=0.5)
  $SMOKE && opts=(-Dwidekey.bench.smoke=true)
  # JMH prints its progress on the same stream: the report starts at its own first line
  java "${opts[@]}" -cp "$CP" dev.widekey.benchmarks.codec.KeyBenchmarkReport \
    | sed -n '/^Key benchmarks:/,$p' > "$OUT/codec.md"
}
section_processor() {
  local opts=(-Dwidekey.bench.rounds=8 -Dwidekey.bench.warmup=2)
  $SMOKE && opts=(-Dwidekey.bench.rounds=1 -Dwidekey.bench.warmup=0 -Dwidekey.bench.entities=5)
  mvn -B -q -pl processor -am test -Dtest=ProcessorBenchmark -Dsurefire.failIfNoSpecifiedTests=false \
    -Dwidekey.bench=true "${opts[@]}"
  cp processor/target/benchmarks/processor.md "$OUT/processor.md"
}
section_merge() {
  local args=(--rows=400000 --runs=7 --jvms=10)
  $SMOKE && args=(--rows=2000 --runs=1 --jvms=1)
  java -cp "$CP" dev.widekey.benchmarks.MergeBenchmark "${args[@]}" | fenced > "$OUT/merge.md"
}
section_embedded_scale() {
  local args=(--rows=1000000)
  $SMOKE && args=(--rows=2000)
  java -Xmx1g -cp "$CP" dev.widekey.benchmarks.EmbeddedScaleBenchmark "${args[@]}" \
    > "$OUT/embedded-scale.md"
}
section_engines() {
  local args=(--rows=1000000)
  $SMOKE && args=(--rows=2000 --gets=1000)
  java -Xmx1g -cp "$CP" dev.widekey.runtime.store.embedded.EngineComparisonBenchmark "${args[@]}" \
    > "$OUT/engines.md"
}
section_import() {
  local args=(--rows=100000)
  $SMOKE && args=(--rows=2000)
  java -cp "$CP" dev.widekey.benchmarks.ImportBenchmark "${args[@]}" | fenced > "$OUT/import.md"
}
section_hbase_write() {
  local rows=20000 rounds=5
  $SMOKE && rows=400 rounds=1
  mvn -B -q -pl store-hbase -am verify -Dwidekey.bench=true -Dtest=HBaseWriteBenchmark \
    -Dsurefire.failIfNoSpecifiedTests=false -Dwidekey.bench.contenders=store \
    -Dwidekey.bench.rows=$rows -Dwidekey.bench.rounds=$rounds
  cp store-hbase/target/benchmarks/hbase-write.md "$OUT/hbase-write.md"
}

machine() {
  printf '| | |\n|---|---|\n'
  printf '| date | %s |\n' "$(date -u '+%Y-%m-%d %H:%M UTC')"
  printf '| commit | %s |\n' "$(git rev-parse --short HEAD 2>/dev/null || echo unknown)"
  printf '| JDK | %s |\n' "$(java -version 2>&1 | head -1)"
  printf '| CPU | %s, %s cores |\n' \
    "$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | xargs)" "$(nproc)"
  printf '| memory | %s |\n' "$(free -g | awk '/Mem:/ {print $2 " GiB"}')"
  printf '| load average before / after | %s / %s |\n' "$LOAD_BEFORE" "$(cut -d' ' -f1-3 /proc/loadavg)"
}

# replace the block NAME in the document by the file's contents
replace() {
  local name=$1 file=$2 tmp
  tmp=$(mktemp)
  awk -v name="$name" -v file="$file" '
    $0 == "<!-- figures:" name " -->" { print; while ((getline line < file) > 0) print line; skip = 1; next }
    $0 == "<!-- /figures:" name " -->" { skip = 0 }
    !skip { print }
  ' "$DOC" > "$tmp"
  grep -q "<!-- figures:$name -->" "$DOC" || { echo "no block figures:$name in $DOC" >&2; exit 1; }
  mv "$tmp" "$DOC"
}

LOAD_BEFORE=$(cut -d' ' -f1-3 /proc/loadavg)
for s in "${SECTIONS[@]}"; do
  echo "== $s"
  "section_${s//-/_}"
done
$SMOKE && { echo "smoke run done; $DOC untouched"; exit 0; }
machine > "$OUT/machine.md"
replace machine "$OUT/machine.md"
for s in "${SECTIONS[@]}"; do
  replace "$s" "$OUT/$s.md"
done
echo "== $DOC updated: ${SECTIONS[*]}"
