import QRAuthEncoding

public import struct FoundationEssentials.Data

/// A parsed offline QR operation: the fields a token shows, and the exact bytes the
/// server signed. Parsing never verifies the signature: use `signedData`, `signature` and
/// `signingKey` with the right server public key for that.
public struct OfflineOperation: Equatable, Hashable, Sendable {
    /// Line 1: the operation id (non-empty; typically a UUID).
    public let operationId: String
    /// Line 2, unescaped (`\n` → LF, `\\` → `\`).
    public let title: String
    /// Line 3, unescaped.
    public let message: String
    /// Line 4, the operation data exactly as signed (escaped).
    public let operationData: String
    /// Line 4, parsed.
    public let data: OperationData
    /// Line 5, the flags.
    public let flags: Flags
    /// Line 6 when the payload has 8 or more lines (may be empty, which is not nil), else nil.
    public let totp: String?
    /// Lines between the TOTP and the nonce (9+ line payloads): signed, otherwise ignored.
    public let extraAttributes: [String]
    /// The nonce line as it appeared (Base64; passed unchanged to offline signing).
    public let nonce: String
    /// The nonce, decoded (16 bytes).
    public let nonceBytes: Data
    /// Which server key signed the payload (the key indicator on the last line).
    public let signingKey: SigningKey
    /// The signature, decoded (an ASN.1 DER ECDSA-P256 signature, 64–255 bytes).
    public let signature: Data
    /// The signature as it appeared after the key indicator.
    public let signatureBase64: String
    /// Exactly the bytes the server signed: the input up to and including the key indicator.
    public let signedData: Data
    /// Every line as it appeared (LF-separated, unescaped nothing).
    public let rawLines: [String]

    /// Whether the payload has more than 8 lines (a newer format; a hint for the user interface).
    public var isNewerFormat: Bool { rawLines.count > 8 }

    /// The fewest lines a payload has (version 1, no TOTP).
    public static let minimumLines = 7

    /// The body bytes of the offline approval code: `{operationId}&{operationData}[&{totp}]`.
    public var dataForOfflineSigning: Data {
        Self.offlineSigningBody(operationId: operationId, operationData: operationData, totp: totp)
    }

    /// `{operationId}&{operationData}[&{totp}]`: the one place this body is built (PowerAuth signs it too).
    package static func offlineSigningBody(operationId: String, operationData: String, totp: String?) -> Data {
        var text = operationId + "&" + operationData
        if let totp { text += "&" + totp }
        return Data(text.utf8)
    }

    /// Parses an offline operation string, exactly as the iOS SDK splits and validates it.
    public init(_ text: String) throws(OfflineOperationError) {
        self = try OfflineOperationParser.parse(text)
    }

    /// Parses an offline operation from bytes (a QR code's payload), which must be UTF-8.
    public init(bytes: some Collection<UInt8>) throws(OfflineOperationError) {
        guard let text = String(strictUTF8: bytes) else {
            throw OfflineOperationError(.notUTF8, "the offline operation is not valid UTF-8 text")
        }
        try self.init(text)
    }

    init(
        operationId: String, title: String, message: String, operationData: String, data: OperationData,
        flags: Flags, totp: String?, extraAttributes: [String], nonce: String, nonceBytes: Data,
        signingKey: SigningKey, signature: Data, signatureBase64: String, signedData: Data, rawLines: [String]
    ) {
        self.operationId = operationId
        self.title = title
        self.message = message
        self.operationData = operationData
        self.data = data
        self.flags = flags
        self.totp = totp
        self.extraAttributes = extraAttributes
        self.nonce = nonce
        self.nonceBytes = nonceBytes
        self.signingKey = signingKey
        self.signature = signature
        self.signatureBase64 = signatureBase64
        self.signedData = signedData
        self.rawLines = rawLines
    }
}
