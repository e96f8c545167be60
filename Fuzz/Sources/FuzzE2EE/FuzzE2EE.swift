import Foundation
import PowerAuth

/// The envelope key every decrypt attempt uses: fixed, so the fuzzer explores the field checks, MAC
/// comparison and padding paths (a forged MAC would have to match HMAC under this key).
let envelopeKey = try! ECIES.EnvelopeKey(rawRepresentation: Data((0..<48).map { UInt8($0) }))
let versions = ProtocolVersion.allCases

/// The first byte picks an end-to-end-encryption parser (and, for decrypts, a protocol version); the
/// rest is its input. Oracles: only typed errors escape; what parses rebuilds to what parses back to
/// the same value; a decrypt of random bytes never succeeds silently with a wrong MAC (it may only
/// succeed where the input carries the right MAC, which random search will not find).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzE2EE(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard count > 0 else { return 0 }
    let selector = start[0] % 7
    let version = versions[Int(start[0] / 7) % versions.count]
    let bytes = Data(UnsafeBufferPointer(start: start + 1, count: count - 1))
    let text = String(decoding: bytes, as: UTF8.self)
    switch selector {
    case 0:
        if let header = try? EncryptionHeader(parsing: text), (try? EncryptionHeader(parsing: header.value)) != header {
            fatalError("an encryption header does not survive a rebuild")
        }
    case 1:
        if let code = try? ActivationCode(validating: text), (try? ActivationCode(validating: code.value)) != code {
            fatalError("a valid activation code does not validate again")
        }
    case 2:
        _ = try? SignedActivationCode(parsing: text)
    case 3:
        roundTrip(ECIES.EncryptedRequest.self, bytes)
    case 4:
        roundTrip(ECIES.EncryptedResponse.self, bytes)
    case 5:
        roundTrip(TemporaryKey.self, bytes)
    default:
        guard let request = try? JSONDecoder().decode(ECIES.EncryptedRequest.self, from: bytes) else { return 0 }
        let parameters = ECIES.Parameters(
            version: version, encryptorId: .applicationScopeGeneric, applicationKey: "WQBeNgCHGlW58rzUlP7Ehg==",
            applicationSecret: "Epbv1D+tibvvkqGIyDOT5g==")
        _ = try? ECIES.Decryptor(parameters: parameters, envelopeKey: envelopeKey).decrypt(request)
    }
    return 0
}

/// Decodes `bytes` as `T`; what decodes must encode and decode back to an equal value.
func roundTrip<T: Codable & Equatable>(_ type: T.Type, _ bytes: Data) {
    guard let value = try? JSONDecoder().decode(T.self, from: bytes) else { return }
    guard let encoded = try? JSONEncoder().encode(value), let again = try? JSONDecoder().decode(T.self, from: encoded)
    else { fatalError("a decoded \(T.self) does not encode and decode again") }
    if again != value { fatalError("a \(T.self) changes in a round trip") }
}
