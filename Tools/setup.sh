#!/usr/bin/env bash
# Installs the system packages IndoorNav builds against (Debian/Ubuntu), when any is missing.
set -euo pipefail
packages=(libgsl-dev libmicrohttpd-dev pkg-config)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""
  [ "$(id -u)" -eq 0 ] || sudo="sudo"
  echo "setup: installing ${missing[*]}" >&2
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}" >/dev/null
fi
command -v swift >/dev/null || { echo "setup: a Swift 6 toolchain must be on PATH (https://swift.org/install)" >&2; exit 1; }
