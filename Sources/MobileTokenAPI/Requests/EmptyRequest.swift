/// The (absent) request object of list and history: the body is `{}`.
package struct EmptyRequest: Codable, Sendable {
    /// The empty request.
    package init() {}
}
