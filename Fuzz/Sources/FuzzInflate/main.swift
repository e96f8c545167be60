import CZlib

@testable import QRImaging

/// libFuzzer entry point for the PNG reader's deflate decoder, differential against zlib's raw
/// inflate. Oracle: both accept a stream or both refuse it (zlib refusing includes a stream that
/// has not ended when the input does); when both accept, the bytes are the same and the stream
/// ends at the same input byte (where the reader looks for the Adler-32 trailer). The decoder runs
/// twice, with its 64 KiB input buffer and with one of 16–44 bytes (every path then meets the
/// buffer's end), and both runs must agree.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzInflate(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
    let limit = 1 << 16
    let inflater = Inflater(bytes)
    let ours = inflater.readAll(limit: limit)
    let capacity = 16 + count % 29
    let small = Inflater(bytes, inputCapacity: capacity)
    guard small.readAll(limit: limit) == ours else {
        fatalError("a \(capacity)-byte input buffer changes the result")
    }
    let zlib = zlibInflate(bytes, limit: limit)
    guard ours?.count == zlib?.output.count else {
        let described = ours.map { "\($0.count) bytes" } ?? "refuses"
        fatalError("inflater \(described), zlib \(zlib.map { "\($0.output.count) bytes" } ?? "refuses")")
    }
    guard let ours, let zlib else { return 0 }
    guard ours == zlib.output else { fatalError("inflater and zlib give different bytes") }
    guard inflater.endOfStream == zlib.end, small.endOfStream == zlib.end else {
        fatalError(
            "stream ends at byte \(inflater.endOfStream) (\(small.endOfStream)) for the inflater, \(zlib.end) for zlib")
    }
    return 0
}

/// zlib's output and the first input byte after the stream, when the stream ends within `limit`.
private func zlibInflate(_ bytes: [UInt8], limit: Int) -> (output: [UInt8], end: Int)? {
    var stream = z_stream()
    guard fuzz_inflate_init_raw(&stream) == Z_OK else { return nil }
    defer { inflateEnd(&stream) }
    var input = bytes
    var output = [UInt8](repeating: 0, count: limit)
    let status = input.withUnsafeMutableBufferPointer { source in
        output.withUnsafeMutableBufferPointer { destination in
            stream.next_in = source.baseAddress
            stream.avail_in = uInt(source.count)
            stream.next_out = destination.baseAddress
            stream.avail_out = uInt(destination.count)
            return inflate(&stream, Z_FINISH)
        }
    }
    guard status == Z_STREAM_END else { return nil }
    // zlib keeps up to 63 bits it has read but not used; data_type's low six bits count them.
    let unused = Int(stream.data_type & 63) / 8
    return (Array(output.prefix(limit - Int(stream.avail_out))), Int(stream.total_in) - unused)
}
