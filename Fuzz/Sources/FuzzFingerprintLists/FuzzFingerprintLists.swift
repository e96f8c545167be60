import FingerprintLists
import Foundation
import QRAuthCrypto

/// Feeds the input to the fingerprint-list parsers. The first byte picks the parser, the rest is its
/// input. Oracles: a decoded static list re-encodes to bytes that decode to the same list; a parsed
/// certificate's DER is byte-identical to the input; nothing but the modules' typed errors escape.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzFingerprintLists(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = start.pointee
    let body = Data(UnsafeBufferPointer(start: start + 1, count: count - 1))
    switch selector % 5 {
    case 0:
        guard let list = try? FingerprintList.decode(body) else { return 0 }
        guard (try? FingerprintList.decode(list.encoded())) == list else { fatalError("list does not round-trip") }
    case 1:
        guard let list = try? FingerprintList.decodeFallback(body) else { return 0 }
        _ = list.encoded()
    case 2:
        _ = try? ChallengeResponse.decodeUnverified(body)
    case 3:
        _ = try? FingerprintListLinter(now: 1_700_000_000).lint(body)
    default:
        guard let certificate = try? X509Certificate(derRepresentation: body) else { return 0 }
        guard certificate.derRepresentation == body else { fatalError("certificate DER does not round-trip") }
    }
    return 0
}
