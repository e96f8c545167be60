@testable import QRImaging

/// libFuzzer entry point for the direct PNG reader, differential against libpng.
///
/// Mutated bytes rarely keep valid CRC-32s, and a bad CRC sends a file to libpng before the reader's
/// inflate and un-filter code runs; so every chunk's CRC is recomputed first. Oracle: when the direct
/// reader returns an image, libpng must decode the same file to the same pixels. The one allowed
/// difference is the zlib Adler-32, which the direct reader does not check (libpng: "incorrect data check").
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPNGDirect(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = withFixedCRCs([UInt8](UnsafeRawBufferPointer(start: start, count: count)))
    guard let direct = try? PNGDirectReader.decode(bytes, pixelLimit: 1 << 20) else { return 0 }
    guard direct.pixels.count == direct.width * direct.height else { fatalError("inconsistent image size") }
    do {
        let libpng = try ImageDecoder.decodePNGWithLibpng(bytes, pixelLimit: 1 << 20)
        guard libpng == direct else { fatalError("direct reader and libpng decode different pixels") }
    } catch {
        guard error.reason.contains("incorrect data check") else {
            fatalError("direct reader decoded a file libpng refuses: \(error.reason)")
        }
    }
    return 0
}

/// The file with every chunk's CRC-32 recomputed (as far as the chunk structure holds).
private func withFixedCRCs(_ input: [UInt8]) -> [UInt8] {
    var bytes = input
    var offset = 8
    while offset + 12 <= bytes.count {
        let length =
            Int(bytes[offset]) << 24 | Int(bytes[offset + 1]) << 16 | Int(bytes[offset + 2]) << 8 | Int(bytes[offset + 3])
        guard length <= bytes.count - offset - 12 else { break }
        let crc = crc32(bytes[(offset + 4)..<(offset + 8 + length)])
        for index in 0..<4 { bytes[offset + 8 + length + index] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * index)) }
        offset += 12 + length
    }
    return bytes
}

private let crcTable: [UInt32] = (0..<256).map { value in
    (0..<8).reduce(UInt32(value)) { crc, _ in crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
}

private func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
    ~bytes.reduce(~UInt32(0)) { crc, byte in crcTable[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
}
