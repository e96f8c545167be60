import Foundation
import MobileTokenAPI
import OperationsSync
import QRAuthEncoding
import QRAuthTestSupport
import Testing

@Suite("BackOfficeClient: envelopes, ERR codes, Basic auth, HTML and 500 answers against a stub server")
struct BackOfficeClientTests {
    static let initAnswer =
        #"{"status":"OK","responseObject":{"activationId":"a-1","activationCode":"VVVVV-VVVVV-VVVVV-VTFVA","#
        + #""activationSignature":"MEUCIQ==","userId":"alice","applicationId":"demo-app","extra":7}}"#

    @Test("a call POSTs the requestObject envelope under the REST base and reads the payload and raw object")
    func success() async throws {
        let server = try await TestServer.start { _ in .json(Self.initAnswer) }
        let http = try TestClients.make(for: server) {
            $0.baseURL = server.baseURL.appendingPathComponent("powerauth-java-server/rest")
        }
        try await TestClients.with(server, http) {
            let client = BackOfficeClient(httpClient: http)
            let response = try await client.send(
                .activationInit, BackOffice.InitActivationRequest(userId: "alice", applicationId: "demo-app"),
                expecting: BackOffice.InitActivationResponse.self)
            #expect(response.payload.activationCode == "VVVVV-VVVVV-VVVVV-VTFVA")
            #expect(response.raw["extra"] == .integer(7))
            let typed = try await client.initActivation(
                BackOffice.InitActivationRequest(userId: "alice", applicationId: "demo-app"))
            #expect(typed.activationId == "a-1" && server.requests.count == 2)
            let request = try #require(server.requests.first)
            #expect(request.method == "POST")
            #expect(request.uri == "/powerauth-java-server/rest/v3/activation/init")
            #expect(request.header("Authorization") == nil)
            #expect(
                String(decoding: request.body, as: UTF8.self)
                    == #"{"requestObject":{"applicationId":"demo-app","userId":"alice"}}"#)
        }
    }

    @Test("calls without input send {\"requestObject\":{}}; bare-array answers decode")
    func noInput() async throws {
        let server = try await TestServer.start { _ in .json(#"{"status":"OK","responseObject":[]}"#) }
        let http = try TestClients.make(for: server)
        try await TestClients.with(server, http) {
            let response = try await BackOfficeClient(httpClient: http).send(
                .templateList, expecting: BackOffice.OperationTemplateListResponse.self)
            #expect(response.payload.isEmpty && response.raw == .array([]))
            #expect(
                String(decoding: try #require(server.requests.first).body, as: UTF8.self) == #"{"requestObject":{}}"#)
        }
    }

    @Test("an ERR00nn envelope is a server error with the code and message, known or not")
    func errorCodes() async throws {
        let server = try await TestServer.start { request in
            request.uri.hasSuffix("commit")
                ? .json(
                    #"{"status":"ERROR","responseObject":{"code":"ERR0008","message":"Incorrect activation state.","#
                        + #""localizedMessage":"Incorrect activation state."}}"#, status: 400)
                : .json(#"{"status":"ERROR","responseObject":{"code":"ERR0099","message":"new"}}"#, status: 400)
        }
        let http = try TestClients.make(for: server)
        try await TestClients.with(server, http) {
            let client = BackOfficeClient(httpClient: http)
            do {
                _ = try await client.send(
                    .activationCommit, BackOffice.CommitActivationRequest(activationId: "a-1"),
                    expecting: BackOffice.CommitActivationResponse.self)
                Issue.record("no error")
            } catch let error as BackOfficeError {
                #expect(error.code == .server && error.serverCode == .activationIncorrectState)
                #expect(error.serverMessage == "Incorrect activation state." && error.httpStatus == 400)
                #expect(error.reason.contains("ERR0008"))
            }
            do {
                _ = try await client.send(
                    .activationBlock, BackOffice.BlockActivationRequest(activationId: "a-1"),
                    expecting: BackOffice.BlockActivationResponse.self)
                Issue.record("no error")
            } catch let error as BackOfficeError {
                #expect(error.serverCode == .other("ERR0099"))
            }
        }
    }

    @Test(
        "HTML pages, 500s and 401s without an envelope are statusCode errors; a 200 without one is invalidResponse",
        arguments: [
            (#"<html><body>Whitelabel Error Page</body></html>"#, 500, BackOfficeError.Code.statusCode),
            ("Internal Server Error", 500, .statusCode), ("", 401, .statusCode),
            ("<html></html>", 200, .invalidResponse),
            (#"{"status":"OK","responseObject":{"activationId":"a"}}"#, 200, .invalidResponse),
            (#"{"status":"OK","responseObject":{"activationId":"a","activated":true}}"#, 500, .statusCode),
        ])
    func nonEnvelopes(body: String, status: Int, code: BackOfficeError.Code) async throws {
        let server = try await TestServer.start { _ in
            .text(body, status: status, headers: [("Content-Type", "text/html")])
        }
        let http = try TestClients.make(for: server)
        try await TestClients.with(server, http) {
            await #expect(throws: BackOfficeError(code, "")) {
                _ = try await BackOfficeClient(httpClient: http).send(
                    .activationCommit, BackOffice.CommitActivationRequest(activationId: "a"),
                    expecting: BackOffice.CommitActivationResponse.self)
            }
        }
    }

    @Test("with credentials every request carries HTTP Basic, and the log shows neither it nor the password")
    func basicAuth() async throws {
        let server = try await TestServer.start { request in
            request.header("Authorization") == "Basic " + Data("integration:s3cr3t-pw".utf8).base64EncodedString()
                ? .json(#"{"status":"OK","responseObject":{"applications":[]}}"#)
                : .text("Unauthorized", status: 401)
        }
        let capture = LogCapture()
        let http = try TestClients.make(for: server, logger: capture.logger()) {
            $0.logging = HTTPLogOptions(level: .all)
        }
        try await TestClients.with(server, http) {
            let credentials = try BackOfficeCredentials(user: "integration", password: "s3cr3t-pw")
            #expect(!credentials.description.contains("s3cr3t"))
            let response = try await BackOfficeClient(httpClient: http, credentials: credentials).send(
                .applicationList, expecting: BackOffice.GetApplicationListResponse.self)
            #expect(response.payload.applications.isEmpty)
            do {
                _ = try await BackOfficeClient(httpClient: http).send(
                    .applicationList, expecting: BackOffice.GetApplicationListResponse.self)
                Issue.record("no error without credentials")
            } catch let error as BackOfficeError {
                #expect(error.code == .statusCode && error.httpStatus == 401)
            }
            #expect(!capture.text.isEmpty)
            #expect(!capture.text.contains("s3cr3t-pw"))
            #expect(!capture.text.contains(Data("integration:s3cr3t-pw".utf8).base64EncodedString()))
        }
        #expect(throws: BackOfficeError(.invalidRequest, "")) {
            _ = try BackOfficeCredentials(user: "a:b", password: "x")
        }
    }

    @Test("a refused connection is a network error")
    func network() async throws {
        // Port 1 on loopback: nothing listens there (a stopped test server's port could be taken by another test).
        let url = URL(string: "http://127.0.0.1:1/rest")!
        var configuration = HTTPClientConfiguration(baseURL: url)
        configuration.requestTimeout = LoopbackLimits.requestTimeout
        configuration.allowInsecureHTTP = true
        let http = NIOHTTPClient(configuration: configuration, logger: nil)
        await #expect(throws: BackOfficeError(.network, "")) {
            _ = try await BackOfficeClient(httpClient: http).send(
                .applicationList, expecting: BackOffice.GetApplicationListResponse.self)
        }
        await http.shutdown()
    }
}
