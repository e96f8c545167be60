import Foundation
import Testing

@Suite("qrauth pac parse")
struct PACCLITests {
    static let jwt =
        "eyJhbGciOiJub25lIiwidHlwZSI6IkpXVCJ9.eyJvaWQiOiIzYjllZGZkMi00ZDgyLTQ3N2MtYjRiMy0yMGZhNWM5OWM5OTMiLCJwb3RwIjoiMTQzNTc0NTgifQ=="
    static let base64URLJWT = "eyJhbGciOiJub25lIn0.eyJvaWQiOiI_Pz4ifQ"

    @Test func deeplinkInHumanForm() async throws {
        let result = try await CLIRunner.run([
            "pac", "parse", "scheme://operation?oid=df6128fc-ca51-44b7-befa-ca0e1408aa63&potp=56725494",
        ])
        #expect(result.status == 0)
        #expect(result.stdout.contains("PAC (deeplink with oid)"))
        #expect(result.stdout.contains("operation id   df6128fc-ca51-44b7-befa-ca0e1408aa63"))
        #expect(result.stdout.contains("TOTP           56725494"))
    }

    @Test func jwtAsJSONSaysUnsignedAndUnverified() async throws {
        let result = try await CLIRunner.run(["pac", "parse", "--json", Self.jwt])
        #expect(result.status == 0)
        let object = try #require(try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: Any])
        #expect(object["operationId"] as? String == "3b9edfd2-4d82-477c-b4b3-20fa5c99c993")
        #expect(object["totp"] as? String == "14357458")
        #expect(object["form"] as? String == "jwt")
        let jwt = try #require(object["jwt"] as? [String: Any])
        #expect(jwt["unsigned"] as? Bool == true)
        #expect(jwt["verified"] as? Bool == false)
        #expect(jwt["payloadEncoding"] as? String == "base64")
        #expect(jwt["totpKey"] as? String == "potp")
    }

    @Test func base64URLIsAnExtensionUnlessSDKStrict() async throws {
        let lenient = try await CLIRunner.run(["pac", "parse", Self.base64URLJWT])
        #expect(lenient.status == 0)
        #expect(lenient.stdout.contains("base64url (the Wultra SDKs reject this encoding)"))
        let strict = try await CLIRunner.run(["pac", "parse", "--sdk-strict", Self.base64URLJWT])
        #expect(strict.status == 4)
        #expect(strict.stderr.hasPrefix("qrauth: the PAC text: the JWT payload is not Base64"))
    }

    @Test func fileInputIgnoresOneTrailingLineFeed() async throws {
        let result = try await CLIRunner.run(
            ["pac", "parse", "--input", "-"], stdin: Data("scheme://op?oid=A&potp=1\n".utf8))
        #expect(result.status == 0)
        #expect(result.stdout.contains("TOTP           1\n"))
    }

    @Test(arguments: ["", "abc", "operation?oid=1", "scheme://operation?code=abc"])
    func notAPACPayloadExitsFour(_ text: String) async throws {
        let result = try await CLIRunner.run(["pac", "parse", text])
        #expect(result.status == 4)
        #expect(result.stderr.hasPrefix("qrauth: "))
        #expect(result.stderr.filter { $0 == "\n" }.count == 1)
    }
}
