import FoundationEssentials
import Logging
import MobileTokenAPI
import OfflineOperations
import PowerAuth
import QRAuthCrypto
import QRAuthEncoding
import QRAuthFiles

/// The server's memory: the state behind one lock, the derived-key cache, the token replay cache,
/// and the `--state` file (DevServerState+Journal.swift).
///
/// Every change is on disk before the lock is released and the client is answered: the changed
/// records are appended to the state file and synced (one short write, whatever the number of
/// stored operations); when the appended lines outgrow the snapshot, or a change is more than
/// edits and additions, the file is rewritten atomically as a fresh snapshot. A change that cannot
/// be persisted is undone in memory, so the server never acts on what it could not store.
///
/// Memory and the file stay bounded (`DevServerLimits`): once more than `retainedOperations` finished
/// online (or offline) operations are stored (pending ones past their expiry count as finished), the
/// oldest finished ones are dropped; likewise the oldest finished code activations (REMOVED, or
/// CREATED past their expiry) beyond `retainedActivations`. Pending operations are capped where they
/// are created (`DevServerState.admitPendingOperation`).
final class DevServerStore: @unchecked Sendable {
    // @unchecked Sendable: every mutable property is read and written only while `lock` is held.

    private let lock = Lock()
    private var state: DevServerState
    private var keyCache: [String: FactorKeys] = [:]
    private var tokenOwners: [String: String] = [:]
    private var seenNonces: [String: Int64] = [:]
    private var noncesSincePrune = 0
    /// Where the state is persisted, or nil for memory only.
    let statePath: String?
    private let logger: Logger
    private let clock: EmulatorClock
    /// How much is kept.
    let limits: DevServerLimits
    /// The state file's size after the last snapshot, and what was appended since.
    private var snapshotBytes = 0
    private var appendedBytes = 0
    /// True until the first snapshot, and after an append that may have left a partial line.
    private var needsSnapshot = true
    /// The list identities the last persisted state had (a list replaced wholesale is a rewrite).
    private var committedIdentities: [ObjectIdentifier] = []

    /// Appends never grow the file past the snapshot size or this, whichever is larger, before a
    /// new snapshot replaces them.
    static let minimumJournalBytes = 256 << 10

    init(
        state: DevServerState, statePath: String?, clock: EmulatorClock = .system,
        limits: DevServerLimits = .standard, logger: Logger
    ) {
        self.state = state
        self.statePath = statePath
        self.clock = clock
        self.limits = limits
        self.logger = logger
        commitLocked()
        rebuildIndex()
    }

    /// A copy of the whole state.
    var snapshot: DevServerState {
        lock.lock()
        defer { lock.unlock() }
        return state
    }

    /// Runs `body` on the state under the lock. What it changed is persisted before the lock is
    /// released (whether or not it sets `changed` or throws); when that fails, the change is undone
    /// and the request fails with "could not persist".
    func transaction<R>(
        _ body: (inout DevServerState, inout Bool) throws(APIFailure) -> R
    ) throws(APIFailure) -> R {
        lock.lock()
        defer { lock.unlock() }
        var changed = false
        let result: Result<R, APIFailure>
        do {
            result = .success(try body(&state, &changed))
        } catch {
            result = .failure(error)
        }
        try persistChangesLocked()
        pruneLocked()
        return try result.get()
    }

    /// Replaces the state (admin reset) and clears the caches.
    func reset(_ body: (inout DevServerState) -> Void) throws(APIFailure) {
        lock.lock()
        defer { lock.unlock() }
        body(&state)
        try persistChangesLocked(forceSnapshot: true)
        seenNonces.removeAll()
        rebuildIndex()
    }

    /// Rewrites the state file as one snapshot now (at start and at shutdown), after dropping what is
    /// over the bounds (a state file written with larger limits shrinks at once).
    func flush() throws(APIFailure) {
        lock.lock()
        defer { lock.unlock() }
        pruneLocked()
        // A file written under a larger bound (or by an older version) is still written back whole: it was read.
        try persistChangesLocked(forceSnapshot: true, stateLimit: DevServerLimits.stateReadLimit)
    }

    /// The factor keys of an activation (ECDH once, then cached).
    func factorKeys(for activation: ServerActivation) throws(PowerAuthError) -> FactorKeys {
        lock.lock()
        let cached = keyCache[activation.activationId]
        lock.unlock()
        if let cached { return cached }
        let keys = try activation.factorKeys()
        lock.lock()
        keyCache[activation.activationId] = keys
        lock.unlock()
        return keys
    }

    /// A copy of one activation.
    func activation(id: String) -> ServerActivation? {
        lock.lock()
        defer { lock.unlock() }
        return state.activations.first { $0.activationId == id }
    }

    /// The token secret, activation id and status for a token id.
    func token(id: String) -> (secret: Data, activationId: String, status: ActivationStatus)? {
        lock.lock()
        defer { lock.unlock() }
        guard let owner = tokenOwners[id],
            let activation = state.activations.first(where: { $0.activationId == owner }),
            let token = activation.tokens.first(where: { $0.id == id })
        else { return nil }
        return (token.secret, owner, activation.counters.status)
    }

    /// Makes a token issued to `activationId` known to `token(id:)` (the token is in the state already).
    func registerToken(_ tokenId: String, activationId: String) {
        lock.lock()
        tokenOwners[tokenId] = activationId
        lock.unlock()
    }

    /// Forgets the tokens of an activation (removed).
    func forgetTokens(ofActivation activationId: String) {
        lock.lock()
        tokenOwners = tokenOwners.filter { $0.value != activationId }
        lock.unlock()
    }

    /// Records a token nonce; false when it was seen before (a replay). Entries older than
    /// `horizonMillis` are pruned now and then: their timestamps are refused anyway.
    func recordNonce(tokenId: String, nonce: String, timestampMillis: Int64, horizonMillis: Int64) -> Bool {
        // Keyed by the decoded bytes (one canonical spelling), not the text: no re-spelling replays a header.
        let key = tokenId + "&" + (StrictBase64.decode(nonce).map { StrictBase64.encode($0) } ?? nonce)
        lock.lock()
        defer { lock.unlock() }
        if seenNonces[key] != nil { return false }
        seenNonces[key] = timestampMillis
        noncesSincePrune += 1
        if noncesSincePrune >= 50_000 {
            noncesSincePrune = 0
            seenNonces = seenNonces.filter { $0.value >= horizonMillis }
        }
        return true
    }

    /// How many token nonces the replay cache holds.
    var nonceCount: Int {
        lock.lock()
        defer { lock.unlock() }
        return seenNonces.count
    }

    private func rebuildIndex() {
        tokenOwners.removeAll()
        keyCache.removeAll()
        for activation in state.activations {
            for token in activation.tokens { tokenOwners[token.id] = activation.activationId }
        }
    }

    private var listIdentities: [ObjectIdentifier] {
        [
            ObjectIdentifier(state.activations.identity), ObjectIdentifier(state.operations.identity),
            ObjectIdentifier(state.offlineOperations.identity), ObjectIdentifier(state.applications.identity),
            ObjectIdentifier(state.templates.identity), ObjectIdentifier(state.inbox.identity),
            ObjectIdentifier(state.pushRegistrations.identity),
        ]
    }

    private func commitLocked() {
        state.commitLists()
        committedIdentities = listIdentities
    }

    private func rollbackLocked() {
        state.activations.rollback()
        state.operations.rollback()
        state.offlineOperations.rollback()
        state.templates.rollback()
        state.applications.rollback()
        state.inbox.rollback()
        state.pushRegistrations.rollback()
    }

    /// Persists what changed since the last commit: appended lines, or a snapshot when forced, when
    /// a list was rewritten, or when the appends outgrow the snapshot. Undoes the change on failure.
    private func persistChangesLocked(forceSnapshot: Bool = false, stateLimit: Int? = nil) throws(APIFailure) {
        let stateLimit = stateLimit ?? limits.stateBytes
        let replaced = listIdentities != committedIdentities
        let rewritten =
            replaced || state.activations.isRewritten || state.operations.isRewritten
            || state.offlineOperations.isRewritten || state.applications.isRewritten || state.templates.isRewritten
            || state.inbox.isRewritten || state.pushRegistrations.isRewritten
        let hasChanges =
            rewritten || state.activations.hasChanges || state.operations.hasChanges
            || state.offlineOperations.hasChanges || state.applications.hasChanges || state.templates.hasChanges
            || state.inbox.hasChanges || state.pushRegistrations.hasChanges
        // Every stored record is bounded, with or without a state file (`limits.recordBytes`).
        var changedLines = Data()
        var encodingFailure: (any Error)?
        if hasChanges {
            do { changedLines = try DevServerState.journalLines(for: state) } catch { encodingFailure = error }
        }
        if let refusal = recordRefusal(changedLines) {
            if !replaced { rollbackLocked() }
            throw refusal
        }
        guard let statePath, forceSnapshot || hasChanges else {
            commitLocked()
            return
        }
        do {
            if let encodingFailure { throw encodingFailure }
            let lines = rewritten || forceSnapshot ? Data() : changedLines
            let limit = max(snapshotBytes, Self.minimumJournalBytes)
            let appendFits = snapshotBytes + appendedBytes + lines.count <= stateLimit
            if forceSnapshot || rewritten || needsSnapshot || appendedBytes + lines.count > limit || !appendFits {
                try writeSnapshotLocked(to: statePath, limit: stateLimit)
            } else if !lines.isEmpty {
                try AppendFile.append(lines, to: statePath)
                appendedBytes += lines.count
            }
        } catch let refusal as APIFailure {
            // Over a bound: nothing was written, and the change is undone (a list replaced wholesale is kept: it
            // only ever shrinks the state).
            if !replaced { rollbackLocked() }
            throw refusal
        } catch {
            // The next write is a full snapshot: the file may lack this change or end in part of it.
            needsSnapshot = true
            logger.error("cannot write the state file", metadata: ["path": "\(statePath)", "error": "\(error)"])
            // A list replaced wholesale has nothing to undo with; the next snapshot writes it.
            if !replaced { rollbackLocked() }
            throw APIFailure(.generic, "the server could not persist its state")
        }
        commitLocked()
    }

    /// The refusal of a change that would store a record over `limits.recordBytes` (one line per changed record).
    private func recordRefusal(_ lines: Data) -> APIFailure? {
        guard lines.count > limits.recordBytes else { return nil }
        let largest = lines.split(separator: 0x0A).map(\.count).max() ?? 0
        guard largest > limits.recordBytes else { return nil }
        return APIFailure(
            .invalidRequest,
            "the record is too large to store (\(largest) bytes; at most \(limits.recordBytes)): shorten its texts")
    }

    private func writeSnapshotLocked(to statePath: String, limit: Int) throws {
        var snapshot = state
        snapshot.formatVersion = DevServerState.currentFormatVersion
        let data = try DevServerState.snapshotLine(snapshot)
        guard data.count <= limit else {
            throw APIFailure(
                .invalidRequest,
                "the server's state is full (\(data.count) bytes; at most \(limit)): remove operations, "
                    + "activations or templates first")
        }
        try AtomicFile.writeState(data, to: statePath, mode: AtomicFile.secretMode)
        snapshotBytes = data.count
        appendedBytes = 0
        needsSnapshot = false
    }

    /// Drops the oldest finished operations (pending ones past their expiry count as finished) once
    /// more than `retainedOperations` finished ones of a kind are stored, and the oldest finished code
    /// activations once more than `retainedActivations`, each down to three quarters of its limit, so
    /// the work is done once per many requests. Persisted as a snapshot; on failure memory keeps them
    /// until next time.
    private func pruneLocked() {
        let now = clock.now
        let online = Self.removable(
            state.operations, keep: limits.retainedOperations,
            isFinished: { $0.status != .pending || now > $0.expires })
        let offline = Self.removable(
            state.offlineOperations, keep: limits.retainedOperations, isFinished: { $0.status != .pending })
        let activations = Self.removableActivations(
            state.activations, keep: limits.retainedActivations, nowMillis: clock.nowMillis)
        guard !online.isEmpty || !offline.isEmpty || !activations.isEmpty else { return }
        if !online.isEmpty { state.operations.removeAll { online.contains($0.id) } }
        if !offline.isEmpty { state.offlineOperations.removeAll { offline.contains($0.id) } }
        if !activations.isEmpty { state.activations.removeAll { activations.contains($0.activationId) } }
        do {
            try persistChangesLocked()
            for id in activations { keyCache[id] = nil }
        } catch {
            logger.warning("old records were not dropped: the state file could not be written")
        }
    }

    /// The ids of the oldest finished records to drop, when `list` holds more than `keep` finished ones.
    private static func removable<Element>(
        _ list: RecordList<Element>, keep: Int, isFinished: (Element) -> Bool
    ) -> Set<String> where Element: IdentifiedRecord {
        let finished = list.filter(isFinished)
        guard finished.count > keep else { return [] }
        return Set(finished.prefix(finished.count - keep * 3 / 4).map(\.id))
    }

    /// The ids of the finished code activations to drop (the longest finished first), when more than
    /// `keep` are stored. Finished: REMOVED, or CREATED past its expiry. An activation loaded from a file
    /// (no registration) and an ACTIVE, BLOCKED or PENDING_COMMIT one is never finished.
    static func removableActivations(
        _ list: RecordList<ServerActivation>, keep: Int, nowMillis: Int64
    ) -> Set<String> {
        var finished: [(id: String, since: Int64)] = []
        for activation in list {
            guard let registration = activation.registration else { continue }
            switch activation.counters.status {
            case .removed:
                finished.append((activation.activationId, registration.lastChangeMillis))
            case .created where nowMillis > registration.expiresMillis:
                finished.append((activation.activationId, registration.expiresMillis))
            default:
                continue
            }
        }
        guard finished.count > keep else { return [] }
        // Stable: equal times keep the list (creation) order.
        let oldest = finished.enumerated().sorted { ($0.element.since, $0.offset) < ($1.element.since, $1.offset) }
        return Set(oldest.prefix(finished.count - keep * 3 / 4).map(\.element.id))
    }

    /// Reads a state file (either format); a cut-short last line is dropped.
    static func decode(_ data: Data, path: String) throws(DevServerError) -> DevServerState {
        let state = try DevServerState.parseFile(data, path: path).state
        guard DevServerState.readableFormatVersions.contains(state.formatVersion) else {
            throw DevServerError(.file, "\(path): unsupported state formatVersion \(state.formatVersion)")
        }
        for activation in state.activations {
            do {
                try activation.validate()
            } catch {
                throw DevServerError(.file, "\(path): activation \(activation.activationId): \(error.reason)")
            }
        }
        for application in state.applications {
            do {
                try application.validate()
            } catch {
                throw DevServerError(.file, "\(path): application \(application.applicationId): \(error.reason)")
            }
        }
        return state
    }
}

/// A stored record with an id (operations are dropped by id when old).
protocol IdentifiedRecord {
    var id: String { get }
}

extension OperationRecord: IdentifiedRecord {}
extension OfflineOperationRecord: IdentifiedRecord {}
