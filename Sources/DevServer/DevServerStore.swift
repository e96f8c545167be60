import Foundation
import Logging
import MobileTokenAPI
import PowerAuth
import QRAuthFiles

/// The server's memory: the state behind one lock, the derived-key cache, the token replay cache,
/// and the `--state` file written atomically after every change that matters.
final class DevServerStore: @unchecked Sendable {
    // @unchecked Sendable: every mutable property is read and written only while `lock` is held.

    private let lock = NSLock()
    private var state: DevServerState
    private var keyCache: [String: FactorKeys] = [:]
    private var tokenOwners: [String: String] = [:]
    private var seenNonces: [String: Int64] = [:]
    private var noncesSincePrune = 0
    /// Where the state is persisted, or nil for memory only.
    let statePath: String?
    private let logger: Logger

    init(state: DevServerState, statePath: String?, logger: Logger) {
        self.state = state
        self.statePath = statePath
        self.logger = logger
        rebuildIndex()
    }

    /// A copy of the whole state.
    var snapshot: DevServerState {
        lock.lock()
        defer { lock.unlock() }
        return state
    }

    /// Runs `body` on the state under the lock; when it sets `changed`, the state file is rewritten
    /// before the lock is released, so what a client was told is on disk.
    func transaction<R>(
        _ body: (inout DevServerState, inout Bool) throws(APIFailure) -> R
    ) throws(APIFailure) -> R {
        lock.lock()
        defer { lock.unlock() }
        var changed = false
        let result: R
        do {
            result = try body(&state, &changed)
        } catch {
            if changed { try persistLocked() }
            throw error
        }
        if changed { try persistLocked() }
        return result
    }

    /// Replaces the state (admin reset) and clears the caches.
    func reset(_ body: (inout DevServerState) -> Void) throws(APIFailure) {
        lock.lock()
        defer { lock.unlock() }
        body(&state)
        seenNonces.removeAll()
        rebuildIndex()
        try persistLocked()
    }

    /// Writes the state file now (at shutdown).
    func flush() throws(APIFailure) {
        lock.lock()
        defer { lock.unlock() }
        try persistLocked()
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

    /// Records a token nonce; false when it was seen before (a replay). Entries older than
    /// `horizonMillis` are pruned now and then: their timestamps are refused anyway.
    func recordNonce(tokenId: String, nonce: String, timestampMillis: Int64, horizonMillis: Int64) -> Bool {
        let key = tokenId + "&" + nonce
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

    private func persistLocked() throws(APIFailure) {
        guard let statePath else { return }
        do {
            try AtomicFile.writeState(try Self.encode(state), to: statePath, mode: AtomicFile.secretMode)
        } catch {
            logger.error("cannot write the state file", metadata: ["path": "\(statePath)", "error": "\(error)"])
            throw APIFailure(.generic, "the server could not persist its state")
        }
    }

    /// The state file bytes: pretty, key-sorted JSON with ISO 8601 dates and a trailing newline.
    static func encode(_ state: DevServerState) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(state)
        data.append(0x0A)
        return data
    }

    /// Reads a state file.
    static func decode(_ data: Data, path: String) throws(DevServerError) -> DevServerState {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .iso8601
        let state: DevServerState
        do {
            state = try decoder.decode(DevServerState.self, from: data)
        } catch {
            throw DevServerError(.file, "\(path) is not a qrauth serve state file (\(error))")
        }
        guard state.formatVersion == DevServerState.currentFormatVersion else {
            throw DevServerError(.file, "\(path): unsupported state formatVersion \(state.formatVersion)")
        }
        for activation in state.activations {
            do {
                try activation.validate()
            } catch {
                throw DevServerError(.file, "\(path): activation \(activation.activationId): \(error.reason)")
            }
        }
        return state
    }
}
