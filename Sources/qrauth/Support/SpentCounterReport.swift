import OperationsSync
import PowerAuth

/// Says which signature counters a failed signed online request spent.
///
/// The counter advances and is saved before a signed request leaves (so no two requests carry one), which means a
/// request that fails after it was sent — a 5xx, a closed connection, a timeout, an answer that does not verify —
/// has still used its counter. The user learns which one, as `operation approve` says for an unprinted code.
enum SpentCounterReport {
    /// Runs `body`; when it throws and the counter of the device file behind `store` moved, writes one line naming the
    /// spent counters to standard error (even with `-q`: a counter is state), then rethrows. Give the storage the
    /// command signs through, so the counters come from what it read and wrote.
    static func watching<T>(_ store: ActivationFile<DeviceActivation>, _ body: () async throws -> T) async throws -> T {
        let before = try? store.load().counter
        do {
            return try await body()
        } catch {
            if let before, let after = try? store.load().counter, after > before {
                StandardStreams.error("qrauth: \(message(before: before, after: after))")
            }
            throw error
        }
    }

    /// The line for counters `before ..< after`.
    static func message(before: UInt64, after: UInt64) -> String {
        let spent = after - before == 1 ? "counter \(before) was" : "counters \(before)…\(after - 1) were"
        return "the signed request failed after its signature was made: \(spent) spent "
            + "(the server may have received it); the next signature uses counter \(after)"
    }
}
