import NIOConcurrencyHelpers

/// A thread-safe list that interceptors, observers and signers append to.
final class Recorder<Element: Sendable>: Sendable {
    private let box = NIOLockedValueBox<[Element]>([])

    var items: [Element] { box.withLockedValue { $0 } }

    func append(_ item: Element) {
        box.withLockedValue { $0.append(item) }
    }
}
