package import FoundationEssentials

package extension KeyedEncodingContainer where K == JSONKey {
    /// A timestamp in the operation date format (`yyyy-MM-ddTHH:mm:ssZ`, UTC); nil leaves the key out. The
    /// counterpart of `KeyedDecodingContainer.timestamp(_:)`.
    mutating func encodeTimestamp(_ date: Date?, _ key: String) throws {
        guard let date else { return }
        try encode(OperationTimestamp.format(date), forKey: JSONKey(key))
    }
}
