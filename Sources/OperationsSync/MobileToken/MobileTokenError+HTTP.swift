extension MobileTokenError {
    /// The Mobile Token reading of a transport error.
    init(_ error: HTTPClientError) {
        self.init(Code(transport: error.code), error.reason)
    }
}

extension MobileTokenError.Code: TransportFailureCode {}
