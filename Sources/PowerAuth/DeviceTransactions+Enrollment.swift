public import FoundationEssentials

extension DeviceTransactions {
    /// Decodes a status answer (blob, the request's challenge, the answer's nonce) with the device's keys and
    /// applies it in one locked cycle: a device behind the server adopts its counter, the unconfirmed count and
    /// look-ahead follow the server, REMOVED marks the file removed. Returns the report; nothing is saved when the
    /// blob does not decode.
    public func applyStatus(
        encryptedBlob: Data, challenge: Data, nonce: Data, checkedAtMillis: Int64
    ) throws -> ActivationStatusReport {
        try store.update { device throws -> ActivationStatusReport in
            let report = try DeviceStatusFlow.report(
                for: device, encryptedBlob: encryptedBlob, challenge: challenge, nonce: nonce)
            device.apply(report, checkedAtMillis: checkedAtMillis)
            return report
        }
    }

    /// Marks the activation removed (after the server confirmed the removal): it signs nothing more, and its tokens
    /// are dropped.
    public func markRemoved() throws {
        try store.update { device in
            device.removed = true
            device.token = nil
            device.namedTokens = nil
        }
    }

    /// Stores (or, with nil, drops) the token `name` (default `possession_universal`) of the activation
    /// `activationId`, replacing one of that name; refuses another activation's file, a removed one and a bad name.
    public func storeToken(
        _ token: TokenCredential?, named name: String = TokenName.possessionUniversal, activationId: String
    ) throws {
        try store.update { device throws in
            guard device.activationId == activationId else {
                throw PowerAuthError(
                    .activationMismatch,
                    "the device file now holds activation \(device.activationId), not \(activationId)")
            }
            if token != nil { try device.checkUsable() }
            try device.setToken(token, named: name)
        }
    }

    /// Stores `token` under `name` only when the file holds no token of that name, deciding in the same locked cycle
    /// that writes. When a parallel run stored one after this run last read the file, nothing changes and that token
    /// is returned (the caller then removes its own at the server); nil when `token` was stored.
    public func storeTokenIfAbsent(
        _ token: TokenCredential, named name: String = TokenName.possessionUniversal, activationId: String
    ) throws -> TokenCredential? {
        try store.update { device throws -> TokenCredential? in
            guard device.activationId == activationId else {
                throw PowerAuthError(
                    .activationMismatch,
                    "the device file now holds activation \(device.activationId), not \(activationId)")
            }
            if let held = device.token(named: name) { return held }
            try device.checkUsable()
            try device.setToken(token, named: name)
            return nil
        }
    }

    /// Drops the token `id` if the file still holds it (a token the server no longer knows, or one removed): under
    /// `name` only when given, else under whichever name holds it. Returns the name it was dropped from, or nil.
    @discardableResult
    public func dropToken(id: String, named name: String? = nil) throws -> String? {
        try store.update { device in
            device.dropToken(id: id, named: name)
        }
    }

    /// Remembers the server's clock offset (server minus device, milliseconds) for the next run.
    public func recordServerTimeOffset(_ millis: Int64) throws {
        try store.update { device in
            device.serverTimeOffsetMillis = millis
        }
    }
}
