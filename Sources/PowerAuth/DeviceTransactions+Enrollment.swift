public import Foundation

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

    /// Marks the activation removed (after the server confirmed the removal): it signs nothing more, and its token
    /// is dropped.
    public func markRemoved() throws {
        try store.update { device in
            device.removed = true
            device.token = nil
        }
    }

    /// Stores (or, with nil, drops) the `possession_universal` token of the activation `activationId`; refuses
    /// another activation's file and a removed one.
    public func storeToken(_ token: TokenCredential?, activationId: String) throws {
        try store.update { device throws in
            guard device.activationId == activationId else {
                throw PowerAuthError(
                    .activationMismatch,
                    "the device file now holds activation \(device.activationId), not \(activationId)")
            }
            if token != nil { try device.checkUsable() }
            device.token = token
        }
    }

    /// Drops the token `id` if the file still holds it (a token the server no longer knows, or one removed).
    public func dropToken(id: String) throws {
        try store.update { device in
            if device.token?.id == id { device.token = nil }
        }
    }

    /// Remembers the server's clock offset (server minus device, milliseconds) for the next run.
    public func recordServerTimeOffset(_ millis: Int64) throws {
        try store.update { device in
            device.serverTimeOffsetMillis = millis
        }
    }
}
