import MobileTokenAPI

/// A Mobile Token API request that ends in an error envelope: a code and a human message.
struct APIFailure: Error, Sendable {
    /// The envelope code.
    var code: ServerErrorCode
    /// The envelope message.
    var message: String

    init(_ code: ServerErrorCode, _ message: String) {
        self.code = code
        self.message = message
    }
}
