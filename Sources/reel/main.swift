import CShims
import Foundation
import ReelMedia
import ReelUI

// Two malloc arenas instead of glibc's default of eight per core: every
// clip the preview strip plays starts new GStreamer streaming threads, and
// with many arenas each keeps the memory its threads freed, so the strip's
// memory grew for hundreds of loops before it levelled off (bench/RESULTS.md,
// "Memory over 1,000 loops"). Set before any thread starts.
reel_limit_malloc_arenas(2)
// The process that probes and thumbnails the feed's videos (MediaWorker).
if CommandLine.arguments.dropFirst().first == MediaWorker.argument { exit(MediaWorkerService.run()) }
exit(ReelApplication().run())
