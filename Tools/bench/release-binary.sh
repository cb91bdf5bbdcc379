# Sourced by the service benches: `release_binary BIN` prints BIN when given (it must be executable),
# else builds the release `indoornav` and prints its path. Exits 1 with a message otherwise.
release_binary() {
  local bin=${1:-}
  if [ -z "$bin" ]; then
    swift build -c release --product indoornav 2>&1 | grep -E "error|Build" | tail -n 3 >&2
    bin=$(swift build -c release --show-bin-path)/indoornav
  fi
  [ -x "$bin" ] || { echo "--binary: $bin is not an executable" >&2; exit 1; }
  printf '%s\n' "$bin"
}

# `run_python_bench SCRIPT ARGS…`: the one front end of the Python service benches. Takes
# `--binary BIN` out of ARGS (building the release `indoornav` without it), prints the machine's
# cores and load, and runs `Tools/bench/SCRIPT --binary BIN` with the other ARGS: the script's own
# options (its argparse checks them), then after `--` the arguments of `indoornav serve`.
run_python_bench() {
  local script=$1 bin="" args=() serve=()
  shift
  while [ $# -gt 0 ]; do
    case "$1" in
      --binary) bin=$2; shift 2 ;;
      --) shift; serve=("$@"); break ;;
      *) args+=("$1"); shift ;;
    esac
  done
  bin=$(release_binary "$bin")
  echo "$(nproc) cores, load average $(cut -d' ' -f1-3 /proc/loadavg); serve ${serve[*]}"
  exec python3 "Tools/bench/$script" --binary "$bin" "${args[@]}" -- "${serve[@]}"
}
