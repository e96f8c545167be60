import FoundationEssentials
import HTTPTypes
import NIOCore
import NIOHTTP1
import QRAuthEncoding

extension NIOHTTPClient {
    /// Prepare, intercept, sign, send, observe, intercept the response.
    func perform(_ request: HTTPExchange.Request) async throws -> HTTPExchange.Response {
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
        let url = try Self.url(of: outgoing)
        let target = try ResolvedTarget(url, allowInsecureHTTP: configuration.allowInsecureHTTP)
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
        var fields = HTTPFields()
        for (name, value) in raw.head.headers {
            // NIO's parser admits only token names; one HTTPField.Name still refuses is dropped.
            guard let name = HTTPField.Name(name) else { continue }
            fields.append(HTTPField(name: name, value: value))
        }
        var response = HTTPExchange.Response(
            url: url, statusCode: Int(raw.head.status.code), reasonPhrase: raw.head.status.reasonPhrase,
            headerFields: fields, body: Data(raw.body.readableBytesView))
        if let signature { await configuration.signer?.requestFinished(signature, statusCode: response.statusCode) }
        configuration.cookieJar?.store(setCookie: response.headerFields[values: .setCookie], from: url)
        configuration.responseObserver?.observe(response, for: outgoing)
        log.response(response, method: outgoing.head.method, elapsed: ContinuousClock.now - started)

        for (index, interceptor) in configuration.responseInterceptors.enumerated() {
            do {
                try await interceptor.intercept(&response, for: outgoing)
            } catch {
                throw Self.interceptorError(error, what: "response interceptor \(index + 1) (\(type(of: interceptor)))")
            }
        }
        return response
    }

    /// Resolves the URL and builds the headers: identity, defaults, the request's own (content type included),
    /// cookies.
    func prepare(_ request: HTTPExchange.Request) throws(HTTPClientError) -> HTTPExchange.Request {
        let url = try makeURL(request)
        var fields = try configuration.identity.fields()
        for field in configuration.defaultHeaders {
            fields[fields: field.name] = [field]
        }
        for field in request.head.headerFields {
            fields[fields: field.name] = []
        }
        fields.append(contentsOf: request.head.headerFields)
        if let jar = configuration.cookieJar, !fields.contains(.cookie), let cookie = jar.headerValue(for: url) {
            // Appended as one field: the `Cookie` subscript would split it at each `; `.
            fields.append(HTTPField(name: .cookie, value: cookie))
        }
        let parts = HTTPExchange.Request.split(url.absoluteString)
        var resolved = request
        resolved.head.scheme = parts.scheme
        resolved.head.authority = parts.authority
        resolved.head.path = parts.path
        resolved.head.headerFields = fields
        resolved.timeout = request.timeout ?? configuration.requestTimeout
        return resolved
    }

    private func makeURL(_ request: HTTPExchange.Request) throws(HTTPClientError) -> URL {
        var text: String
        if let url = request.url {
            text = url.absoluteString
        } else {
            guard let base = configuration.baseURL else {
                throw HTTPClientError(.invalidURL, "a request path needs a base URL in the configuration")
            }
            text = base.absoluteString
            let path = request.head.path ?? ""
            if path.hasPrefix("?") {
                text += (text.contains("?") ? "&" : "?") + path.dropFirst()
            } else if !path.isEmpty {
                while text.hasSuffix("/") { text.removeLast() }
                text += "/" + path.drop { $0 == "/" }
            }
        }
        guard let url = URL(string: text), url.host != nil else {
            throw HTTPClientError(.invalidURL, "the request URL is malformed (\(log.redactor.url(text).prefix(200)))")
        }
        return url
    }

    /// Adds the signer's header, made with the call's `signing` authentication; returns it (nil for basic endpoints)
    /// so the signer can hear the answer.
    private func sign(
        _ outgoing: inout HTTPExchange.Request, signing: SigningContext?
    ) async throws -> HTTPField? {
        let url = try Self.url(of: outgoing)
        if case .basic = outgoing.kind { return nil }
        guard let signer = configuration.signer else {
            throw HTTPClientError(
                .signingFailed, "\(url.path) needs a PowerAuth header but no request signer is configured")
        }
        let header: HTTPField
        do {
            header = try await signer.authorization(
                for: RequestSigningInput(
                    method: outgoing.head.method, url: url, body: outgoing.body, kind: outgoing.kind,
                    signing: signing))
        } catch let error as HTTPClientError {
            throw error
        } catch is CancellationError {
            throw HTTPClientError(.cancelled, "request cancelled while signing")
        } catch {
            throw HTTPClientError(.signingFailed, "signing \(url.path) failed: \(Self.brief(error))")
        }
        outgoing.head.headerFields[fields: header.name] = [header]
        return header
    }

    /// Sends on a pooled or new connection. A pooled one that turns out closed before any response is replaced
    /// once, unless the request (not idempotent: POST, PATCH) may already have reached the server.
    private func exchange(_ outgoing: HTTPExchange.Request, target: ResolvedTarget) async throws -> RawResponse {
        let timeout = outgoing.timeout ?? configuration.requestTimeout
        let deadline = NIODeadline.now() + TimeAmount(timeout)
        let head = try Self.makeHead(outgoing, target: target)
        let body = ByteBuffer(bytes: outgoing.body)
        let closeAfter = outgoing.head.headerFields[values: .connection].contains { $0.lowercased().contains("close") }
        let idempotent = [.get, .head, .put, .delete, .options].contains(outgoing.head.method)
        var retried = false
        while true {
            // A retry always goes to a fresh connection.
            let pooled = retried ? nil : try pool.take(target.key)
            let channel: any Channel
            if let pooled {
                channel = pooled
            } else {
                channel = try await connect(target, deadline: deadline, timeout: timeout)
            }
            do {
                let raw = try await execute(
                    on: channel, head: head, body: body, deadline: deadline, timeout: timeout,
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
        _ outgoing: HTTPExchange.Request, target: ResolvedTarget
    ) throws(HTTPClientError)
        -> HTTPRequestHead
    {
        var headers = HTTPHeaders()
        headers.add(name: "Host", value: target.hostHeader)
        // Names are tokens and values free of line breaks by construction (`HTTPField`; text the client turns into
        // a field is refused first by `HTTPField.validated`).
        for field in outgoing.head.headerFields {
            switch field.name.canonicalName {
            case "host", "content-length", "transfer-encoding": continue
            default: headers.add(name: field.name.rawName, value: field.value)
            }
        }
        if !outgoing.body.isEmpty || [.post, .put, .patch].contains(outgoing.head.method) {
            headers.add(name: "Content-Length", value: String(outgoing.body.count))
        }
        return HTTPRequestHead(
            version: .http1_1, method: NIOHTTP1.HTTPMethod(rawValue: outgoing.head.method.rawValue),
            uri: target.requestURI, headers: headers)
    }

    /// The absolute URL of a resolved request (an interceptor that removed its scheme or authority made it unusable).
    private static func url(of request: HTTPExchange.Request) throws(HTTPClientError) -> URL {
        guard let url = request.url, url.host != nil else {
            throw HTTPClientError(.invalidURL, "the request URL is malformed (no scheme or host)")
        }
        return url
    }

    private static func interceptorError(_ error: any Error, what: String) -> HTTPClientError {
        switch error {
        case let error as HTTPClientError: error
        case is CancellationError: HTTPClientError(.cancelled, "request cancelled in \(what)")
        default: HTTPClientError(.rejectedByInterceptor, "\(what) rejected the exchange: \(brief(error))")
        }
    }

    static func brief(_ error: any Error) -> String {
        let text = String(describing: error).replacingEvery("\n", with: " ")
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
