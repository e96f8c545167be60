import FoundationEssentials
import HTTPTypes
import QRAuthEncoding

/// Replaces secret values in headers, URLs and bodies before anything is logged.
struct LogRedactor: Sendable {
    static let placeholder = "<redacted>"

    /// Header names (normalised) whose values are always secret.
    static let secretHeaders: Set<String> = [
        "authorization", "proxyauthorization", "cookie", "setcookie", "xpowerauthauthorization", "xpowerauthtoken",
        "xapikey",
    ]
    /// Field names (normalised) that are secret wherever they appear.
    static let secretNames: Set<String> = ["key", "pin", "otp", "token", "password", "secret", "signature"]
    /// Fragments that make a field name secret (`tokenSecret`, `privateKey`, `newPassword`, ...).
    static let secretFragments = [
        "password", "passphrase", "passwd", "secret", "privatekey", "masterkey", "apikey", "applicationkey",
        "tokenvalue", "accesstoken", "refreshtoken", "authorization", "cookie", "activationotp",
    ]

    let extraNames: Set<String>

    init(extraNames: Set<String>) {
        self.extraNames = Set(extraNames.map(Self.normalise))
    }

    func isSecret(_ name: String) -> Bool {
        let normalised = Self.normalise(name)
        return Self.secretHeaders.contains(normalised) || Self.secretNames.contains(normalised)
            || extraNames.contains(normalised) || Self.secretFragments.contains { normalised.contains($0) }
    }

    func headers(_ fields: HTTPFields) -> String {
        fields.map { "\($0.name.rawName): \(isSecret($0.name.rawName) ? Self.placeholder : $0.value)" }
            .joined(separator: "\n")
    }

    func url(_ url: URL) -> String {
        var text = url.absoluteString
        if let password = URLComponents(url: url, resolvingAgainstBaseURL: false)?.percentEncodedPassword {
            text = text.replacingEvery(":\(password)@", with: ":\(Self.placeholder)@")
        }
        return self.url(text)
    }

    func url(_ text: String) -> String {
        guard let mark = text.firstIndex(of: "?") else { return text }
        let base = text[..<mark]
        var query = text[text.index(after: mark)...]
        var fragment = ""
        if let hash = query.firstIndex(of: "#") {
            fragment = String(query[hash...])
            query = query[..<hash]
        }
        return base + "?" + pairs(query) + fragment
    }

    /// A body as loggable text: JSON and form bodies with secret fields replaced, other text as is, binary as
    /// a byte count.
    func body(_ data: Data, contentType: String?) -> String {
        if data.isEmpty { return "" }
        let type = contentType?.lowercased() ?? ""
        if type.contains("x-www-form-urlencoded"), let text = String(data: data, encoding: .utf8) {
            return pairs(Substring(text))
        }
        if let value = try? JSONDecoder().decode(JSONValue.self, from: data) {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
            if let out = try? encoder.encode(json(value)) {
                return String(decoding: out, as: UTF8.self)
            }
        }
        if type.contains("json") {
            return "<\(data.count) bytes of malformed JSON>"
        }
        guard let text = String(data: data, encoding: .utf8) else { return "<\(data.count) bytes>" }
        return text
    }

    private func pairs(_ text: Substring) -> String {
        text.split(separator: "&", omittingEmptySubsequences: false).map { pair -> String in
            guard let equals = pair.firstIndex(of: "=") else { return String(pair) }
            let rawName = pair[..<equals]
            let name = PercentEncoding.decodePairsLeniently(rawName).first?.name ?? String(rawName)
            return isSecret(name) ? rawName + "=" + Self.placeholder : String(pair)
        }.joined(separator: "&")
    }

    private func json(_ value: JSONValue) -> JSONValue {
        switch value {
        case .object(let object):
            var result: [String: JSONValue] = [:]
            for (key, item) in object {
                switch item {
                case .object, .array: result[key] = json(item)
                default: result[key] = isSecret(key) ? .string(Self.placeholder) : item
                }
            }
            return .object(result)
        case .array(let array):
            return .array(array.map(json))
        default:
            return value
        }
    }

    static func normalise(_ name: String) -> String {
        String(name.lowercased().unicodeScalars.filter { $0 != "-" && $0 != "_" })
    }
}
