public import FoundationEssentials

/// A static fingerprint list (`{"fingerprints":[...]}`), every entry signed on its own.
///
/// This is what `ssl-pinning-tool sign` produces one entry of, and what release pipelines publish.
public struct FingerprintList: Sendable, Hashable {
    /// The entries, in document order.
    public var entries: [FingerprintEntry]

    /// Makes a list.
    public init(entries: [FingerprintEntry] = []) {
        self.entries = entries
    }

    /// Decodes a static list strictly: every entry needs a canonical DER signature, integer seconds
    /// and a 32-byte fingerprint; `depth` and `domainsConfig` (unsigned) are refused.
    public static func decode(_ data: some DataProtocol) throws(FingerprintListError) -> FingerprintList {
        try decode(json: JSONParser.parse(data), source: .staticList)
    }

    /// Decodes fallback data bundled with an app: same shape, signatures not required or checked.
    public static func decodeFallback(_ data: some DataProtocol) throws(FingerprintListError) -> FingerprintList {
        try decode(json: JSONParser.parse(data), source: .fallback)
    }

    static func decode(
        json: OrderedJSON, source: FingerprintEntry.Source
    ) throws(FingerprintListError)
        -> FingerprintList
    {
        guard case .object = json else {
            throw FingerprintListError(.wrongType, "the list is \(json.typeName), expected an object")
        }
        if source == .staticList, json["domainsConfig"] != nil {
            throw FingerprintListError(
                .forbiddenField, "a static list must not carry \"domainsConfig\": no signature covers it")
        }
        // The SDKs decode `timestamp` as a date from a number: any other value (null aside) fails the whole list.
        if let timestamp = json["timestamp"] {
            switch timestamp {
            case .number, .null: break
            default:
                throw FingerprintListError(
                    .wrongType, "\"timestamp\" is \(timestamp.typeName), expected a number (the SDKs refuse the list)")
            }
        }
        guard let array = json["fingerprints"] else {
            throw FingerprintListError(.missingField, "the list has no \"fingerprints\" array")
        }
        guard case .array(let values) = array else {
            throw FingerprintListError(.wrongType, "\"fingerprints\" is \(array.typeName), expected an array")
        }
        var entries: [FingerprintEntry] = []
        entries.reserveCapacity(values.count)
        for (index, value) in values.enumerated() {
            entries.append(try FingerprintEntry.decode(value, index: index, source: source))
        }
        return FingerprintList(entries: entries)
    }

    /// The list as JSON: two-space indentation, fields in the tool's order (name, fingerprint,
    /// expires, signature), one trailing newline. Deterministic for a given list.
    public func encoded() -> Data {
        var text = "{\n  \"fingerprints\": ["
        for (index, entry) in entries.enumerated() {
            text += index == 0 ? "\n" : ",\n"
            text += entry.jsonText(indent: 6)
        }
        text += entries.isEmpty ? "]\n}\n" : "\n  ]\n}\n"
        return Data(text.utf8)
    }

    /// Adds `entry`, replacing any entry with the same name and fingerprint (a re-signed pin), and
    /// sorts the list in the clients' order so repeated runs give the same file.
    public mutating func upsert(_ entry: FingerprintEntry) {
        entries.removeAll { $0.name == entry.name && $0.fingerprint == entry.fingerprint }
        entries.append(entry)
        entries.sort(by: FingerprintEntry.clientOrder)
    }

    /// Removes the entries expired at `now` and returns them.
    public mutating func removeExpired(at now: Int64) -> [FingerprintEntry] {
        let expired = entries.filter { $0.isExpired(at: now) }
        entries.removeAll { $0.isExpired(at: now) }
        return expired
    }
}
