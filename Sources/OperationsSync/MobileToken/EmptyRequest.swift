/// The (absent) request object of list and history: the body is `{}`.
struct EmptyRequest: Encodable, Sendable {}
