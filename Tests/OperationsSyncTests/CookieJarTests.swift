import Foundation
import NIOConcurrencyHelpers
import OperationsSync
import Testing

@Suite("Cookie jar", .timeLimit(.minutes(1)))
struct CookieJarTests {
    @Test("with a jar, cookies set by the server are sent back; without one (the default) they are not")
    func roundTrip() async throws {
        let server = try await TestServer.start { request in
            request.uri == "/login"
                ? .text("in", headers: [("Set-Cookie", "SESSION=abc123; Path=/; HttpOnly"), ("Set-Cookie", "lang=cs")])
                : .text("ok")
        }
        let jar = CookieJar()
        let withJar = try TestClients.make(for: server) { $0.cookieJar = jar }
        let withoutJar = try TestClients.make(for: server)
        #expect(withoutJar.configuration.cookieJar == nil)
        try await TestClients.with(server, withJar) {
            _ = try await withJar.get("/login")
            _ = try await withJar.get("/account")
            _ = try await withoutJar.get("/login")
            _ = try await withoutJar.get("/account")
            await withoutJar.shutdown()
            let requests = server.requests
            #expect(requests[0].header("Cookie") == nil)
            #expect(requests[1].header("Cookie") == "SESSION=abc123; lang=cs")
            #expect(requests[3].header("Cookie") == nil)
            #expect(jar.cookies.map(\.name).sorted() == ["SESSION", "lang"])
            #expect(jar.cookies.first { $0.name == "SESSION" }?.isHTTPOnly == true)
        }
    }

    @Test("Max-Age expires a cookie on the injected clock; Max-Age=0 deletes it")
    func expiry() throws {
        let now = NIOLockedValueBox(Date(timeIntervalSince1970: 1_700_000_000))
        let jar = CookieJar { now.withLockedValue { $0 } }
        let url = try #require(URL(string: "https://bank.example/app/login"))
        jar.store(setCookie: ["short=1; Max-Age=60", "long=2; Expires=Wed, 01 Jan 2200 00:00:00 GMT"], from: url)
        #expect(jar.cookies.map(\.name).sorted() == ["long", "short"])
        now.withLockedValue { $0 += 61 }
        #expect(jar.cookies.map(\.name) == ["long"])
        jar.store(setCookie: ["long=2; Max-Age=0"], from: url)
        #expect(jar.cookies.isEmpty)
    }

    @Test("domain, path and Secure decide which requests carry a cookie")
    func matching() throws {
        let jar = CookieJar()
        let login = try #require(URL(string: "https://api.bank.example/auth/login"))
        jar.store(
            setCookie: [
                "host=1", "wide=2; Domain=.bank.example; Path=/", "secure=3; Secure; Path=/",
                "evil=4; Domain=other.example", "deep=5; Path=/auth/admin",
            ], from: login)
        #expect(!jar.cookies.contains { $0.name == "evil" })

        func names(_ text: String) throws -> [String] {
            jar.cookies(for: try #require(URL(string: text))).map(\.name).sorted()
        }
        #expect(try names("https://api.bank.example/auth/x") == ["host", "secure", "wide"])
        #expect(try names("https://www.bank.example/") == ["wide"])
        #expect(try names("http://api.bank.example/auth/x") == ["host", "wide"])
        #expect(try names("https://api.bank.example/auth/admin/users") == ["deep", "host", "secure", "wide"])
        #expect(try names("https://api.bank.example/auth/administrator") == ["host", "secure", "wide"])
        #expect(try names("https://bank.example.org/") == [])
        jar.removeAll()
        #expect(jar.cookies.isEmpty)
    }
}
