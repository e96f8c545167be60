import FoundationEssentials
import QRAuthCrypto
import QRAuthEncoding

/// A Basic-auth login (an integration's client token and secret on the real server).
public struct BackOfficeLogin: Sendable {
    /// The user name (no colon).
    public let username: String
    /// The password.
    let password: String

    /// Makes credentials; the user name must be non-empty and colon-free (Basic splits at the first colon).
    public init(username: String, password: String) throws(DevServerError) {
        guard !username.isEmpty, !username.contains(":") else {
            throw DevServerError(.configuration, "the back-office user name must be non-empty and without ':'")
        }
        guard !password.isEmpty else { throw DevServerError(.configuration, "the back-office password is empty") }
        self.username = username
        self.password = password
    }

    /// Reads `user:password` (one line; a final line break is dropped), as from a credentials file or variable.
    public init(parsing text: String) throws(DevServerError) {
        var line = Substring(text)
        if line.hasSuffix("\r\n") {
            line = line.dropLast(2)
        } else if line.hasSuffix("\n") {
            line = line.dropLast()
        }
        guard !line.contains("\n"), let colon = line.firstIndex(of: ":") else {
            throw DevServerError(.configuration, "back-office credentials must be one line user:password")
        }
        try self.init(username: String(line[..<colon]), password: String(line[line.index(after: colon)...]))
    }

    /// Whether an `Authorization` header value carries exactly this login; the secret is compared in constant time.
    func accepts(authorization: String?) -> Bool {
        guard let authorization else { return false }
        let parts = authorization.split(separator: " ", maxSplits: 1, omittingEmptySubsequences: true)
        guard parts.count == 2, parts[0].lowercased() == "basic",
            let decoded = Data(base64Encoded: String(parts[1]).trimmingWhitespace())
        else { return false }
        let expected = Data("\(username):\(password)".utf8)
        return ConstantTime.equals(decoded, expected)
    }
}
