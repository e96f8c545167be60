public import HTTPTypes

/// The resolved request interceptors and observers see is an `HTTPExchange.Request`.
@available(*, deprecated, renamed: "HTTPExchange.Request")
public typealias HTTPOutgoingRequest = HTTPExchange.Request

/// Header fields are swift-http-types' `HTTPFields`.
@available(*, deprecated, renamed: "HTTPFields")
public typealias HTTPHeaderFields = HTTPFields

/// A header field is swift-http-types' `HTTPField`.
@available(*, deprecated, renamed: "HTTPField")
public typealias HTTPHeaderField = HTTPField
