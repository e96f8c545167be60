internal import CTurboJPEG

/// Owns a TurboJPEG compressor or decompressor handle and destroys it in `deinit`.
final class TurboJPEGHandle {
    let handle: tjhandle

    /// Opens a decompressor (`compress == false`) or a compressor.
    init(compress: Bool) throws(ImagingError) {
        guard let handle = compress ? tjInitCompress() : tjInitDecompress() else {
            throw ImagingError(.libraryFailure, "TurboJPEG could not create a handle")
        }
        self.handle = handle
    }

    /// TurboJPEG's message for the last failure on this handle.
    var message: String {
        guard let text = tjGetErrorStr2(handle) else { return "TurboJPEG failed without a message" }
        return String(cString: text)
    }

    /// Whether the last failure was only a warning (the image was still produced).
    var lastFailureIsWarning: Bool { tjGetErrorCode(handle) == Int32(TJERR_WARNING.rawValue) }

    deinit {
        tjDestroy(handle)
    }
}
