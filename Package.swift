// swift-tools-version:6.0
// Reel's layers (docs/ARCHITECTURE.md, Layers). Dependencies point one way:
// reel → ReelUI → ReelServices → ReelMedia → GLibKit, and every layer may
// use ReelCore.
import PackageDescription

let package = Package(
    name: "Reel",
    targets: [
        // C libraries through pkg-config. CGtk and CGst include the GLib
        // headers too; Clang merges those declarations, so a GObject pointer
        // from any of them is one Swift type (ReelMediaTests proves it).
        .systemLibrary(name: "CGLib", path: "Sources/CGLib", pkgConfig: "gio-2.0"),
        .systemLibrary(name: "CGtk", path: "Sources/CGtk", pkgConfig: "libadwaita-1"),
        .systemLibrary(name: "CGst", path: "Sources/CGst", pkgConfig: "gstreamer-pbutils-1.0"),
        // GStreamer Editing Services, for the movie maker's timeline.
        // libyuv has no pkg-config file in Debian; its headers are in /usr/include.
        .systemLibrary(name: "CYuv", path: "Sources/CYuv"),
        .systemLibrary(name: "CPixbuf", path: "Sources/CPixbuf", pkgConfig: "gdk-pixbuf-2.0"),
        // Pango and cairo, for the words the movie maker draws over a movie.
        .systemLibrary(name: "CPango", path: "Sources/CPango", pkgConfig: "pangocairo"),
        // Camera controls through the kernel's V4L2 interface (no library).
        .systemLibrary(name: "CV4L2", path: "Sources/CV4L2"),
        .target(name: "CShims", dependencies: ["CGLib"]),
        // The movie maker's speed effect, a GStreamer element in C (a
        // GObject subclass is plain C's job; Swift would only wrap it).
        .target(name: "CReelSpeed", dependencies: ["CGst"]),

        .target(name: "ReelCore"),
        .target(name: "GLibKit", dependencies: ["CGLib", "CShims"]),
        .target(name: "ReelMedia", dependencies: ["ReelCore", "GLibKit", "CGLib", "CGst", "CPixbuf", "CPango", "CYuv", "CV4L2", "CReelSpeed"]),
        // The application's logic without widgets (the feed's controller,
        // MPRIS, the Shell's search): no CGtk, so its tests need no display.
        .target(name: "ReelServices", dependencies: ["ReelCore", "ReelMedia", "GLibKit", "CGLib"]),
        .target(name: "ReelUI", dependencies: ["ReelCore", "ReelMedia", "ReelServices", "GLibKit", "CGLib", "CGtk", "CShims"]),
        .executableTarget(name: "reel", dependencies: ["ReelUI", "ReelMedia", "CShims"]),

        .testTarget(name: "ReelCoreTests", dependencies: ["ReelCore"]),
        .testTarget(name: "GLibKitTests", dependencies: ["GLibKit", "CGLib"]),
        .testTarget(name: "ReelServicesTests", dependencies: ["ReelServices", "ReelCore", "ReelMedia", "GLibKit", "CGLib"]),
        .testTarget(name: "ReelMediaTests", dependencies: ["ReelMedia", "ReelCore", "GLibKit", "CGLib", "CGst", "CPixbuf", "CPango"]),
    ]
)
