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
    /// Software decoders give 10-bit video as I420_10LE (HEVC Main 10, VP9
    /// profile 2, AV1), professional cameras 4:2:2 and 4:4:4.
    static let inputFormats = ["I420", "YV12", "NV12", "I420_10LE", "P010_10LE", "Y42B", "I422_10LE",
                               "Y444", "Y444_10LE", "YUY2", "BGRx", "BGRA"]

    /// libyuv's per-channel table (B, G, R, A for each level) that tone
    /// maps PQ video for an SDR screen; alpha stays as it is.
    private static let pqTable: [UInt8] = ToneMap.pqToSDR.enumerated().flatMap { level, mapped in
        [mapped, mapped, mapped, UInt8(level)]
    }

    private let pool = FramePool()
    /// Scratch planes for the scaled YUV picture, reused frame to frame.
    private let scratch = ScratchBuffer()
    /// 10-bit planes brought to 8 bits before scaling.
    private let reduced = ScratchBuffer()
    private let rotated = ScratchBuffer()

    /// Converts `sample` so that, after `rotation` (0, 90, 180 or 270
    /// degrees clockwise), it covers `drawn` device pixels (nil: source size),
    /// scaling up too with `upscale`. `mirror` flips it left to right (a
    /// webcam's preview, like a mirror); not combined with a rotation.
    /// `visible`: only that part of the picture is scaled and converted
    /// (upright, unmirrored pictures; the frame says which part it holds).
    func convert(_ sample: OpaquePointer, drawn: ConversionSize?, upscale: Bool = false, rotation: Int,
                 mirror: Bool = false, visible: PictureCrop = .whole, runningTime: UInt64? = nil) -> VideoFrame? {
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
        if info.colorimetry.transfer == GST_VIDEO_TRANSFER_SMPTE2084 {
            FrameConverter.pqTable.withUnsafeBufferPointer {
                _ = ARGBColorTable(destination, Int32(stride), $0.baseAddress, 0, 0, Int32(width), Int32(height))
            }
        }

        var outWidth = width, outHeight = height
        if flip {
            ARGBMirror(destination, Int32(stride), out, Int32(stride), Int32(width), Int32(height))
        } else if destination != out {
            let mode: RotationMode = rotation == 90 ? kRotate90 : rotation == 180 ? kRotate180 : kRotate270
            if quarterTurn { swap(&outWidth, &outHeight) }
            ARGBRotate(destination, Int32(stride), out, Int32(outWidth * 4), Int32(width), Int32(height), mode)
        }
        let pts = buffer.pointee.pts
        let streamTime = pts == GstClockTime.max ? pts : gst_sample_get_segment(sample).map {
            gst_segment_to_stream_time($0, GST_FORMAT_TIME, pts)
        } ?? pts
        return VideoFrame(bytes: bytes, width: outWidth, height: outHeight, stride: outWidth * 4,
                          pts: pts == GstClockTime.max ? nil : UInt64(pts),
                          streamTime: streamTime == GstClockTime.max ? nil : UInt64(streamTime),
                          runningTime: runningTime,
                          displayWidth: displayWidth, displayHeight: displayHeight, crop: region.crop)
    }

    private func convertPlanes(format: GstVideoFormat, plane: UnsafePointer<UnsafeMutableRawPointer?>,
                               stride: UnsafePointer<Int32>, sourceWidth: Int, sourceHeight: Int,
                               matrix: UnsafePointer<YuvConstants>,
                               into out: UnsafeMutablePointer<UInt8>, width: Int, height: Int) -> Bool {
        func bytes(_ i: Int) -> UnsafeMutablePointer<UInt8> { plane[i]!.assumingMemoryBound(to: UInt8.self) }
        let scaled = width != sourceWidth || height != sourceHeight
        let w = Int32(width), h = Int32(height), outStride = Int32(width * 4)
        if let layout = PlanarLayout(format) {
            return convertPlanar(layout, plane: plane, stride: stride, sourceWidth: sourceWidth, sourceHeight: sourceHeight,
                                 matrix: matrix, into: out, width: width, height: height)
        }
        switch format {
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
        case GST_VIDEO_FORMAT_P010_10LE:
            // Hardware decoders' 10-bit output (samples in the high bits).
            // libyuv's 16-bit UV scaling is incomplete, so scale in BGRA.
            func words(_ i: Int) -> UnsafeMutablePointer<UInt16> { plane[i]!.assumingMemoryBound(to: UInt16.self) }
            let target = scaled ? scratchBuffer(sourceWidth * sourceHeight * 4).assumingMemoryBound(to: UInt8.self) : out
            guard P010ToARGBMatrix(words(0), stride[0] / 2, words(1), stride[1] / 2, target, Int32(sourceWidth * 4),
                                   matrix, Int32(sourceWidth), Int32(sourceHeight)) == 0 else { return false }
            return !scaled || ARGBScale(target, Int32(sourceWidth * 4), Int32(sourceWidth), Int32(sourceHeight),
                                        out, outStride, w, h, kFilterBilinear) == 0
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

    /// Three-plane YUV of any subsampling and depth: scale the planes to the
    /// drawn size, then convert. 10-bit video drawn at its own size goes
    /// straight to BGRA with its full precision.
    private func convertPlanar(_ layout: PlanarLayout, plane: UnsafePointer<UnsafeMutableRawPointer?>,
                               stride: UnsafePointer<Int32>, sourceWidth: Int, sourceHeight: Int,
                               matrix: UnsafePointer<YuvConstants>,
                               into out: UnsafeMutablePointer<UInt8>, width: Int, height: Int) -> Bool {
        let (u, v) = layout.swapsChroma ? (2, 1) : (1, 2)
        // libyuv counts 16-bit planes' strides in samples, GStreamer in bytes.
        var picture = Planes(planes: [plane[0]!, plane[u]!, plane[v]!],
                             strides: [stride[0], stride[u], stride[v]].map { $0 / Int32(layout.sampleBytes) },
                             wide: layout.sampleBytes == 2)
        if width != sourceWidth || height != sourceHeight {
            // libyuv scales 16-bit planes without SIMD (three times the cost
            // of the whole 8-bit path at 1080p → 720p), while it brings them
            // to 8 bits almost for free: reduce first, then scale as 8-bit.
            if picture.wide {
                guard let eight = reduce(picture, layout, width: sourceWidth, height: sourceHeight) else { return false }
                picture = eight
            }
            guard let smaller = scale(picture, layout, from: (sourceWidth, sourceHeight), to: (width, height))
            else { return false }
            picture = smaller
        }
        let p = picture.planes, s = picture.strides, w = Int32(width), h = Int32(height), outStride = Int32(width * 4)
        if picture.wide {
            let p = p.map { $0.assumingMemoryBound(to: UInt16.self) }
            let convert = layout.chromaShiftY == 1 ? I010ToARGBMatrix : layout.chromaShiftX == 1 ? I210ToARGBMatrix : I410ToARGBMatrix
            return convert(p[0], s[0], p[1], s[1], p[2], s[2], out, outStride, matrix, w, h) == 0
        }
        let bytes = p.map { $0.assumingMemoryBound(to: UInt8.self) }
        let convert = layout.chromaShiftY == 1 ? I420ToARGBMatrix : layout.chromaShiftX == 1 ? I422ToARGBMatrix : I444ToARGBMatrix
        return convert(bytes[0], s[0], bytes[1], s[1], bytes[2], s[2], out, outStride, matrix, w, h) == 0
    }

    /// Three planes and their strides (in samples).
    private struct Planes {
        var planes: [UnsafeMutableRawPointer]
        var strides: [Int32]
        /// 16-bit samples.
        var wide: Bool
    }

    /// 8-bit planes laid out one after another in `buffer`, for a picture
    /// of that size and layout.
    private func eightBitPlanes(in buffer: ScratchBuffer, _ layout: PlanarLayout, width: Int, height: Int) -> Planes {
        let chromaWidth = (width + (1 << layout.chromaShiftX) - 1) >> layout.chromaShiftX
        let chromaHeight = (height + (1 << layout.chromaShiftY) - 1) >> layout.chromaShiftY
        let base = buffer.bytes(width * height + 2 * chromaWidth * chromaHeight)
        return Planes(planes: [base, base + width * height, base + width * height + chromaWidth * chromaHeight],
                      strides: [Int32(width), Int32(chromaWidth), Int32(chromaWidth)], wide: false)
    }

    private func reduce(_ picture: Planes, _ layout: PlanarLayout, width: Int, height: Int) -> Planes? {
        let eight = eightBitPlanes(in: reduced, layout, width: width, height: height)
        let s = picture.planes.map { $0.assumingMemoryBound(to: UInt16.self) }, ss = picture.strides
        let d = eight.planes.map { $0.assumingMemoryBound(to: UInt8.self) }, ds = eight.strides
        let reduce = layout.chromaShiftY == 1 ? I010ToI420 : layout.chromaShiftX == 1 ? I210ToI422 : I410ToI444
        return reduce(s[0], ss[0], s[1], ss[1], s[2], ss[2], d[0], ds[0], d[1], ds[1], d[2], ds[2],
                      Int32(width), Int32(height)) == 0 ? eight : nil
    }

    private func scale(_ picture: Planes, _ layout: PlanarLayout, from: (Int, Int), to: (Int, Int)) -> Planes? {
        let scaled = eightBitPlanes(in: scratch, layout, width: to.0, height: to.1)
        let s = picture.planes.map { $0.assumingMemoryBound(to: UInt8.self) }, ss = picture.strides
        let d = scaled.planes.map { $0.assumingMemoryBound(to: UInt8.self) }, ds = scaled.strides
        let scale = layout.chromaShiftY == 1 ? I420Scale : layout.chromaShiftX == 1 ? I422Scale : I444Scale
        return scale(s[0], ss[0], s[1], ss[1], s[2], ss[2], Int32(from.0), Int32(from.1),
                     d[0], ds[0], d[1], ds[1], d[2], ds[2], Int32(to.0), Int32(to.1), kFilterBilinear) == 0 ? scaled : nil
    }

    /// The planes' addresses at pixel (x, y) (both even): chroma planes are
    /// subsampled, packed formats have several bytes a pixel.
    private static func planes(_ plane: UnsafePointer<UnsafeMutableRawPointer?>, stride: UnsafePointer<Int32>,
                               format: GstVideoFormat, x: Int, y: Int) -> [UnsafeMutableRawPointer?] {
        guard x != 0 || y != 0 else { return (0..<4).map { plane[$0] } }
        func at(_ i: Int, row: Int, byte: Int) -> UnsafeMutableRawPointer? { plane[i].map { $0 + row * Int(stride[i]) + byte } }
        if let layout = PlanarLayout(format) {
            let size = layout.sampleBytes, cx = x >> layout.chromaShiftX, cy = y >> layout.chromaShiftY
            return [at(0, row: y, byte: x * size), at(1, row: cy, byte: cx * size), at(2, row: cy, byte: cx * size), nil]
        }
        switch format {
        case GST_VIDEO_FORMAT_NV12:
            return [at(0, row: y, byte: x), at(1, row: y / 2, byte: x), nil, nil]
        case GST_VIDEO_FORMAT_P010_10LE:
            return [at(0, row: y, byte: x * 2), at(1, row: y / 2, byte: x * 2), nil, nil]
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
        scratch.bytes(size)
    }

    private func rotationBuffer(_ size: Int) -> UnsafeMutablePointer<UInt8> {
        rotated.bytes(size).assumingMemoryBound(to: UInt8.self)
    }
}
