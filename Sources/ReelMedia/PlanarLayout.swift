import CGst

/// How a three-plane YUV format holds its samples: their size, how much
/// smaller its chroma planes are, and whether V comes before U (YV12).
struct PlanarLayout {
    /// 1 for 8-bit samples, 2 for 10-bit ones stored in 16 bits.
    let sampleBytes: Int
    /// log2 of the chroma subsampling across and down (4:2:0 is 1 and 1).
    let chromaShiftX: Int
    let chromaShiftY: Int
    let swapsChroma: Bool

    /// nil for formats that are not three planes of YUV.
    init?(_ format: GstVideoFormat) {
        switch format {
        case GST_VIDEO_FORMAT_I420: self.init(1, 1, 1)
        case GST_VIDEO_FORMAT_YV12: self.init(1, 1, 1, swapsChroma: true)
        case GST_VIDEO_FORMAT_Y42B: self.init(1, 1, 0)
        case GST_VIDEO_FORMAT_Y444: self.init(1, 0, 0)
        case GST_VIDEO_FORMAT_I420_10LE: self.init(2, 1, 1)
        case GST_VIDEO_FORMAT_I422_10LE: self.init(2, 1, 0)
        case GST_VIDEO_FORMAT_Y444_10LE: self.init(2, 0, 0)
        default: return nil
        }
    }

    private init(_ sampleBytes: Int, _ chromaShiftX: Int, _ chromaShiftY: Int, swapsChroma: Bool = false) {
        self.sampleBytes = sampleBytes
        self.chromaShiftX = chromaShiftX
        self.chromaShiftY = chromaShiftY
        self.swapsChroma = swapsChroma
    }
}
