import Foundation
import Testing

@Suite("General command line behaviour")
struct GeneralCLITests {
    @Test func versionListsEveryLibrary() async throws {
        let result = try await CLIRunner.run(["version", "--json"])
        #expect(result.status == 0)
        let report = try JSONSerialization.jsonObject(with: result.stdoutData) as? [String: String]
        for key in ["qrauth", "openssl", "zbar", "qrencode", "libpng", "libwebp", "libturbojpeg", "giflib", "libtiff"] {
            #expect(report?[key]?.isEmpty == false, "missing \(key)")
        }
        // Debian's libjpeg-turbo headers carry its version; the shim turns it into major.minor.patch.
        #expect(report?["libturbojpeg"]?.range(of: #"^\d+\.\d+\.\d+$"#, options: .regularExpression) != nil)
    }

    @Test func unknownCommandIsUsageError() async throws {
        let result = try await CLIRunner.run(["no-such-command"])
        #expect(result.status == 64)
        #expect(result.stderr.contains("Unexpected argument"))
    }

    @Test func helpExitsZero() async throws {
        let result = try await CLIRunner.run(["--help"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("Exit codes"))
    }
}
