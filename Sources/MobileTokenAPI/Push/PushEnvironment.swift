/// The APNs environment of a registration (`environment`); absent lets the server use its default.
public enum PushEnvironment: String, Sendable, Hashable, Codable, CaseIterable {
    /// The APNs sandbox.
    case development
    /// The APNs production service.
    case production
}
