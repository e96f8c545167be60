/// The messages of one exchange as the HTTP client sends and receives them: swift-http-types' heads (`HTTPRequest`,
/// `HTTPResponse`, with `HTTPFields`) and the body bytes that travel with them.
public enum HTTPExchange {}
