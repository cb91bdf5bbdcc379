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
