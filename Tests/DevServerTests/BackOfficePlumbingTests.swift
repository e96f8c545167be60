import DevServer
import Foundation
import MobileTokenAPI
import OfflineOperations
import Testing

@Suite("Back-office REST plumbing")
struct BackOfficePlumbingTests {
    /// A body with one required and one optional member.
    struct Probe: Decodable {
        var name: String
        var count: Int?
    }

    static func decode(_ body: String) -> Result<Probe, BackOfficeFailure> {
        Result { () throws(BackOfficeFailure) in
            try BackOfficeRoute.requestObject(
                Data(body.utf8), as: Probe.self)
        }
    }

    static func basic(_ login: String) -> [String: String] {
        ["Authorization": "Basic " + Data(login.utf8).base64EncodedString()]
    }

    @Test("off by default: /rest/v3 is the emulator's 404")
    func offByDefault() async throws {
        let harness = try TestHarness()
        let response = await harness.rest("operation/list", #"{"requestObject":{"userId":"alice"}}"#)
        #expect(response.status == 404)
        #expect(try TestHarness.errorCode(response) == "ERROR_NOT_FOUND")
    }

    @Test("an unknown back-office path is 404 ERROR_NOT_FOUND in the server's error envelope")
    func unknownPath() async throws {
        let harness = try TestHarness(backOffice: BackOfficeConfiguration())
        let response = await harness.rest("no/such/thing")
        #expect(response.status == 404)
        let body = try #require(try TestHarness.json(response)["responseObject"] as? [String: Any])
        #expect(body["code"] as? String == "ERROR_NOT_FOUND")
        #expect(body["localizedMessage"] as? String != nil)
    }

    @Test(
        "requestObject decoding: unreadable bodies are ERROR_HTTP_REQUEST, missing members ERR0024",
        arguments: [
            ("not json", "ERROR_HTTP_REQUEST"), ("[1]", "ERROR_HTTP_REQUEST"), (#""text""#, "ERROR_HTTP_REQUEST"),
            (#"{"requestObject":[1]}"#, "ERROR_HTTP_REQUEST"), (#"{"requestObject":{"name":5}}"#, "ERROR_HTTP_REQUEST"),
            (#"{"requestObject":{"name":"a","count":"x"}}"#, "ERROR_HTTP_REQUEST"), ("{}", "ERR0024"),
            (#"{"requestObject":null}"#, "ERR0024"), (#"{"requestObject":{}}"#, "ERR0024"),
            (#"{"requestObject":{"name":null}}"#, "ERR0024"),
        ])
    func decoding(body: String, code: String) throws {
        guard case .failure(let failure) = Self.decode(body) else {
            Issue.record("\(body) decoded")
            return
        }
        #expect(failure.code.rawValue == code, "\(body): \(failure.message)")
        #expect(failure.code.httpStatus == 400)
    }

    @Test("a complete requestObject decodes; a missing member is named in the message")
    func decodes() throws {
        let probe = try Self.decode(#"{"requestObject":{"name":"a","count":3,"extra":true}}"#).get()
        #expect(probe.name == "a" && probe.count == 3)
        guard case .failure(let failure) = Self.decode(#"{"requestObject":{"count":3}}"#) else {
            Issue.record("decoded without name")
            return
        }
        #expect(failure.message.contains("requestObject.name"))
    }

    @Test("Basic auth: missing, wrong user, wrong password and a malformed header are 401 ERR_AUTHENTICATION")
    func basicAuth() async throws {
        let credentials = try BackOfficeLogin(username: "bank", password: "s3cret:with:colons")
        let harness = try TestHarness(backOffice: BackOfficeConfiguration(credentials: credentials))
        for headers in [
            [:], Self.basic("bank:wrong"), Self.basic("other:s3cret:with:colons"), Self.basic("bank"),
            ["Authorization": "Basic !!!"], ["Authorization": "Bearer x"],
        ] {
            let response = await harness.rest("no/such/thing", headers: headers)
            #expect(response.status == 401, "\(headers)")
            #expect(try TestHarness.errorCode(response) == "ERR_AUTHENTICATION")
        }
        let passed = await harness.rest("no/such/thing", headers: Self.basic("bank:s3cret:with:colons"))
        #expect(passed.status == 404)
        // The rest of the emulator is not behind the back-office login.
        let admin = await harness.admin("GET", "/admin/activations")
        #expect(admin.status == 200)
    }

    @Test("credentials are read as one user:password line")
    func credentialsParsing() throws {
        let parsed = try BackOfficeLogin(parsing: "bank:pa:ss\n")
        #expect(parsed.username == "bank")
        for bad in ["", "nocolon", ":pass", "user:", "a:b\nc:d"] {
            #expect(throws: DevServerError.self, "\(bad)") { try BackOfficeLogin(parsing: bad) }
        }
    }

    @Test("with its own listener the back office answers only there, and serves nothing else")
    func separateListener() async throws {
        let harness = try TestHarness(backOffice: BackOfficeConfiguration(separateListener: true))
        let onMain = await harness.rest("no/such/thing")
        #expect(onMain.status == 404)
        #expect(try TestHarness.errorCode(onMain) == "ERROR_NOT_FOUND")
        let json = try TestHarness.json(onMain)["responseObject"] as? [String: Any]
        #expect(json?["localizedMessage"] == nil, "the main listener answers as the emulator, not the back office")
        let onOffice = await harness.rest("no/such/thing", listener: .backOffice)
        #expect((try TestHarness.json(onOffice)["responseObject"] as? [String: Any])?["localizedMessage"] != nil)
        let mobile = await harness.server.respond(
            to: TestRequest(method: "GET", path: "/admin/activations", listener: .backOffice))
        #expect(mobile.status == 404)
    }
}
