import OfflineOperations

/// Oracle: the base64url extension never changes what the SDK mode accepts, and the JWT signing
/// input is always a view of the JWT text.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPAC(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: start, count: count), as: UTF8.self) else {
        return 0
    }
    let strict = try? PACParser.parse(text, options: .sdk)
    let lenient = try? PACParser.parse(text)
    if let strict, strict != lenient { fatalError("the base64url extension changed an SDK result") }
    _ = try? PACParser.parseDeeplink(text)
    if let jwt = lenient?.jwt {
        guard Array(jwt.text.utf8).starts(with: Array(jwt.signingInput)) || jwt.text.first == "." else {
            fatalError("the signing input is not a view of the JWT text")
        }
    }
    return 0
}
