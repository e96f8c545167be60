import FoundationEssentials
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
    /// PowerAuth applications; the first is the default one (`sdk-config:` at start). Absent in older
    /// state files.
    public var applications: RecordList<ServerApplication>
    /// Back-office operation templates, oldest first. Absent in older state files.
    public var templates: RecordList<OperationTemplateRecord>
    /// Inbox messages of every user, oldest first. Absent in older state files.
    public var inbox = RecordList<InboxMessageRecord>([])
    /// Push registrations, one per activation. Absent in older state files.
    public var pushRegistrations = RecordList<PushRegistrationRecord>([])
    /// The `--self-signed` TLS identity (CA, leaf and its key), kept so the pin survives a restart. Absent in older
    /// state files and for servers that never ran with `--self-signed`.
    public var selfSignedIdentity: SelfSignedIdentity?

    /// An empty state.
    public init(
        activations: [ServerActivation] = [], operations: [OperationRecord] = [],
        offlineOperations: [OfflineOperationRecord] = [], applications: [ServerApplication] = [],
        templates: [OperationTemplateRecord] = []
    ) {
        self.formatVersion = Self.currentFormatVersion
        self.activations = RecordList(activations)
        self.operations = RecordList(operations)
        self.offlineOperations = RecordList(offlineOperations)
        self.applications = RecordList(applications)
        self.templates = RecordList(templates)
    }

    private enum CodingKeys: String, CodingKey {
        case formatVersion, activations, operations, offlineOperations, applications, templates, inbox
        case pushRegistrations, selfSignedIdentity
    }

    /// Decodes a state; `applications`, `templates`, `inbox`, `pushRegistrations` and `selfSignedIdentity` may be
    /// absent (files written before they existed).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        formatVersion = try container.decode(Int.self, forKey: .formatVersion)
        activations = try container.decode(RecordList<ServerActivation>.self, forKey: .activations)
        operations = try container.decode(RecordList<OperationRecord>.self, forKey: .operations)
        offlineOperations = try container.decode(RecordList<OfflineOperationRecord>.self, forKey: .offlineOperations)
        applications =
            try container.decodeIfPresent(RecordList<ServerApplication>.self, forKey: .applications) ?? RecordList()
        templates =
            try container.decodeIfPresent(RecordList<OperationTemplateRecord>.self, forKey: .templates)
            ?? RecordList([])
        inbox = try container.decodeIfPresent(RecordList<InboxMessageRecord>.self, forKey: .inbox) ?? RecordList([])
        pushRegistrations =
            try container.decodeIfPresent(RecordList<PushRegistrationRecord>.self, forKey: .pushRegistrations)
            ?? RecordList([])
        selfSignedIdentity = try container.decodeIfPresent(SelfSignedIdentity.self, forKey: .selfSignedIdentity)
    }

    /// The default application: the first one.
    public var defaultApplication: ServerApplication? { applications.first }

    /// Forgets every list's tracked changes: they are persisted (after a write or a journal replay).
    mutating func commitLists() {
        activations.commit()
        operations.commit()
        offlineOperations.commit()
        templates.commit()
        applications.commit()
        inbox.commit()
        pushRegistrations.commit()
    }
}
