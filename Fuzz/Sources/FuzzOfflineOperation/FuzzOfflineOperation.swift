import OfflineOperations

/// Oracle: whatever parses must keep its bytes (lines, signed data), and rebuilding it from its
/// values must either be refused as unrepresentable or read back to the same values.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOfflineOperation(_ start: UnsafePointer<UInt8>, _ count: Int) -> CInt {
    let bytes = UnsafeBufferPointer(start: start, count: count)
    guard let operation = try? OfflineOperation(bytes: bytes) else { return 0 }
    let text = String(decoding: bytes, as: UTF8.self)
    guard operation.rawLines.joined(separator: "\n") == text,
        Array(operation.signedData) + Array(operation.signatureBase64.utf8) == Array(bytes)
    else { fatalError("lines or signed data do not cover the input") }
    let builder = OfflineOperationBuilder(operation)
    guard let rebuilt = try? builder.operationString(signingKey: operation.signingKey, signature: operation.signature)
    else { return 0 }
    guard let reparsed = try? OfflineOperation(rebuilt) else { fatalError("a built operation does not parse") }
    guard OfflineOperationBuilder(reparsed) == builder, reparsed.data.fields == operation.data.fields else {
        fatalError("a built operation reads back different values")
    }
    return 0
}
