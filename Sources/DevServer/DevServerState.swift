import Foundation
public import PowerAuth

/// Everything the server remembers: activations (with counters), online and offline operations.
/// This is the `--state` file (docs/serve.md: a snapshot line and appended changes).
public struct DevServerState: Sendable, Equatable, Codable {
    /// The state format this code writes; 1 (one pretty JSON document) is still read.
    public static let currentFormatVersion = 2
    /// Every format version this code reads.
    static let readableFormatVersions = 1...2

    /// File format version.
    public var formatVersion: Int
    /// Server-side activations, counters included.
    public var activations: RecordList<ServerActivation>
    /// Online operations, oldest first.
    public var operations: RecordList<OperationRecord>
    /// Offline operations, oldest first.
    public var offlineOperations: RecordList<OfflineOperationRecord>

    /// An empty state.
    public init(
        activations: [ServerActivation] = [], operations: [OperationRecord] = [],
        offlineOperations: [OfflineOperationRecord] = []
    ) {
        self.formatVersion = Self.currentFormatVersion
        self.activations = RecordList(activations)
        self.operations = RecordList(operations)
        self.offlineOperations = RecordList(offlineOperations)
    }
}
