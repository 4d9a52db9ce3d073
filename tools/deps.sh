# Installs the Debian packages Reel needs, only those missing. Sourced by
# tools/run and tools/test. Needs root (or sudo) the first time.

# Three lists (and a fourth for the benchmarks); tests/packaging/
# test_dependencies.py proves that every GStreamer element, command and
# Python module the code uses comes from a package listed where it is used.

# What Reel needs at run time: the libraries it links (GES for the movie
# maker, whose package holds its nle plugin too), the GStreamer plugins it
# builds pipelines from or that playbin and GES plug for the media it makes
# and streams, the icons and fonts it draws with, a place to keep settings.
REEL_RUNTIME_PACKAGES=(
    libglib2.0-0 libgtk-4-1 libadwaita-1-0 libyuv0 libpango-1.0-0 libpangocairo-1.0-0 libcairo2
    libgstreamer1.0-0 libgstreamer-plugins-base1.0-0 libgstreamer-plugins-bad1.0-0 libges-1.0-0
    gstreamer1.0-plugins-base gstreamer1.0-plugins-good gstreamer1.0-plugins-bad
    gstreamer1.0-plugins-ugly gstreamer1.0-libav gstreamer1.0-x gstreamer1.0-alsa
    dconf-gsettings-backend gsettings-desktop-schemas adwaita-icon-theme librsvg2-common fonts-cantarell fonts-noto-cjk fonts-dejavu-core
    iso-codes
)

# What only building and installing needs: the compilers' helpers, headers,
# and the tools meson's install step runs (schemas, resources, icon cache,
# desktop database) and the packaging checks meson's configure step finds.
REEL_BUILD_PACKAGES=(
    pkg-config meson ninja-build gettext
    libglib2.0-dev libglib2.0-bin libglib2.0-dev-bin
    libgtk-4-dev libadwaita-1-dev libgtk-3-bin
    libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev libgstreamer-plugins-bad1.0-dev libges-1.0-dev
    libyuv-dev libpango1.0-dev libcairo2-dev desktop-file-utils appstream
)

# What only the test suite needs: a headless X server, a D-Bus session and
# the accessibility bus (dbus brings dbus-daemon, which also runs the
# private session bus of Tests/ReelServicesTests), a sound server (a private PulseAudio with a null
# sink, tests/ui/soundserver.py), window managers, a web server with TLS,
# input and screenshot tools, the packaging validators, pytest and the
# GObject bindings on the system Python, GStreamer's command-line tools
# that make the test media, FFmpeg for the one flag GStreamer's muxers
# do not write (a Matroska subtitle track's FlagForced), GL on Mesa's
# software rasteriser (EGL, llvmpipe) for GTK's GL renderer test, and
# pytest-xdist, which runs the UI test files in parallel workers.
REEL_TEST_PACKAGES=(
    xvfb xdotool x11-utils imagemagick file openssl
    libegl1 libegl-mesa0 libgl1-mesa-dri
    dbus dbus-bin at-spi2-core nginx pulseaudio pulseaudio-utils openbox weston
    gstreamer1.0-tools ffmpeg
    python3 python3-pytest python3-pytest-timeout python3-pytest-xdist python3-pyatspi gir1.2-atspi-2.0
    python3-gi gir1.2-gtk-4.0 gir1.2-adw-1 gir1.2-gstreamer-1.0 gir1.2-gst-plugins-base-1.0
)

# What the benchmarks in bench/ compare Reel with (each skips a peer that
# is missing): `. tools/deps.sh; reel_install_packages "${REEL_BENCH_PACKAGES[@]}"`.
REEL_BENCH_PACKAGES=(
    mpv ffmpegthumbnailer totem bc heaptrack ffmpeg ges1.0-tools time
)

reel_missing_packages() {
    local package
    for package in "$@"; do
        dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || echo "$package"
    done
}

reel_install_packages() {
    local missing
    missing=$(reel_missing_packages "$@")
    if [ -z "$missing" ]; then
        echo "==> All required Debian packages are installed."
        return 0
    fi
    local sudo=""
    if [ "$(id -u)" != 0 ]; then
        if command -v sudo >/dev/null; then
            sudo="sudo"
        else
            echo "error: these Debian packages are missing and installing them needs root:" $missing >&2
            return 1
        fi
    fi
    echo "==> Installing missing Debian packages:" $missing
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get update -q
    # shellcheck disable=SC2086
    $sudo env DEBIAN_FRONTEND=noninteractive apt-get install -y -q --no-install-recommends $missing
}

reel_require_swift() {
    if ! command -v swift >/dev/null && [ -x /opt/swift/usr/bin/swift ]; then
        export PATH="/opt/swift/usr/bin:$PATH"
    fi
    if ! command -v swift >/dev/null; then
        echo "error: the Swift toolchain is not on PATH (expected at /opt/swift/usr/bin)." >&2
        return 1
    fi
}
