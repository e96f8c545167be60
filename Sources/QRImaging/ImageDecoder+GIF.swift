internal import CGIF

extension ImageDecoder {
    /// Decodes the first frame of a GIF (87a or 89a) with giflib's low-level reader, to grey at the frame's own
    /// size: the frame's local colour table or else the global one, interlaced rows put in place, the
    /// transparent colour of a graphics control extension composited on white. A pixel whose index lies past
    /// the colour table is black (as browsers show it). The frame's size passes the pixel limit, and a bound of
    /// what the file's length can hold (`gifPixelsPerByte`), before its one buffer (the grey result) is made; a file that ends before the frame's last row is corrupt.
    static func decodeGIF(
        _ bytes: [UInt8], pixelLimit: Int, admit: ImageAdmission? = nil
    ) throws(ImagingError) -> GrayImage {
        try withMemorySource(bytes, { qrauth_gif_source(data: $0.baseAddress, size: $0.count, position: 0) }) {
            (pointer, fileSize) throws(ImagingError) -> GrayImage in
            var error: Int32 = 0
            guard let gif = qrauth_gif_open(pointer, &error) else {
                throw ImagingError(.corrupt, "corrupt GIF: \(describeGIF(error)) in the header")
            }
            defer { _ = DGifCloseFile(gif, &error) }
            return try firstGIFFrame(gif, fileSize: fileSize, pixelLimit: pixelLimit, admit: admit)
        }
    }

    /// Reads records up to the first image, remembering a graphics control extension's transparent colour.
    private static func firstGIFFrame(
        _ gif: UnsafeMutablePointer<GifFileType>, fileSize: Int, pixelLimit: Int, admit: ImageAdmission?
    ) throws(ImagingError) -> GrayImage {
        var transparent: Int?
        // Every record consumes at least one byte of the file.
        for _ in 0...fileSize {
            var type = UNDEFINED_RECORD_TYPE
            guard DGifGetRecordType(gif, &type) == GIF_OK else {
                throw ImagingError(.corrupt, "corrupt GIF: \(describeGIF(gif.pointee.Error)) before the first frame")
            }
            switch type {
            case EXTENSION_RECORD_TYPE:
                transparent = try readGIFExtension(gif) ?? transparent
            case IMAGE_DESC_RECORD_TYPE:
                return try readGIFImage(
                    gif, transparent: transparent, fileSize: fileSize, pixelLimit: pixelLimit, admit: admit)
            case TERMINATE_RECORD_TYPE:
                throw ImagingError(.corrupt, "corrupt GIF: the file ends without a frame")
            default:
                throw ImagingError(.corrupt, "corrupt GIF: an unknown record before the first frame")
            }
        }
        throw ImagingError(.corrupt, "corrupt GIF: no frame in the file")
    }

    /// Skips an extension's blocks; returns the transparent colour index a graphics control extension sets.
    private static func readGIFExtension(_ gif: UnsafeMutablePointer<GifFileType>) throws(ImagingError) -> Int? {
        var code: Int32 = 0
        var block: UnsafeMutablePointer<GifByteType>?
        guard DGifGetExtension(gif, &code, &block) == GIF_OK else {
            throw ImagingError(.corrupt, "corrupt GIF: \(describeGIF(gif.pointee.Error)) in an extension")
        }
        var transparent: Int?
        // The first block's byte 0 is its length; a graphics control block is 4 bytes: flags, delay (2), index.
        if code == GRAPHICS_EXT_FUNC_CODE, let block, block[0] >= 4, block[1] & 1 == 1 {
            transparent = Int(block[4])
        }
        while block != nil {
            guard DGifGetExtensionNext(gif, &block) == GIF_OK else {
                throw ImagingError(.corrupt, "corrupt GIF: \(describeGIF(gif.pointee.Error)) in an extension")
            }
        }
        return transparent
    }

    /// The most pixels one byte of LZW data can give: a code of w bits stands for at most 2^w pixels (each table
    /// entry is an earlier one plus a pixel, and the table has 2^w entries at width w), and 4096 / 12 bits is the
    /// best ratio, at the 12-bit maximum width. A frame that claims more pixels than its file could hold is
    /// corrupt, and is refused before its buffer is made: a 100-byte file cannot make the decoder allocate
    /// hundreds of megabytes only to run out of data.
    static let gifPixelsPerByte = 4096 * 8 / 12 + 1

    private static func readGIFImage(
        _ gif: UnsafeMutablePointer<GifFileType>, transparent: Int?, fileSize: Int, pixelLimit: Int,
        admit: ImageAdmission?
    ) throws(ImagingError) -> GrayImage {
        guard DGifGetImageDesc(gif) == GIF_OK else {
            throw ImagingError(.corrupt, "corrupt GIF: \(describeGIF(gif.pointee.Error)) in the frame header")
        }
        let frame = gif.pointee.Image
        let width = Int(frame.Width)
        let height = Int(frame.Height)
        guard let map = frame.ColorMap ?? gif.pointee.SColorMap, map.pointee.ColorCount > 0 else {
            throw ImagingError(.corrupt, "corrupt GIF: the frame has no colour table")
        }
        try checkDimensions(
            width: width, height: height, pixelLimit: pixelLimit, format: "GIF", bytesPerPixel: 1, admit: nil)
        // Past checkDimensions, width × height does not overflow (and GIF sizes are 16-bit).
        guard width * height <= fileSize * gifPixelsPerByte + 4096 else {
            throw ImagingError(
                .corrupt,
                "corrupt GIF: the frame claims \(width) × \(height) pixels, more than a \(fileSize)-byte file can hold")
        }
        try admit?(ImageAllocation(width: width, height: height, bytes: width * height))
        var palette = [UInt8](repeating: 0, count: 256)
        for index in 0..<min(Int(map.pointee.ColorCount), 256) {
            let colour = map.pointee.Colors[index]
            palette[index] = luma(colour.Red, colour.Green, colour.Blue)
        }
        if let transparent { palette[transparent] = 255 }
        // Interlaced frames store rows 0, 8, 16, …, then 4, 12, …, then 2, 6, …, then 1, 3, ….
        let order: [Int] =
            frame.Interlace
            ? [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in Array(stride(from: start, to: height, by: step))
            }
            : Array(0..<height)
        var gray = [UInt8](repeating: 255, count: width * height)
        var line = [GifPixelType](repeating: 0, count: width)
        for row in order {
            let status = line.withUnsafeMutableBufferPointer { DGifGetLine(gif, $0.baseAddress, Int32(width)) }
            guard status == GIF_OK else {
                throw ImagingError(
                    .corrupt, "corrupt GIF: \(describeGIF(gif.pointee.Error)) in the frame's pixels (truncated?)")
            }
            let target = row * width
            for column in 0..<width { gray[target + column] = palette[Int(line[column])] }
        }
        return GrayImage(width: width, height: height, pixels: gray)
    }

    private static func describeGIF(_ error: Int32) -> String {
        guard let text = GifErrorString(error) else { return "giflib error \(error)" }
        return String(cString: text).lowercased()
    }
}
