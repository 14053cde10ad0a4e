#!/usr/bin/env bash
# Builds the project's Dockerfile with podman on a machine with no container registry,
# from nothing but Debian's packages and the local Swift toolchain (/opt/swift).
#
#   scripts/image.sh               make the base images when missing, build mirror-bot:latest,
#                                  print its size and the build time
#   scripts/image.sh --bases       only make the base images (when missing)
#
# The two base images the Dockerfile names are made locally, under those names, so the
# Dockerfile is the one a Docker host builds unchanged:
#   docker.io/library/debian:bookworm-slim  `mmdebstrap --variant=minbase bookworm` with the
#       dpkg excludes Debian's official slim images carry (no docs, man pages or locales) and their PATH;
#   docker.io/library/swift:6.3-bookworm    A STAND-IN for Swift's official image: the same
#       minbase plus the packages Swift's Debian images install, and a copy of the local
#       toolchain (/opt/swift, with PATH set to it). Labelled org.mirror-bot.stand-in=true.
# Neither is pulled from anywhere; delete them (podman rmi) to make them again.
#
# Environment: IMAGE (default mirror-bot:latest), MIRROR_BOT_PODMAN_DIR (containers.conf and
# scratch files, default /var/tmp/mirror-bot-podman), DEBIAN_MIRROR (default deb.debian.org).
set -euo pipefail
cd "$(dirname "$0")/.."
. scripts/podman-env.sh

image="${IMAGE:-mirror-bot:latest}"
slim_image=docker.io/library/debian:bookworm-slim
swift_image=docker.io/library/swift:6.3-bookworm
mirror="${DEBIAN_MIRROR:-http://deb.debian.org}"
sources=(
  "deb $mirror/debian bookworm main"
  "deb $mirror/debian bookworm-updates main"
  "deb $mirror/debian-security bookworm-security main"
)
# What Debian's official slim images leave out (debuerreotype's slimify) and their apt and dpkg
# settings (docker-clean: no package caches or downloaded .debs kept after apt-get; no
# translations; unsafe-io), kept in the image's /etc/dpkg/dpkg.cfg.d/ and /etc/apt/apt.conf.d/,
# so the Dockerfile's own apt-get installs leave them out too. The merged-usr hook merges /usr as
# debootstrap does, without the usrmerge package (and the 50 MB of perl it pulls in), which
# official images do not have either.
merged_usr=--hook-dir=/usr/share/mmdebstrap/hooks/merged-usr
apt_clean='rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true'
slim_apt=(
  --aptopt="DPkg::Post-Invoke { \"$apt_clean\"; }" --aptopt="APT::Update::Post-Invoke { \"$apt_clean\"; }"
  --aptopt='Dir::Cache::pkgcache ""' --aptopt='Dir::Cache::srcpkgcache ""' --aptopt='Acquire::Languages "none"'
)
slim_excludes=(
  --dpkgopt=force-unsafe-io --dpkgopt='path-exclude=/usr/share/doc/*' --dpkgopt='path-include=/usr/share/doc/*/copyright'
  --dpkgopt='path-exclude=/usr/share/man/*' --dpkgopt='path-exclude=/usr/share/groff/*'
  --dpkgopt='path-exclude=/usr/share/info/*' --dpkgopt='path-exclude=/usr/share/lintian/*'
  --dpkgopt='path-exclude=/usr/share/linda/*' --dpkgopt='path-exclude=/usr/share/locale/*'
)
# The packages Swift's official Debian (bookworm) images install besides the toolchain.
swift_packages=binutils,git,gnupg2,libc6-dev,libcurl4-openssl-dev,libedit2,libgcc-12-dev,libpython3-dev,libsqlite3-0,libstdc++-12-dev,libxml2-dev,libncurses-dev,libz3-dev,pkg-config,tzdata,zlib1g-dev,unzip,ca-certificates

make_slim_image() {
  # (One made before the image carried PATH, as the official one does, is made again: `podman kube
  # play` runs containers with the image's environment only.)
  image_exists "$slim_image" && podman image inspect --format '{{.Config.Env}}' "$slim_image" | grep -q 'PATH=' && return 0
  echo "image: making $slim_image from Debian's packages (mmdebstrap --variant=minbase)"
  local started=$SECONDS tar="$podman_state_dir/bookworm-slim.tar"
  mmdebstrap --quiet --variant=minbase "$merged_usr" "${slim_excludes[@]}" "${slim_apt[@]}" bookworm "$tar" "${sources[@]}" \
    </dev/null >"$podman_state_dir/mmdebstrap.log" 2>&1 || { tail -n 20 "$podman_state_dir/mmdebstrap.log" >&2; exit 1; }
  podman import --quiet --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' --change 'CMD ["bash"]' \
    --change 'LABEL org.mirror-bot.stand-in=true' --change 'LABEL org.mirror-bot.made-by=scripts/image.sh' \
    "$tar" "$slim_image" >/dev/null
  rm -f "$tar"
  echo "image: made $slim_image in $((SECONDS - started)) s"
}

make_swift_image() {
  image_exists "$swift_image" && return 0
  [ -x /opt/swift/usr/bin/swift ] || { echo "image: no Swift toolchain at /opt/swift to make $swift_image from" >&2; exit 1; }
  echo "image: making $swift_image, a STAND-IN for Swift's official image: minbase, Swift's packages, /opt/swift ($(/opt/swift/usr/bin/swift --version 2>/dev/null | head -n 1))"
  local started=$SECONDS tar="$podman_state_dir/swift-bookworm.tar"
  mmdebstrap --quiet --variant=minbase --include="$swift_packages" \
    --customize-hook='copy-in /opt/swift /opt' bookworm "$tar" "${sources[@]}" \
    </dev/null >"$podman_state_dir/mmdebstrap.log" 2>&1 || { tail -n 20 "$podman_state_dir/mmdebstrap.log" >&2; exit 1; }
  podman import --quiet --change 'ENV PATH=/opt/swift/usr/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
    --change 'CMD ["bash"]' \
    --change 'LABEL org.mirror-bot.stand-in=true' --change 'LABEL org.mirror-bot.made-by=scripts/image.sh' \
    "$tar" "$swift_image" >/dev/null
  rm -f "$tar"
  echo "image: made $swift_image in $((SECONDS - started)) s"
}

podman_setup
make_slim_image
make_swift_image
[ "${1:-}" = "--bases" ] && exit 0
[ -z "${1:-}" ] || { echo "image: unknown option '$1' (see the comment at the top of $0)" >&2; exit 64; }

# --format docker keeps HEALTHCHECK and STOPSIGNAL (podman's default OCI format drops
# HEALTHCHECK); --pull=never uses the local base images; --network host reaches Debian's
# packages for the Dockerfile's apt-get. Layers are cached between builds.
echo "image: podman build --format docker -t $image ."
started=$SECONDS
podman build --format docker --pull=never --network host --layers -t "$image" . 2>&1 | sed -u 's/^/  /'
[ "${PIPESTATUS[0]}" -eq 0 ] || { echo "image: podman build failed" >&2; exit 1; }
elapsed=$((SECONDS - started))
size="$(podman image inspect --format '{{.Size}}' "$image")"
echo "image: built $image in ${elapsed} s; size $((size / 1000000)) MB ($((size / 1048576)) MiB)"
podman image inspect --format 'image: healthcheck {{.Config.Healthcheck.Test}}, user {{.Config.User}}, cmd {{.Config.Cmd}}' "$image"
