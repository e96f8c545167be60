/// A Mobile Token API request that ends in an error envelope: a code and a human message.
struct APIFailure: Error, Sendable {
    /// The envelope code.
    var code: APIErrorCode
    /// The envelope message.
    var message: String

    init(_ code: APIErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
