import Foundation
import PowerAuth

/// The first byte picks a PowerAuth parser; the rest is its input. Oracle: only `PowerAuthError` escapes
/// (typed throws), and a parsed header rebuilds to a value that parses back to the same header.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPowerAuthParsers(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = start[0] % 4
    let bytes = Data(UnsafeBufferPointer(start: start + 1, count: count - 1))
    let text = String(decoding: bytes, as: UTF8.self)
    switch selector {
    case 0:
        if let header = try? AuthorizationHeader(parsing: text),
            (try? AuthorizationHeader(parsing: header.value)) != header
        {
            fatalError("an authorization header does not survive a rebuild")
        }
    case 1:
        if let header = try? TokenHeader(parsing: text), (try? TokenHeader(parsing: header.value)) != header {
            fatalError("a token header does not survive a rebuild")
        }
    case 2:
        _ = try? DeviceActivation(cmdToolStatus: bytes)
    default:
        _ = try? MobileSDKConfiguration(base64: text)
    }
    return 0
}
