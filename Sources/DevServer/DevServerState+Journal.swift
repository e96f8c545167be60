import FoundationEssentials
import PowerAuth
import QRAuthEncoding

/// The `--state` file (format 2): one line holding a snapshot of the whole state, then one line per
/// changed record, appended and synced as the changes happen. Reading applies the lines in order
/// (a record replaces the one with its id, or is added). The store rewrites the file as a fresh
/// snapshot when the appended lines outgrow the snapshot, so the file stays within about twice the
/// size of the state and one change costs one short append, however many operations are stored.
///
/// A last line cut short (a crash in the middle of an append the client was never told about) is
/// ignored; any other damaged line makes the file unreadable. Format 1 (one pretty JSON document)
/// is still read.
extension DevServerState {
    /// One appended line: the new version of one record, or ids of records removed.
    struct JournalEntry: Codable, Equatable {
        var activation: ServerActivation?
        var operation: OperationRecord?
        var offlineOperation: OfflineOperationRecord?
        var template: OperationTemplateRecord?
        var application: ServerApplication?
        var inboxMessage: InboxMessageRecord?
        var pushRegistration: PushRegistrationRecord?
        var removedOperations: [String]?
        var removedOfflineOperations: [String]?
    }

    /// The snapshot line: compact, key-sorted JSON with ISO 8601 dates, ending in a line feed.
    static func snapshotLine(_ state: DevServerState) throws -> Data {
        try line(state)
    }

    /// The lines for the records changed since the lists were last committed.
    static func journalLines(for state: DevServerState) throws -> Data {
        var data = Data()
        for activation in state.activations.changedElements { data += try line(JournalEntry(activation: activation)) }
        for operation in state.operations.changedElements { data += try line(JournalEntry(operation: operation)) }
        for operation in state.offlineOperations.changedElements {
            data += try line(JournalEntry(offlineOperation: operation))
        }
        for template in state.templates.changedElements { data += try line(JournalEntry(template: template)) }
        for application in state.applications.changedElements {
            data += try line(JournalEntry(application: application))
        }
        for message in state.inbox.changedElements { data += try line(JournalEntry(inboxMessage: message)) }
        for registration in state.pushRegistrations.changedElements {
            data += try line(JournalEntry(pushRegistration: registration))
        }
        return data
    }

    private static func line(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(value)
        data.append(0x0A)
        return data
    }

    /// Reads a state file of either format. `tornTail` is true when a cut-short last line was dropped.
    /// One line for a decoding failure: the field's path and the decoder's sentence, never Swift's dump.
    static func describe(_ error: any Error) -> String {
        guard let error = error as? DecodingError else { return "not valid JSON" }
        if case .dataCorrupted(let context) = error, context.codingPath.isEmpty { return "not valid JSON" }
        return error.pathDescription(namingMissingKeys: true)
    }

    static func parseFile(_ data: Data, path: String) throws(DevServerError) -> (state: DevServerState, tornTail: Bool)
    {
        guard !data.isEmpty else {
            throw DevServerError(.file, "\(path) is empty, not a qrauth serve state file (remove it to start afresh)")
        }
        if let key = JSONDuplicateKeys.first(in: data) {
            throw DevServerError(
                .file, "\(path): the key \(key) appears twice (refused: readers disagree on which wins)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let lines = data.split(separator: 0x0A, omittingEmptySubsequences: false)
        guard let first = lines.first, var state = try? decoder.decode(DevServerState.self, from: Data(first)) else {
            // Format 1: one (pretty) document.
            do {
                return (try decoder.decode(DevServerState.self, from: data), false)
            } catch {
                throw DevServerError(.file, "\(path) is not a qrauth serve state file (\(Self.describe(error)))")
            }
        }
        var activations = ReplayIndex(state.activations, id: \.activationId)
        var operations = ReplayIndex(state.operations, id: \.id)
        var offlineOperations = ReplayIndex(state.offlineOperations, id: \.id)
        var templates = ReplayIndex(state.templates) { String($0.id) }
        var applications = ReplayIndex(state.applications, id: \.applicationId)
        var inbox = ReplayIndex(state.inbox, id: \.id)
        var pushRegistrations = ReplayIndex(state.pushRegistrations, id: \.activationId)
        var removedOperations = Set<String>()
        var removedOffline = Set<String>()
        var tornTail = false
        for (number, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let entry: JournalEntry
            do {
                entry = try decoder.decode(JournalEntry.self, from: Data(line))
            } catch {
                if number == lines.count - 1 {
                    tornTail = true  // no line feed after it: the append never completed
                    break
                }
                throw DevServerError(.file, "\(path): line \(number + 1) is damaged (\(Self.describe(error)))")
            }
            activations.upsert(entry.activation, into: &state.activations)
            operations.upsert(entry.operation, into: &state.operations)
            offlineOperations.upsert(entry.offlineOperation, into: &state.offlineOperations)
            templates.upsert(entry.template, into: &state.templates)
            applications.upsert(entry.application, into: &state.applications)
            inbox.upsert(entry.inboxMessage, into: &state.inbox)
            pushRegistrations.upsert(entry.pushRegistration, into: &state.pushRegistrations)
            removedOperations.formUnion(entry.removedOperations ?? [])
            removedOffline.formUnion(entry.removedOfflineOperations ?? [])
        }
        if !removedOperations.isEmpty { state.operations.removeAll { removedOperations.contains($0.id) } }
        if !removedOffline.isEmpty { state.offlineOperations.removeAll { removedOffline.contains($0.id) } }
        state.commitLists()
        return (state, tornTail)
    }

    /// Where each record of one list stands, by id, while the journal lines are applied: a line replaces the record
    /// with its id, or adds it at the end.
    private struct ReplayIndex<Element: Sendable & Equatable & Codable> {
        private var positions: [String: Int]
        private let id: (Element) -> String

        init(_ list: RecordList<Element>, id: @escaping (Element) -> String) {
            positions = Dictionary(list.enumerated().map { (id($1), $0) }) { first, _ in first }
            self.id = id
        }

        /// Applies one line's record of this list, if the line holds one.
        mutating func upsert(_ element: Element?, into list: inout RecordList<Element>) {
            guard let element else { return }
            if let position = positions[id(element)] {
                list[position] = element
            } else {
                positions[id(element)] = list.count
                list.append(element)
            }
        }
    }
}
