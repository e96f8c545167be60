/// What a decoder is about to allocate for one image: reported after the header passed the pixel
/// limit and before the pixel buffers exist, so a caller can refuse or wait for memory.
public struct ImageAllocation: Sendable, Equatable {
    /// Width in pixels, from the header.
    public var width: Int
    /// Height in pixels, from the header.
    public var height: Int
    /// The decoder's peak over all its pixel buffers, in bytes: an RGBA WebP holds 4 bytes a pixel
    /// and then the 1-byte grey result, so 5 × width × height.
    public var bytes: Int

    /// Makes an allocation report.
    public init(width: Int, height: Int, bytes: Int) {
        self.width = width
        self.height = height
        self.bytes = bytes
    }
}

/// Told what a decoder will allocate, before it does; throws to refuse the image.
public typealias ImageAdmission = @Sendable (ImageAllocation) throws(ImagingError) -> Void
