import Foundation
public import PowerAuth

/// Everything the server remembers: activations (with counters), online and offline operations.
/// This is the `--state` file.
public struct DevServerState: Sendable, Equatable, Codable {
    /// The state file format this code writes and reads.
    public static let currentFormatVersion = 1

    /// File format version.
    public var formatVersion: Int
    /// Server-side activations, counters included.
    public var activations: [ServerActivation]
    /// Online operations, oldest first.
    public var operations: [OperationRecord]
    /// Offline operations, oldest first.
    public var offlineOperations: [OfflineOperationRecord]

    /// An empty state.
    public init(
        activations: [ServerActivation] = [], operations: [OperationRecord] = [],
        offlineOperations: [OfflineOperationRecord] = []
    ) {
        self.formatVersion = Self.currentFormatVersion
        self.activations = activations
        self.operations = operations
        self.offlineOperations = offlineOperations
    }
}
