import NIOConcurrencyHelpers
import NIOCore

/// Idle keep-alive connections per scheme, host and port, reused most-recent first.
final class ConnectionPool: Sendable {
    private struct Idle {
        let channel: any Channel
        let since: NIODeadline
    }

    private struct State {
        var idle: [ConnectionKey: [Idle]] = [:]
        var isShutdown = false
    }

    private let state = NIOLockedValueBox(State())
    private let maxIdlePerKey: Int
    private let idleTimeout: TimeAmount

    init(maxIdlePerKey: Int, idleTimeout: TimeAmount) {
        self.maxIdlePerKey = maxIdlePerKey
        self.idleTimeout = idleTimeout
    }

    /// An idle open connection for the key, if any; stale and closed ones are dropped on the way.
    func take(_ key: ConnectionKey) throws(HTTPClientError) -> (any Channel)? {
        let now = NIODeadline.now()
        var stale: [any Channel] = []
        let (isShutdown, found): (Bool, (any Channel)?) = state.withLockedValue { state in
            guard !state.isShutdown else { return (true, nil) }
            while var list = state.idle[key], let last = list.popLast() {
                state.idle[key] = list.isEmpty ? nil : list
                if last.channel.isActive && now - last.since < idleTimeout {
                    return (false, last.channel)
                }
                stale.append(last.channel)
            }
            return (false, nil)
        }
        guard !isShutdown else { throw HTTPClientError(.shutdown, "the HTTP client was shut down") }
        for channel in stale {
            channel.close(promise: nil)
        }
        return found
    }

    /// Returns a connection after a complete exchange; it is closed instead when not reusable or the pool is full.
    func release(_ channel: any Channel, key: ConnectionKey, reusable: Bool) {
        let kept = state.withLockedValue { state in
            guard reusable, !state.isShutdown, channel.isActive, maxIdlePerKey > 0 else { return false }
            var list = state.idle[key] ?? []
            guard list.count < maxIdlePerKey else { return false }
            list.append(Idle(channel: channel, since: .now()))
            state.idle[key] = list
            return true
        }
        if !kept {
            channel.close(promise: nil)
        }
    }

    /// Closes every idle connection; with `shutdown`, later `take`s fail.
    func closeAll(shutdown: Bool) -> [any Channel] {
        let channels = state.withLockedValue { state in
            if shutdown { state.isShutdown = true }
            defer { state.idle = [:] }
            return state.idle.values.flatMap { $0.map(\.channel) }
        }
        return channels
    }
}
