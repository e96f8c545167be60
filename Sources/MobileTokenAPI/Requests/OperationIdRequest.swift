/// `{"id"}` of `operation/detail` and `operation/detail/claim`.
package struct OperationIdRequest: Codable, Sendable {
    /// The operation id.
    package let id: String

    /// Makes a request.
    package init(id: String) {
        self.id = id
    }
}
