import CGLib
import CGst
import CYuv
import ReelCore

/// Turns a decoded YUV buffer into a BGRA frame at a chosen size with libyuv's
/// SIMD routines: scale the YUV planes first (half the bytes of BGRA), then
/// convert the smaller picture. GStreamer's videoconvert costs about twice the
/// decoding at 1080p on this class of machine; this is an order of magnitude
/// cheaper (bench/RESULTS.md). Used from one streaming thread at a time.
final class FrameConverter {
    /// The formats the sink accepts, so decoders' output needs no videoconvert.
    static let inputFormats = ["I420", "YV12", "NV12", "YUY2", "BGRx", "BGRA"]

    private let pool = FramePool()
    /// Scratch planes for the scaled YUV picture, reused frame to frame.
    private var scratch: UnsafeMutableRawPointer?
    private var scratchSize = 0
    private var rotated: UnsafeMutableRawPointer?
    private var rotatedSize = 0

    deinit {
        scratch?.deallocate()
        rotated?.deallocate()
    }

    /// Converts `sample` so that, after `rotation` (0, 90, 180 or 270
    /// degrees clockwise), it covers `drawn` device pixels (nil: source size),
    /// scaling up too with `upscale`. `mirror` flips it left to right (a
    /// webcam's preview, like a mirror); not combined with a rotation.
    /// `visible`: only that part of the picture is scaled and converted
    /// (upright, unmirrored pictures; the frame says which part it holds).
    func convert(_ sample: OpaquePointer, drawn: ConversionSize?, upscale: Bool = false, rotation: Int,
                 mirror: Bool = false, visible: PictureCrop = .whole) -> VideoFrame? {
        guard let caps = gst_sample_get_caps(sample), let buffer = gst_sample_get_buffer(sample) else { return nil }
        var info = GstVideoInfo()
        guard gst_video_info_from_caps(&info, caps) != 0 else { return nil }
        var frame = GstVideoFrame()
        guard gst_video_frame_map(&frame, &info, buffer, GST_MAP_READ) != 0 else { return nil }
        defer { gst_video_frame_unmap(&frame) }

        let sourceWidth = Int(info.width), sourceHeight = Int(info.height)
        let parN = max(Int(info.par_n), 1), parD = max(Int(info.par_d), 1)
        var displayWidth = sourceWidth * parN / parD, displayHeight = sourceHeight
        let quarterTurn = rotation == 90 || rotation == 270
        if quarterTurn { swap(&displayWidth, &displayHeight) }

        // The drawn size in source pixels (undo rotation and pixel aspect).
        var wanted: ConversionSize?
        if let drawn {
            let upright = quarterTurn ? ConversionSize(width: drawn.height, height: drawn.width) : drawn
            wanted = ConversionSize(width: upright.width * parD / parN, height: upright.height)
        }
        let target = ConversionSize.target(source: ConversionSize(width: sourceWidth, height: sourceHeight),
                                           drawn: wanted, upscale: upscale)
        // Only the rows and columns that show, at the same scale.
        let region = rotation == 0 && !mirror ? visible.sourceRect(width: sourceWidth, height: sourceHeight)
            : (x: 0, y: 0, width: sourceWidth, height: sourceHeight, crop: PictureCrop.whole)
        func part(_ size: Int, _ of: Int, _ whole: Int) -> Int { max(2, Int((Double(size) * Double(of) / Double(whole) / 2).rounded()) * 2) }
        let width = region.crop.isWhole ? target.width : min(target.width, part(target.width, region.width, sourceWidth))
        let height = region.crop.isWhole ? target.height : min(target.height, part(target.height, region.height, sourceHeight))
        let stride = width * 4
        let (bytes, memory) = pool.bytes(size: stride * height)
        let out = memory.assumingMemoryBound(to: UInt8.self)
        let flip = mirror && rotation == 0
        let destination = quarterTurn || rotation == 180 || flip ? rotationBuffer(stride * height) : out

        let ok = withUnsafePointer(to: &frame.data) { planes -> Bool in
            planes.withMemoryRebound(to: UnsafeMutableRawPointer?.self, capacity: 4) { plane in
                withUnsafePointer(to: &frame.info.stride) { strides -> Bool in
                    strides.withMemoryRebound(to: Int32.self, capacity: 4) { stride32 in
                        let format = frame.info.finfo.pointee.format
                        let origin = FrameConverter.planes(plane, stride: stride32, format: format, x: region.x, y: region.y)
                        return convertPlanes(format: format, plane: origin, stride: stride32,
                                      sourceWidth: region.width, sourceHeight: region.height,
                                      matrix: matrix(info.colorimetry),
                                      into: destination, width: width, height: height)
                    }
                }
            }
        }
        guard ok else { g_bytes_unref(bytes); return nil }

        var outWidth = width, outHeight = height
        if flip {
            ARGBMirror(destination, Int32(stride), out, Int32(stride), Int32(width), Int32(height))
        } else if destination != out {
            let mode: RotationMode = rotation == 90 ? kRotate90 : rotation == 180 ? kRotate180 : kRotate270
            if quarterTurn { swap(&outWidth, &outHeight) }
            ARGBRotate(destination, Int32(stride), out, Int32(outWidth * 4), Int32(width), Int32(height), mode)
        }
        let pts = buffer.pointee.pts
        return VideoFrame(bytes: bytes, width: outWidth, height: outHeight, stride: outWidth * 4,
                          pts: pts == GstClockTime.max ? nil : UInt64(pts),
                          displayWidth: displayWidth, displayHeight: displayHeight, crop: region.crop)
    }

    private func convertPlanes(format: GstVideoFormat, plane: UnsafePointer<UnsafeMutableRawPointer?>,
                               stride: UnsafePointer<Int32>, sourceWidth: Int, sourceHeight: Int,
                               matrix: UnsafePointer<YuvConstants>,
                               into out: UnsafeMutablePointer<UInt8>, width: Int, height: Int) -> Bool {
        func bytes(_ i: Int) -> UnsafeMutablePointer<UInt8> { plane[i]!.assumingMemoryBound(to: UInt8.self) }
        let scaled = width != sourceWidth || height != sourceHeight
        let w = Int32(width), h = Int32(height), outStride = Int32(width * 4)
        switch format {
        case GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_YV12:
            // YV12 is I420 with the chroma planes swapped.
            let (u, v) = format == GST_VIDEO_FORMAT_I420 ? (1, 2) : (2, 1)
            var y = bytes(0), uPlane = bytes(u), vPlane = bytes(v)
            var yStride = stride[0], uStride = stride[u], vStride = stride[v]
            if scaled {
                let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
                let base = scratchBuffer(width * height + 2 * chromaWidth * chromaHeight).assumingMemoryBound(to: UInt8.self)
                let su = base + width * height, sv = su + chromaWidth * chromaHeight
                I420Scale(y, yStride, uPlane, uStride, vPlane, vStride, Int32(sourceWidth), Int32(sourceHeight),
                          base, w, su, Int32(chromaWidth), sv, Int32(chromaWidth), w, h, kFilterBilinear)
                y = base; uPlane = su; vPlane = sv
                yStride = w; uStride = Int32(chromaWidth); vStride = Int32(chromaWidth)
            }
            return I420ToARGBMatrix(y, yStride, uPlane, uStride, vPlane, vStride, out, outStride, matrix, w, h) == 0
        case GST_VIDEO_FORMAT_NV12:
            var y = bytes(0), uv = bytes(1)
            var yStride = stride[0], uvStride = stride[1]
            if scaled {
                let chromaWidth = (width + 1) / 2, chromaHeight = (height + 1) / 2
                let base = scratchBuffer(width * height + 2 * chromaWidth * chromaHeight).assumingMemoryBound(to: UInt8.self)
                let suv = base + width * height
                NV12Scale(y, yStride, uv, uvStride, Int32(sourceWidth), Int32(sourceHeight),
                          base, w, suv, Int32(chromaWidth * 2), w, h, kFilterBilinear)
                y = base; uv = suv
                yStride = w; uvStride = Int32(chromaWidth * 2)
            }
            return NV12ToARGBMatrix(y, yStride, uv, uvStride, out, outStride, matrix, w, h) == 0
        case GST_VIDEO_FORMAT_YUY2:
            // Webcams' raw format. libyuv converts it with BT.601 only, which
            // is what webcams use; scaling, if any, follows in BGRA.
            guard scaled else { return YUY2ToARGB(bytes(0), stride[0], out, outStride, w, h) == 0 }
            let full = scratchBuffer(sourceWidth * sourceHeight * 4).assumingMemoryBound(to: UInt8.self)
            guard YUY2ToARGB(bytes(0), stride[0], full, Int32(sourceWidth * 4), Int32(sourceWidth), Int32(sourceHeight)) == 0
            else { return false }
            return ARGBScale(full, Int32(sourceWidth * 4), Int32(sourceWidth), Int32(sourceHeight),
                             out, outStride, w, h, kFilterBilinear) == 0
        case GST_VIDEO_FORMAT_BGRx, GST_VIDEO_FORMAT_BGRA:
            // Already libyuv's "ARGB" byte order; make it opaque for GTK.
            guard ARGBScale(bytes(0), stride[0], Int32(sourceWidth), Int32(sourceHeight),
                            out, outStride, w, h, kFilterBilinear) == 0 else { return false }
            fillAlpha(out, width: width, height: height)
            return true
        default:
            return false
        }
    }

    /// The planes' addresses at pixel (x, y) (both even): chroma planes are
    /// subsampled, packed formats have several bytes a pixel.
    private static func planes(_ plane: UnsafePointer<UnsafeMutableRawPointer?>, stride: UnsafePointer<Int32>,
                               format: GstVideoFormat, x: Int, y: Int) -> [UnsafeMutableRawPointer?] {
        guard x != 0 || y != 0 else { return (0..<4).map { plane[$0] } }
        func at(_ i: Int, row: Int, byte: Int) -> UnsafeMutableRawPointer? { plane[i].map { $0 + row * Int(stride[i]) + byte } }
        switch format {
        case GST_VIDEO_FORMAT_I420, GST_VIDEO_FORMAT_YV12:
            return [at(0, row: y, byte: x), at(1, row: y / 2, byte: x / 2), at(2, row: y / 2, byte: x / 2), nil]
        case GST_VIDEO_FORMAT_NV12:
            return [at(0, row: y, byte: x), at(1, row: y / 2, byte: x), nil, nil]
        case GST_VIDEO_FORMAT_YUY2:
            return [at(0, row: y, byte: x * 2), nil, nil, nil]
        default:
            return [at(0, row: y, byte: x * 4), nil, nil, nil]
        }
    }

    /// Sets every alpha byte to 255 (a BGRx source leaves it undefined).
    private func fillAlpha(_ out: UnsafeMutablePointer<UInt8>, width: Int, height: Int) {
        var i = 3
        let end = width * height * 4
        while i < end { out[i] = 255; i += 4 }
    }

    /// libyuv's constants for the stream's matrix and range (HD is BT.709,
    /// SD BT.601; "full range" is the JPEG flavour).
    private func matrix(_ colorimetry: GstVideoColorimetry) -> UnsafePointer<YuvConstants> {
        let full: Int32 = colorimetry.range == GST_VIDEO_COLOR_RANGE_0_255 ? 1 : 0
        switch colorimetry.matrix {
        case GST_VIDEO_COLOR_MATRIX_BT709: return reel_yuv_constants(Int32(REEL_YUV_BT709), full)
        case GST_VIDEO_COLOR_MATRIX_BT2020: return reel_yuv_constants(Int32(REEL_YUV_BT2020), full)
        default: return reel_yuv_constants(Int32(REEL_YUV_BT601), full)
        }
    }

    private func scratchBuffer(_ size: Int) -> UnsafeMutableRawPointer {
        if size > scratchSize {
            scratch?.deallocate()
            scratch = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
            scratchSize = size
        }
        return scratch!
    }

    private func rotationBuffer(_ size: Int) -> UnsafeMutablePointer<UInt8> {
        if size > rotatedSize {
            rotated?.deallocate()
            rotated = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 64)
            rotatedSize = size
        }
        return rotated!.assumingMemoryBound(to: UInt8.self)
    }
}
