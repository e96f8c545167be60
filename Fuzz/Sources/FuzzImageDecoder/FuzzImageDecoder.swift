import QRImaging

/// libFuzzer entry point: any bytes through `ImageDecoder` (PNG, JPEG + Exif, WebP, BMP, GIF,
/// TIFF, PBM/PGM/PPM).
///
/// Oracle: a decoded image is internally consistent and survives a PNG round trip unchanged.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzImageDecoder(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    _ = ExifOrientation.read(fromJPEG: bytes)
    // A small budget keeps the fuzzer from spending its time allocating huge canvases.
    guard let image = try? ImageDecoder.decode(bytes, pixelLimit: 1 << 20) else { return 0 }
    guard image.width > 0, image.height > 0, image.pixels.count == image.width * image.height else {
        fatalError("decoded image with inconsistent size \(image.width)×\(image.height)")
    }
    guard let png = try? ImageEncoder.png(image), let again = try? ImageDecoder.decode(png), again == image else {
        fatalError("decoded image does not survive a PNG round trip")
    }
    return 0
}
