import FoundationEssentials
import QRAuthEncoding

/// The `X-PowerAuth-Encryption` header of unsigned ECIES requests.
///
/// `value` writes the iOS layout; parsing is order-free and tolerates missing commas, like the server.
public struct EncryptionHeader: Sendable, Equatable {
    /// The HTTP header name.
    public static let name = "X-PowerAuth-Encryption"

    /// `version`: selects the ECIES version on the server.
    public var version: ProtocolVersion
    /// `application_key`: APP_KEY as Base64 text.
    public var applicationKey: String
    /// `activation_id`: required in activation scope, forbidden in application scope.
    public var activationId: String?

    /// Makes a header from its fields.
    public init(version: ProtocolVersion, applicationKey: String, activationId: String? = nil) {
        self.version = version
        self.applicationKey = applicationKey
        self.activationId = activationId
    }

    /// The header for one exchange's parameters (activation id only in activation scope).
    public init(parameters: ECIES.Parameters) {
        self.init(
            version: parameters.version, applicationKey: parameters.applicationKey,
            activationId: parameters.scope == .activation ? parameters.activationId : nil)
    }

    /// Parses a value in any field order (an unsupported version is a `.version` error); call `validate(scope:)`.
    public init(parsing value: String) throws(PowerAuthError) {
        let fields = try Self.fields(value)
        version = try ProtocolVersion(text: HeaderFields.required("version", in: fields, header: Self.name))
        applicationKey = try HeaderFields.required("application_key", in: fields, header: Self.name)
        activationId = fields["activation_id"]
    }

    /// Checks the fields as `PowerAuthEncryptionHttpHeaderValidator` does for the endpoint's scope.
    public func validate(scope: ECIES.Scope) throws(PowerAuthError) {
        guard Base64Field.isValid(applicationKey, lengths: 16...16) else {
            throw PowerAuthError(.header, "application_key must be Base64 of 16 bytes")
        }
        switch scope {
        case .application:
            guard activationId == nil else {
                throw PowerAuthError(.header, "activation_id is not allowed in an application-scope request")
            }
        case .activation:
            guard let activationId, HeaderFields.isValidUUID(activationId) else {
                throw PowerAuthError(.header, "activation_id must be a UUID in an activation-scope request")
            }
        }
    }

    /// The value in the iOS layout: `PowerAuth version="…", application_key="…"[, activation_id="…"]`.
    public var value: String {
        var pairs = [("version", version.rawValue), ("application_key", applicationKey)]
        if let activationId { pairs.append(("activation_id", activationId)) }
        return HeaderFields.build(pairs)
    }

    /// The server's tolerant reading: `PowerAuth ` then `key="value"` or `key=value` pairs in any order, separated
    /// by spaces and/or commas; a repeated key is an error.
    static func fields(_ value: String) throws(PowerAuthError) -> [String: String] {
        let trimmed = value.trimmingWhitespace()
        guard trimmed.hasPrefix("PowerAuth ") else {
            throw PowerAuthError(.header, "\(name) must start with 'PowerAuth '")
        }
        var rest = Substring(trimmed.dropFirst("PowerAuth ".count))
        var fields: [String: String] = [:]
        while true {
            rest = rest.drop { $0 == " " || $0 == "," || $0 == "\t" }
            if rest.isEmpty { return fields }
            let key = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
            rest = rest.dropFirst(key.count)
            guard !key.isEmpty, rest.first == "=" else {
                throw PowerAuthError(.header, "\(name) has text that is not a key=\"value\" pair")
            }
            rest = rest.dropFirst()
            let text: Substring
            if rest.first == "\"" {
                rest = rest.dropFirst()
                guard let close = rest.firstIndex(of: "\"") else {
                    throw PowerAuthError(.header, "\(name) field \(key) has no closing quote")
                }
                text = rest[..<close]
                rest = rest[rest.index(after: close)...]
            } else {
                text = rest.prefix { $0 != " " && $0 != "," && $0 != "\t" }
                rest = rest.dropFirst(text.count)
                // A quote inside an unquoted value would make the header mean something else once written
                // back (`value` quotes every field), so it is refused here.
                guard !text.contains("\"") else {
                    throw PowerAuthError(.header, "\(name) field \(key) has a quote inside an unquoted value")
                }
            }
            guard fields.updateValue(String(text), forKey: String(key)) == nil else {
                throw PowerAuthError(.header, "\(name) field \(key) appears twice")
            }
        }
    }
}
