/// What a pooled connection can be reused for: scheme, host and port.
struct ConnectionKey: Sendable, Hashable, CustomStringConvertible {
    let usesTLS: Bool
    let host: String
    let port: Int

    var description: String { "\(usesTLS ? "https" : "http")://\(host):\(port)" }
}
