#!/usr/bin/env bash
# The release recipe, in one place: the Debian packages to build with and to
# run with, the static-stdlib release build, and the install layout in dist/.
# The Dockerfile and CI both run this script, so CI proves the image's recipe
# without a Docker engine.
#
#   scripts/build-release.sh                     install missing build packages, build, stage dist/
#   scripts/build-release.sh --build-packages    print the build packages, one a line
#   scripts/build-release.sh --runtime-packages  print the runtime packages, one a line
#   scripts/build-release.sh --dlopened-libraries  print the libraries the binary opens with dlopen, one a line
#   scripts/build-release.sh --check-runtime     list the built binary's shared libraries and those it
#                                                opens with dlopen, and the Debian package of each (what
#                                                the runtime list must cover)
#
# Environment: DIST (default dist), SCRATCH (SwiftPM's build folder, default .build),
# WITH_FAKE_X=1 (default) also builds and stages fake-x, the fake X server for the demo and smoke tests.
#
# dist/ layout (what the runtime image copies to /usr/local):
#   dist/bin/mirror-bot                          static Swift runtime; C libraries shared
#   dist/bin/fake-x
#   dist/share/mirror-bot/migrations/*.sql       found by `mirror-bot migrate` beside the binary
#   dist/share/mirror-bot/migrations/host/*.sql  the registry of `mirror-bot host` and `bot`
set -euo pipefail
cd "$(dirname "$0")/.."

# To compile and link: the C libraries' headers, and libcurl for FoundationNetworking,
# which --static-swift-stdlib links ("cannot find -lcurl" without it). Not libvips: it is
# opened at run time (below) and CVips declares the calls it makes.
build_packages=(
  libpq-dev libhiredis-dev libmecab-dev libcbor-dev libssl-dev libcurl4-openssl-dev libmicrohttpd-dev
)

# Shared libraries the binary opens with dlopen, so `ldd` does not name them: libvips, on the
# first picture re-encoded under Bluesky's byte limit (ImageShrinker.library). --check-runtime
# checks their packages are in the runtime list, and that the binary does not link them.
dlopened_libraries=(libvips.so.42)

# To run: exactly the shared libraries `ldd dist/bin/mirror-bot` names and the ones above
# (see --check-runtime; libcbor reads Bluesky's repository exports, libvips42 re-encodes pictures
# over Bluesky's byte limit), MeCab's dictionary, CA certificates
# for https://api.x.com and the other networks, and the time zone database
# (TIME_ZONE=Asia/Tokyo needs /usr/share/zoneinfo; slim images have none).
runtime_packages=(
  libpq5 libhiredis0.14 libmecab2 libcbor0.8 libmicrohttpd12 libvips42 mecab-ipadic-utf8
  libcurl4 libssl3 ca-certificates tzdata
)

case "${1:-}" in
  --build-packages) printf '%s\n' "${build_packages[@]}"; exit 0 ;;
  --runtime-packages) printf '%s\n' "${runtime_packages[@]}"; exit 0 ;;
  --dlopened-libraries) printf '%s\n' "${dlopened_libraries[@]}"; exit 0 ;;
  --check-runtime | "") ;;
  *) echo "build-release: unknown option '$1' (see the comment at the top of $0)" >&2; exit 64 ;;
esac

dist="${DIST:-dist}"
scratch="${SCRATCH:-.build}"

check_runtime() {
  local binary="$dist/bin/mirror-bot" missing=0 closure
  [ -x "$binary" ] || { echo "build-release: $binary is not built" >&2; return 1; }
  # The runtime packages with everything they depend on (what apt installs in the image),
  # plus what every Debian image has.
  closure=" libc6 libgcc-s1 libstdc++6 zlib1g $(apt-cache depends --recurse --no-recommends --no-suggests \
    --no-conflicts --no-breaks --no-replaces --no-enhances "${runtime_packages[@]}" 2>/dev/null \
    | grep -v '^ ' | sed 's/:.*//' | sort -u | tr '\n' ' ')"
  echo "build-release: shared libraries of $binary (ldd, then dlopen) and their Debian packages:"
  while read -r lib path; do
    local package listed="NOT installed by the runtime packages"
    package="$(dpkg -S "$(readlink -f "$path")" 2>/dev/null | head -n 1 | cut -d: -f1 || true)"
    [ -n "$package" ] || package="$(dpkg -S "$path" 2>/dev/null | head -n 1 | cut -d: -f1 || true)"
    case " ${runtime_packages[*]} " in *" $package "*) listed="listed" ;; *)
      case "$closure" in *" $package "*) listed="a dependency of the list" ;; esac ;;
    esac
    printf '  %-28s %-20s %s\n' "$lib" "${package:-?}" "$listed"
    [ -n "$package" ] && [ "$listed" != "NOT installed by the runtime packages" ] || missing=1
  done < <(ldd "$binary" | awk '$2 == "=>" && $3 ~ /^\// { print $1, $3 } $1 ~ /^\// { print $1, $1 }'
    for lib in "${dlopened_libraries[@]}"; do
      echo "$lib $(/sbin/ldconfig -p | awk -v lib="$lib" '$1 == lib { print $NF; exit }')"
    done)
  for lib in "${dlopened_libraries[@]}"; do
    if ldd "$binary" | grep -q "^[[:space:]]*$lib "; then
      echo "build-release: $binary links $lib, which it should only open when needed (dlopen)" >&2
      missing=1
    fi
  done
  return "$missing"
}

if [ "${1:-}" = "--check-runtime" ]; then
  check_runtime
  exit $?
fi

bash "$(dirname "${BASH_SOURCE[0]}")/install-deps.sh" "${build_packages[@]}"

[ -x /opt/swift/usr/bin/swift ] && export PATH="/opt/swift/usr/bin:$PATH"
command -v swift >/dev/null || { echo "build-release: swift is not on PATH" >&2; exit 1; }

products=(mirror-bot)
[ "${WITH_FAKE_X:-1}" = "1" ] && products+=(fake-x)

started=$SECONDS
for product in "${products[@]}"; do
  echo "build-release: swift build -c release --static-swift-stdlib --product $product"
  swift build -c release --static-swift-stdlib --scratch-path "$scratch" --product "$product"
done
bin_dir="$(swift build -c release --static-swift-stdlib --scratch-path "$scratch" --show-bin-path)"

rm -rf "$dist"
mkdir -p "$dist/bin" "$dist/share/mirror-bot/migrations"
for product in "${products[@]}"; do
  install -m 0755 "$bin_dir/$product" "$dist/bin/$product"
done
strip "$dist/bin/"* 2>/dev/null || true
install -m 0644 migrations/*.sql "$dist/share/mirror-bot/migrations/"
# The registry of `mirror-bot host` (its own folder: the bots' migrations are the .sql files above).
install -d "$dist/share/mirror-bot/migrations/host"
install -m 0644 migrations/host/*.sql "$dist/share/mirror-bot/migrations/host/"

echo "build-release: built in $((SECONDS - started)) s"
du -h "$dist/bin/"* | sed 's/^/build-release: /'
"$dist/bin/mirror-bot" --help >/dev/null
echo "build-release: staged $dist/ (bin/, share/mirror-bot/migrations/)"
