public import FoundationEssentials
public import QRAuthCrypto

/// Finds what would make a list fail in the apps, or fail soon: expired and expiring entries,
/// duplicates, entries that do not match the certificates being pinned, unsigned fields,
/// millisecond or fractional expiry. Lenient: it reports every problem instead of stopping at
/// the first; only text that is not a JSON list at all throws.
public struct FingerprintListLinter: Sendable {
    /// The time to judge expiry against (Unix seconds).
    public var now: Int64
    /// Entries expiring within this many seconds are reported as expiring soon.
    public var window: Int64
    /// The certificates the list is meant to pin (may be empty).
    public var certificates: [X509Certificate]

    /// Makes a linter; the default window is the clients' 14-day update threshold.
    public init(now: Int64, window: Int64 = 14 * 86_400, certificates: [X509Certificate] = []) {
        self.now = now
        self.window = window
        self.certificates = certificates
    }

    /// Lints a static list's bytes.
    public func lint(_ data: some DataProtocol) throws(FingerprintListError) -> [LintFinding] {
        let json = try JSONParser.parse(data)
        guard case .object(let members) = json else {
            throw FingerprintListError(.wrongType, "the list is \(json.typeName), expected an object")
        }
        guard case .array(let values)? = json["fingerprints"] else {
            throw FingerprintListError(.missingField, "the list has no \"fingerprints\" array")
        }
        var findings: [LintFinding] = []
        for (key, _) in members where key != "fingerprints" {
            if key == "domainsConfig" {
                findings.append(
                    LintFinding(
                        .error, .forbiddenField, index: nil,
                        "\"domainsConfig\" is not covered by any signature; a static list must not carry it"))
            } else {
                let why =
                    ["timestamp", "verifyVersionResult"].contains(key)
                    ? "belongs to a challenge-signed /app/init response, not a static list"
                    : "is ignored by the clients"
                findings.append(LintFinding(.warning, .unexpectedField, index: nil, "\"\(key)\" \(why)"))
            }
        }
        var seen: [String: Int] = [:]
        var entries: [(index: Int, entry: FingerprintEntry)] = []
        for (index, value) in values.enumerated() {
            findings += lintFields(value, index: index)
            guard let entry = try? FingerprintEntry.decode(value, index: index, source: .fallback) else { continue }
            entries.append((index, entry))
            let key = entry.name + "&" + entry.fingerprint.base64EncodedString()
            if let first = seen[key] {
                findings.append(
                    LintFinding(
                        .error, .duplicate, index: index,
                        "fingerprints[\(index)] repeats the name and fingerprint of fingerprints[\(first)]"))
            } else {
                seen[key] = index
            }
            if entry.isExpired(at: now) {
                findings.append(
                    LintFinding(.error, .expired, index: index, "\(place(index, entry)) expired at \(entry.expires)"))
            } else if entry.expires < now + window {
                let days = (entry.expires - now) / 86_400
                findings.append(
                    LintFinding(
                        .warning, .expiringSoon, index: index,
                        "\(place(index, entry)) expires at \(entry.expires), in \(days) day(s)"))
            }
            if !EntryName.isPipelineSafe(entry.name) {
                findings.append(
                    LintFinding(
                        .warning, .unsafeName, index: index,
                        "\(place(index, entry)) has characters outside [A-Za-z0-9.*-]; the tool, iOS and Android "
                            + "may read such a CN differently"))
            }
        }
        findings += matchCertificates(entries)
        return findings
    }

    private func place(_ index: Int, _ entry: FingerprintEntry) -> String {
        "fingerprints[\(index)] (\"\(entry.name)\")"
    }

    /// Field-level problems of one entry, each reported (not just the first).
    private func lintFields(_ value: OrderedJSON, index: Int) -> [LintFinding] {
        let place = "fingerprints[\(index)]"
        guard case .object(let members) = value else {
            return [
                LintFinding(.error, .invalidEntry, index: index, "\(place) is \(value.typeName), expected an object")
            ]
        }
        var findings: [LintFinding] = []
        for (key, _) in members where !["name", "fingerprint", "expires", "signature"].contains(key) {
            if key == "depth" {
                findings.append(
                    LintFinding(
                        .error, .forbiddenField, index: index,
                        "\(place) carries \"depth\", which no per-entry signature covers"))
            } else {
                findings.append(
                    LintFinding(.warning, .unexpectedField, index: index, "\(place) carries unknown field \"\(key)\""))
            }
        }
        if case .number(let text)? = value["expires"] {
            if !text.allSatisfy(\.isASCIIDigit) {
                findings.append(
                    LintFinding(
                        .error, .nonIntegerExpiry, index: index,
                        "\(place).expires is \(text); write integer Unix seconds (iOS rounds up, Android truncates)"))
            } else if let value = Int64(text), value >= FingerprintEntry.millisecondsThreshold {
                findings.append(
                    LintFinding(
                        .error, .millisecondExpiry, index: index,
                        "\(place).expires is \(text), which looks like milliseconds; expires is Unix seconds"))
            }
        }
        for check in fieldChecks(value, place: place) {
            findings.append(LintFinding(.error, .invalidEntry, index: index, check))
        }
        return findings
    }

    /// Structural problems (missing fields, types, Base64, DER), reported as messages.
    private func fieldChecks(_ value: OrderedJSON, place: String) -> [String] {
        var problems: [String] = []
        for key in ["name", "fingerprint", "signature"] {
            guard let field = value[key] else {
                problems.append("\(place) has no \"\(key)\"")
                continue
            }
            guard case .string(let text) = field else {
                problems.append("\(place).\(key) is \(field.typeName), expected a string")
                continue
            }
            do throws(FingerprintListError) {
                if key == "fingerprint" { _ = try FingerprintEntry.parseFingerprint(text, place: place) }
                if key == "signature" { _ = try FingerprintEntry.parseSignature(text, place: place) }
            } catch {
                problems.append(error.reason)
            }
        }
        switch value["expires"] {
        case nil: problems.append("\(place) has no \"expires\"")
        case .number?: break
        case let other?: problems.append("\(place).expires is \(other.typeName), expected integer Unix seconds")
        }
        return problems
    }

    private func matchCertificates(_ entries: [(index: Int, entry: FingerprintEntry)]) -> [LintFinding] {
        guard !certificates.isEmpty else { return [] }
        var findings: [LintFinding] = []
        let byFingerprint = Dictionary(
            certificates.map { ($0.fingerprintSHA256, $0) }, uniquingKeysWith: { first, _ in first })
        let names = Set(certificates.compactMap(\.subjectCommonName))
        for (index, entry) in entries {
            if let certificate = byFingerprint[entry.fingerprint] {
                if certificate.subjectCommonName != entry.name {
                    findings.append(
                        LintFinding(
                            .error, .nameMismatch, index: index,
                            "\(place(index, entry)) pins a certificate whose common name is "
                                + "\"\(certificate.subjectCommonName ?? "(none)")\"; the clients will never match it"))
                }
            } else if names.contains(entry.name) {
                findings.append(
                    LintFinding(
                        .warning, .fingerprintMismatch, index: index,
                        "\(place(index, entry)) matches none of the given certificates for that name "
                            + "(an old certificate kept during rotation?)"))
            }
        }
        for certificate in certificates
        where !entries.contains(where: {
            $0.entry.fingerprint == certificate.fingerprintSHA256 && $0.entry.name == certificate.subjectCommonName
        }) {
            findings.append(
                LintFinding(
                    .error, .certificateNotPinned, index: nil,
                    "the certificate \"\(certificate.subjectCommonName ?? "(no CN)")\" "
                        + "(\(certificate.fingerprintSHA256.base64EncodedString())) has no entry with its name and fingerprint"
                ))
        }
        return findings
    }
}
