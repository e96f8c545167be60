/// How an update ended (the upstream libraries' values).
public enum UpdateResult: String, Sendable, Codable {
    /// Success; also returned at once when no update or a silent update was chosen.
    case ok
    /// The response was valid but left no non-expired entries; the store is unchanged.
    case storeIsEmpty
    /// Transport failure, non-2xx status or no data.
    case networkError
    /// The body is not a valid list (bad JSON, missing fields, unsigned entry, unsigned fields).
    case invalidData
    /// A signature is missing, malformed or does not verify; the whole update is rejected.
    case invalidSignature
}

/// Which kind of update `update()` chose.
public enum UpdateType: String, Sendable, Codable {
    /// The caller waited for the download (no usable data, or forced).
    case direct
    /// The download runs in the background; the caller got `.ok` at once.
    case silent
    /// Nothing to do yet.
    case noUpdate
}

/// How `update()` should decide.
public enum UpdateMode: String, Sendable, Codable {
    /// Blocking when the store has no usable data, silent when the schedule says so, else nothing.
    case `default`
    /// Always a blocking download.
    case forced
}

/// What `update()` did and how it ended.
public struct CertStoreUpdate: Sendable, Equatable {
    /// The kind of update chosen.
    public let type: UpdateType
    /// The result (`.ok` for silent and no update).
    public let result: UpdateResult

    /// Makes an update report.
    public init(type: UpdateType, result: UpdateResult) {
        self.type = type
        self.result = result
    }
}
