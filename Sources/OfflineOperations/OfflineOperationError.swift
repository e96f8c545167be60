public import QRAuthEncoding

/// Why an offline operation, its operation data, or a PAC payload is malformed (the module's one error).
///
/// `code` is stable and machine-readable; `reason` is one human line naming the line and field.
/// Equality is by code, so tests can match codes.
public struct OfflineOperationError: QRAuthError {
    /// The stable, machine-readable kind of problem.
    public enum Code: String, CaseIterable, Sendable {
        /// Fewer than 7 LF-separated lines.
        case tooFewLines = "operation.too_few_lines"
        /// The operation id (line 1) is empty.
        case missingOperationId = "operation.missing_id"
        /// The last line does not start with the signing-key indicator `0` or `1`.
        case signingKey = "operation.signing_key"
        /// The signature after the key indicator is not strict standard Base64.
        case signatureEncoding = "operation.signature_encoding"
        /// The signature does not decode to 64–255 bytes.
        case signatureLength = "operation.signature_length"
        /// The nonce line is not strict standard Base64.
        case nonceEncoding = "operation.nonce_encoding"
        /// The nonce does not decode to 16 bytes.
        case nonceLength = "operation.nonce_length"
        /// The input bytes are not UTF-8 text.
        case notUTF8 = "operation.not_utf8"
        /// The operation data version is not a letter `A`–`Z`.
        case dataVersion = "operation.data_version"
        /// The operation data template is not an integer 0–99.
        case dataTemplate = "operation.data_template"
        /// More than 6 operation data fields.
        case tooManyFields = "operation.too_many_fields"
        /// An `A` field is not `{DECIMAL}{CURRENCY}`.
        case amount = "operation.amount"
        /// An `I` field is not `{IBAN}[,{BIC}]` in upper-case letters and digits.
        case account = "operation.account"
        /// A `D` field is not a valid `YYYYMMDD` date.
        case date = "operation.date"
        /// The builder was given a value the offline QR grammar cannot carry unchanged.
        case unrepresentable = "operation.unrepresentable"
        /// The PAC text is neither a deeplink with `oid` nor a JWT with an `oid` payload.
        case pacUnrecognized = "pac.unrecognized"
        /// The PAC JWT payload is not Base64 (or base64url, when accepted).
        case pacPayloadEncoding = "pac.payload_encoding"
        /// The PAC JWT payload is not a JSON object with a string `oid` (and string `totp`/`potp`).
        case pacPayloadJSON = "pac.payload_json"

        /// The iOS SDK's `WMTQROperationParser` error this code corresponds to (the one mapping table).
        ///
        /// nil where the SDK has no equivalent: it takes a `String` (never non-UTF-8 bytes), has no
        /// builder, and its PAC parser returns nil instead of an error.
        public var iosSDKError: String? {
            switch self {
            case .tooFewLines: "minimumAttributeFieldsRequired"
            case .missingOperationId: "noOperationId"
            case .signingKey, .signatureEncoding, .signatureLength: "invalidSignature"
            case .nonceEncoding, .nonceLength: "invalidNonce"
            case .dataVersion: "invalidVersionString"
            case .dataTemplate: "invalidTemplateId"
            // The SDK's field parser returns nil for any bad A/I/D field, reported as tooManyDataFields.
            case .tooManyFields, .amount, .account, .date: "tooManyDataFields"
            case .notUTF8, .unrepresentable, .pacUnrecognized, .pacPayloadEncoding, .pacPayloadJSON: nil
            }
        }
    }

    /// The stable kind of problem.
    public let code: Code
    /// One human line, e.g. `line 6 (nonce): must decode to 16 bytes, got 12`.
    public let reason: String
    /// The 1-based line of the operation string concerned, when there is one.
    public let line: Int?

    /// Makes an error; `reason` should name the line and field.
    public init(_ code: Code, _ reason: String, line: Int? = nil) {
        self.code = code
        self.reason = reason
        self.line = line
    }
}
