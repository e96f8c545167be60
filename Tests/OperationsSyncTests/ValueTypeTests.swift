import Foundation
import HTTPTypes
import QRAuthEncoding
import Testing

@testable import OperationsSync

@Suite("Value types: headers, percent-encoding, targets, errors, redaction")
struct ValueTypeTests {
    @Test(
        "header fields (HTTPFields, as the client uses them): case-insensitive lookup, set replaces all, add keeps order"
    )
    func headerFields() throws {
        var headers = try HTTPFields(validating: ["Accept": "a", "X-Multi": "1"])
        headers.append(try HTTPField.validated(name: "x-multi", value: "2"))
        #expect(headers["ACCEPT"] == "a")
        #expect(headers.values(for: "X-MULTI") == ["1", "2"])
        let multi = try HTTPField.validated(name: "X-Multi", value: "3")
        headers[fields: multi.name] = [multi]
        #expect(headers.values(for: "x-multi") == ["3"])
        #expect(headers.map(\.name.rawName) == ["Accept", "X-Multi"])
        headers[.accept] = nil
        #expect(!headers.contains(.accept))
        #expect(headers.count == 1)
    }

    @Test("a header value with CR, LF or NUL, or a name that is not a token, is refused (HTTPField would repair it)")
    func validatedFields() throws {
        for value in ["a\r\nInjected: yes", "a\nb", "a\rb", "a\u{0}b"] {
            let error = #expect(throws: HTTPClientError.self) { try HTTPField.validated(name: "X-Evil", value: value) }
            #expect(error?.code == .invalidRequest)
            #expect(error?.reason == "value of header X-Evil contains a line break")
            // What swift-http-types alone would do: the line break becomes a space and the value is sent.
            #expect(HTTPField(name: HTTPField.Name("X-Evil")!, value: value).value.contains(" "))
        }
        let badName = #expect(throws: HTTPClientError.self) { try HTTPField.validated(name: "Bad Name", value: "x") }
        #expect(badName?.reason == "header name \"Bad Name\" is not valid")
        #expect(try HTTPField.validated(name: "X-Fine", value: "a\tb c").value == "a\tb c")
    }

    @Test(
        "a validated value is otherwise HTTPField's: spaces and tabs around it trimmed, other control characters made spaces"
    )
    func validatedValuesRepairedAsHTTPFieldDoes() throws {
        let cases: [(given: String, sent: String)] = [
            ("  a b  ", "a b"), ("\ta\t", "a"), (" \t ", ""), ("a\u{1B}[31mb", "a [31mb"), ("a\u{7F}b", "a b"),
            ("a\u{01}\u{08}b", "a  b"), ("a\u{0B}\u{0C}b", "a  b"), ("ok\u{1F}", "ok"), ("čeština", "čeština"),
        ]
        for (given, sent) in cases {
            #expect(!HTTPField.isValidValue(given) || given == sent)
            #expect(try HTTPField.validated(name: "X-Value", value: given).value == sent, "\(given.debugDescription)")
        }
    }

    @Test("resolved targets: default ports, Host header, IPv6 brackets, request URI")
    func targets() throws {
        let plain = try ResolvedTarget(
            #require(URL(string: "https://bank.example/a%20b?x=1")), allowInsecureHTTP: false)
        #expect(plain.port == 443)
        #expect(plain.hostHeader == "bank.example")
        #expect(plain.requestURI == "/a%20b?x=1")
        #expect(!plain.hostIsIPAddress)
        let ipv6 = try ResolvedTarget(#require(URL(string: "http://[::1]:8080")), allowInsecureHTTP: true)
        #expect(ipv6.host == "::1")
        #expect(ipv6.hostHeader == "[::1]:8080")
        #expect(ipv6.requestURI == "/")
        #expect(ipv6.hostIsIPAddress)
        #expect(throws: HTTPClientError(.insecureHTTPRefused, "")) {
            try ResolvedTarget(#require(URL(string: "http://bank.example")), allowInsecureHTTP: false)
        }
    }

    @Test("error codes are stable, unique and compared by code only")
    func errorCodes() {
        let codes = HTTPClientError.Code.allCases.map(\.rawValue)
        #expect(Set(codes).count == codes.count)
        #expect(codes.allSatisfy { $0.hasPrefix("http.") })
        #expect(HTTPClientError.Code.pinningDenied.rawValue == "http.pinning_denied")
        #expect(HTTPClientError(.timeout, "a") == HTTPClientError(.timeout, "b"))
        #expect(HTTPClientError(.timeout, "a") != HTTPClientError(.network, "a"))
        #expect(HTTPClientError(.tls, "bad chain").description == "http.tls: bad chain")
    }

    @Test("a bare code matches an error in switch and catch")
    func codePatterns() async {
        func classify(_ error: HTTPClientError) -> String {
            switch error {
            case .timeout: "timeout"
            case .cancelled: "cancelled"
            default: "other"
            }
        }
        #expect(classify(HTTPClientError(.timeout, "slow")) == "timeout")
        #expect(classify(HTTPClientError(.cancelled, "")) == "cancelled")
        #expect(classify(HTTPClientError(.tls, "")) == "other")
        let client = NIOHTTPClient(configuration: HTTPClientConfiguration())
        do {
            _ = try await client.get("/no-base-url")
            Issue.record("expected an error")
        } catch .invalidURL {
            // matched by code
        } catch {
            Issue.record("unexpected \(error)")
        }
    }

    @Test("the redactor hides URL passwords, secret JSON fields at any depth and secret form fields")
    func redactor() throws {
        let redactor = LogRedactor(extraNames: ["customerNumber"])
        let url = try #require(URL(string: "https://user:pa55@bank.example/x?customer_number=42&page=1"))
        let text = redactor.url(url)
        #expect(!text.contains("pa55"))
        #expect(!text.contains("42"))
        #expect(text.contains("page=1"))
        let json = Data(#"[{"activationSecret":"s1","list":[{"otp":"123456","id":"x"}],"publicKey":"pk"}]"#.utf8)
        let body = redactor.body(json, contentType: "application/json")
        #expect(!body.contains("s1") && !body.contains("123456"))
        #expect(body.contains("\"id\":\"x\"") && body.contains("\"publicKey\":\"pk\""))
        #expect(redactor.body(Data("{broken".utf8), contentType: "application/json") == "<7 bytes of malformed JSON>")
        #expect(redactor.body(Data([0xFF, 0xFE]), contentType: nil) == "<2 bytes>")
        // The back office's activation OTP (`activation/init` and `commit` bodies, `-vv`) is a secret too.
        let otpBody = redactor.body(
            Data(#"{"requestObject":{"activationOtp":"98765","userId":"alice"}}"#.utf8), contentType: "application/json"
        )
        #expect(!otpBody.contains("98765") && otpBody.contains("alice"))
        #expect(HTTPEventLogger.truncate("abcdef", limit: 4) == "abcd… [truncated 2 characters]")
        #expect(HTTPEventLogger.truncate("abc", limit: 4) == "abc")
    }
}
