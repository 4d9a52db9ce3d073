// libyuv: SIMD colour conversion and scaling for the video path (docs/ARCHITECTURE.md).
// Debian ships no pkg-config file for it; the headers are plain C in C mode.
#include <libyuv.h>

// The conversion constants for a colour matrix and range, as a pointer Swift
// can keep (Swift may not keep the address of an imported C constant).
enum { REEL_YUV_BT601 = 0, REEL_YUV_BT709 = 1, REEL_YUV_BT2020 = 2 };
static inline const struct YuvConstants *reel_yuv_constants(int matrix, int full_range) {
    switch (matrix) {
    case REEL_YUV_BT709: return full_range ? &kYuvF709Constants : &kYuvH709Constants;
    case REEL_YUV_BT2020: return full_range ? &kYuvV2020Constants : &kYuv2020Constants;
    default: return full_range ? &kYuvJPEGConstants : &kYuvI601Constants;
    }
}
