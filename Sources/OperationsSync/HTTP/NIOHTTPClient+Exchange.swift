import Foundation
import NIOCore
import NIOHTTP1
import QRAuthEncoding

extension NIOHTTPClient {
    /// Prepare, intercept, sign, send, observe, intercept the response.
    func perform(_ request: HTTPRequest) async throws -> HTTPResponse {
        guard !Task.isCancelled else {
            throw HTTPClientError(.cancelled, "request cancelled before it was sent")
        }
        var outgoing = try prepare(request)
        for (index, interceptor) in configuration.requestInterceptors.enumerated() {
            do {
                try await interceptor.intercept(&outgoing)
            } catch {
                throw Self.interceptorError(error, what: "request interceptor \(index + 1) (\(type(of: interceptor)))")
            }
        }
        // Resolve (and refuse plain HTTP) before signing, so a refused URL never consumes a signature counter.
        let target = try ResolvedTarget(outgoing.url, allowInsecureHTTP: configuration.allowInsecureHTTP)
        let signature = try await sign(&outgoing, signing: request.signing)
        if target.usesTLS && configuration.tls.isDisabled {
            log.warning("TLS validation is off (noValidation) for \(target.key): the server is not authenticated")
        }
        log.request(outgoing)

        let started = ContinuousClock.now
        let raw: RawResponse
        do {
            raw = try await exchange(outgoing, target: target)
        } catch {
            if let signature { await configuration.signer?.requestFinished(signature, statusCode: nil) }
            throw error
        }
        var response = HTTPResponse(
            url: outgoing.url, statusCode: Int(raw.head.status.code), reasonPhrase: raw.head.status.reasonPhrase,
            headers: HTTPHeaderFields(raw.head.headers.map { HTTPHeaderField(name: $0.name, value: $0.value) }),
            body: Data(raw.body.readableBytesView))
        if let signature { await configuration.signer?.requestFinished(signature, statusCode: response.statusCode) }
        configuration.cookieJar?.store(setCookie: response.headers.values(for: "Set-Cookie"), from: outgoing.url)
        configuration.responseObserver?.observe(response, for: outgoing)
        log.response(response, method: outgoing.method, elapsed: ContinuousClock.now - started)

        for (index, interceptor) in configuration.responseInterceptors.enumerated() {
            do {
                try await interceptor.intercept(&response, for: outgoing)
            } catch {
                throw Self.interceptorError(error, what: "response interceptor \(index + 1) (\(type(of: interceptor)))")
            }
        }
        return response
    }

    /// Resolves the URL and builds the headers: identity, defaults, the request's own, content type, cookies.
    func prepare(_ request: HTTPRequest) throws(HTTPClientError) -> HTTPOutgoingRequest {
        let url = try makeURL(request)
        var headers = HTTPHeaderFields(configuration.identity.fields)
        for field in configuration.defaultHeaders {
            headers.set(name: field.name, value: field.value)
        }
        for field in request.headers {
            headers.remove(name: field.name)
        }
        for field in request.headers {
            headers.add(name: field.name, value: field.value)
        }
        let (body, contentType) = request.body.encoded
        if let contentType, !headers.contains(name: "Content-Type") {
            headers.add(name: "Content-Type", value: contentType)
        }
        if let jar = configuration.cookieJar, !headers.contains(name: "Cookie"), let cookie = jar.headerValue(for: url)
        {
            headers.add(name: "Cookie", value: cookie)
        }
        return HTTPOutgoingRequest(
            method: request.method, url: url, headers: headers, body: body, kind: request.kind,
            timeout: request.timeout ?? configuration.requestTimeout)
    }

    private func makeURL(_ request: HTTPRequest) throws(HTTPClientError) -> URL {
        var text: String
        switch request.target {
        case .url(let url):
            text = url.absoluteString
        case .path(let path):
            guard let base = configuration.baseURL else {
                throw HTTPClientError(.invalidURL, "a request path needs a base URL in the configuration")
            }
            text = base.absoluteString
            if !path.isEmpty {
                while text.hasSuffix("/") { text.removeLast() }
                text += "/" + path.drop { $0 == "/" }
            }
        }
        if !request.query.isEmpty {
            text +=
                (text.contains("?") ? "&" : "?")
                + PercentEncoding.encodePairs(request.query.map { ($0.name, $0.value) })
        }
        guard let url = URL(string: text), url.host != nil else {
            throw HTTPClientError(.invalidURL, "the request URL is malformed (\(log.redactor.url(text).prefix(200)))")
        }
        return url
    }

    /// Adds the signer's header, made with the call's `signing` authentication; returns it (nil for basic endpoints)
    /// so the signer can hear the answer.
    private func sign(
        _ outgoing: inout HTTPOutgoingRequest, signing: SigningContext?
    ) async throws -> HTTPHeaderField? {
        if case .basic = outgoing.kind { return nil }
        guard let signer = configuration.signer else {
            throw HTTPClientError(
                .signingFailed, "\(outgoing.url.path) needs a PowerAuth header but no request signer is configured")
        }
        let header: HTTPHeaderField
        do {
            header = try await signer.authorization(
                for: RequestSigningInput(
                    method: outgoing.method, url: outgoing.url, body: outgoing.body, kind: outgoing.kind,
                    signing: signing))
        } catch let error as HTTPClientError {
            throw error
        } catch is CancellationError {
            throw HTTPClientError(.cancelled, "request cancelled while signing")
        } catch {
            throw HTTPClientError(.signingFailed, "signing \(outgoing.url.path) failed: \(Self.brief(error))")
        }
        outgoing.headers.set(name: header.name, value: header.value)
        return header
    }

    /// Sends on a pooled or new connection. A pooled one that turns out closed before any response is replaced
    /// once, unless the request (not idempotent: POST, PATCH) may already have reached the server.
    private func exchange(_ outgoing: HTTPOutgoingRequest, target: ResolvedTarget) async throws -> RawResponse {
        let deadline = NIODeadline.now() + TimeAmount(outgoing.timeout)
        let head = try Self.makeHead(outgoing, target: target)
        let body = ByteBuffer(bytes: outgoing.body)
        let closeAfter = outgoing.headers.values(for: "Connection").contains { $0.lowercased().contains("close") }
        let idempotent = [.get, .head, .put, .delete, .options].contains(outgoing.method)
        var retried = false
        while true {
            // A retry always goes to a fresh connection.
            let pooled = retried ? nil : try pool.take(target.key)
            let channel: any Channel
            if let pooled {
                channel = pooled
            } else {
                channel = try await connect(target, deadline: deadline, timeout: outgoing.timeout)
            }
            do {
                let raw = try await execute(
                    on: channel, head: head, body: body, deadline: deadline, timeout: outgoing.timeout,
                    server: target.key.description)
                pool.release(channel, key: target.key, reusable: raw.head.isKeepAlive && !closeAfter)
                return raw
            } catch let failure as ConnectionFailure {
                channel.close(promise: nil)
                if pooled != nil, !failure.responseStarted, failure.error.code == .network,
                    idempotent || !failure.requestWritten
                {
                    retried = true
                    continue
                }
                throw failure.error
            }
        }
    }

    private func execute(
        on channel: any Channel, head: HTTPRequestHead, body: ByteBuffer, deadline: NIODeadline, timeout: Duration,
        server: String
    ) async throws -> RawResponse {
        let promise = channel.eventLoop.makePromise(of: RawResponse.self)
        let timer = channel.eventLoop.scheduleTask(deadline: deadline) {
            let error = HTTPClientError(
                .timeout, "no response from \(server) within \(HTTPClientError.seconds(timeout)) s")
            promise.fail(ConnectionFailure(error: error, responseStarted: true))
            channel.close(promise: nil)
        }
        promise.futureResult.whenComplete { _ in timer.cancel() }
        let request = ConnectionRequest(
            head: head, body: body, maxResponseSize: configuration.maxResponseSize, promise: promise)
        return try await withTaskCancellationHandler {
            channel.writeAndFlush(request).whenFailure { error in
                let mapped = HTTPClientError.from(error, server: server)
                promise.fail(ConnectionFailure(error: mapped, responseStarted: false, requestWritten: false))
            }
            return try await promise.futureResult.get()
        } onCancel: {
            let error = HTTPClientError(.cancelled, "request to \(server) cancelled")
            promise.fail(ConnectionFailure(error: error, responseStarted: true))
            channel.close(promise: nil)
        }
    }

    private static func makeHead(
        _ outgoing: HTTPOutgoingRequest, target: ResolvedTarget
    ) throws(HTTPClientError)
        -> HTTPRequestHead
    {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: target.hostHeader)
        for field in outgoing.headers {
            guard isToken(field.name) else {
                throw HTTPClientError(.invalidRequest, "header name \"\(field.name.prefix(60))\" is not valid")
            }
            guard !field.value.utf8.contains(where: { $0 == 0x0D || $0 == 0x0A || $0 == 0x00 }) else {
                throw HTTPClientError(.invalidRequest, "value of header \(field.name) contains a line break")
            }
            switch field.name.lowercased() {
            case "host", "content-length", "transfer-encoding": continue
            default: headers.add(name: field.name, value: field.value)
            }
        }
        if !outgoing.body.isEmpty || [.post, .put, .patch].contains(outgoing.method) {
            headers.add(name: "Content-Length", value: String(outgoing.body.count))
        }
        return HTTPRequestHead(
            version: .http1_1, method: NIOHTTP1.HTTPMethod(rawValue: outgoing.method.rawValue),
            uri: target.requestURI, headers: headers)
    }

    private static func isToken(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy { byte in
                switch byte {
                case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                    UInt8(ascii: "0")...UInt8(ascii: "9"):
                    true
                default:
                    "!#$%&'*+-.^_`|~".utf8.contains(byte)
                }
            }
    }

    private static func interceptorError(_ error: any Error, what: String) -> HTTPClientError {
        switch error {
        case let error as HTTPClientError: error
        case is CancellationError: HTTPClientError(.cancelled, "request cancelled in \(what)")
        default: HTTPClientError(.rejectedByInterceptor, "\(what) rejected the exchange: \(brief(error))")
        }
    }

    static func brief(_ error: any Error) -> String {
        let text = String(describing: error).replacingOccurrences(of: "\n", with: " ")
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
