/// The `responseObject` of an error envelope: `{code, message}`.
struct ServerErrorBody: Decodable, Sendable {
    let code: String
    let message: String
}
