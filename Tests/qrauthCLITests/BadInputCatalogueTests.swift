import Foundation
import Testing

/// The bad-input catalogue: every row runs the built `qrauth` on one hostile input and asserts the
/// exit code, one `qrauth: ...` line on standard error, nothing on standard output, and that no file
/// in the working folder was created or changed. A hung run is killed by a watchdog and fails its
/// row (no durations are measured). Rows run one at a time: dozens of processes at once on a small
/// machine would starve the timing-sensitive network tests running beside them.
@Suite("Bad input catalogue", .serialized)
struct BadInputCatalogueTests {
    /// One hostile run. Arguments may name files of the `Workspace` with `$NAME`.
    struct Row: CustomTestStringConvertible, Sendable {
        let name: String
        let arguments: [String]
        var environment: [String: String] = [:]
        let status: Int32
        /// A fragment the message must contain.
        var message: String?

        var testDescription: String { name }
    }

    static let rows: [Row] = [
        // Numbers out of range: usage errors before any arithmetic (these were crashes).
        Row(
            name: "code verify --digits huge", arguments: verify + ["--digits", "9223372036854775807"], status: 64,
            message: "--digits must be 4 to 8"),
        Row(name: "code verify --window 0", arguments: verify + ["--window", "0"], status: 64, message: "--window"),
        Row(
            name: "code verify --totp-step huge",
            arguments: verify + ["--totp-seed", "AAAA", "--totp-step", "9223372036854775807"], status: 64),
        Row(
            name: "operation approve --digits 99",
            arguments: [
                "operation", "approve", "--activation", "$device", "--password-env", "PIN", "--input", "$op",
                "--digits", "99",
            ], environment: ["PIN": "1234"], status: 64, message: "--digits"),
        Row(
            name: "scan --budget 1e18", arguments: ["scan", "--budget", "1e18", "$png"], status: 64, message: "--budget"
        ),
        Row(name: "scan --budget nan", arguments: ["scan", "--budget", "nan", "$png"], status: 64),
        Row(name: "scan --jobs 0", arguments: ["scan", "--jobs", "0", "$png"], status: 64),
        Row(name: "scan --jobs huge", arguments: ["scan", "--jobs", "1000000000", "$png"], status: 64),
        Row(
            name: "pins fingerprint --timeout 2147484",
            arguments: ["pins", "fingerprint", "--host", "127.0.0.1:9", "--timeout", "2147484"], status: 64,
            message: "--timeout must be 1 to 600"),
        Row(
            name: "pins verify --now -1",
            arguments: ["pins", "verify", "$list", "--public-key", "$key", "--now", "-1"],
            status: 64),
        Row(
            name: "pins verify --fail-within huge",
            arguments: ["pins", "verify", "$list", "--public-key", "$key", "--fail-within", "9223372036854775807"],
            status: 64),
        Row(
            name: "operation create --totp-step 0",
            arguments: [
                "operation", "create", "--server", "$server", "--data", "A1*A1CZK", "--totp-seed", "AAAA",
                "--totp-step", "0",
            ], status: 64),
        Row(
            name: "activation create --look-ahead 0",
            arguments: [
                "activation", "create", "--device", "$new", "--server", "$new2", "--password-env", "PIN",
                "--look-ahead", "0",
            ], environment: ["PIN": "1"], status: 64),
        Row(
            name: "qr encode --scale huge", arguments: ["qr", "encode", "x", "--scale", "4611686018427387904"],
            status: 64),
        Row(name: "qr encode --margin -1", arguments: ["qr", "encode", "x", "--margin=-1"], status: 64),
        Row(
            name: "sync --timeout 0",
            arguments: [
                "sync", "list", "--server", "https://127.0.0.1:9", "--activation", "$device", "--timeout", "0",
            ],
            status: 64),

        // Empty, zero-byte, non-UTF-8, huge, truncated, deep, duplicate keys.
        Row(name: "scan an empty file", arguments: ["scan", "$empty"], status: 4),
        Row(name: "scan bytes that are no image", arguments: ["scan", "$binary"], status: 4),
        Row(name: "scan a truncated PNG", arguments: ["scan", "$truncatedPNG"], status: 4),
        Row(
            name: "pins verify an empty list", arguments: ["pins", "verify", "$empty", "--public-key", "$key"],
            status: 4),
        Row(
            name: "pins verify non-UTF-8", arguments: ["pins", "verify", "$binary", "--public-key", "$key"], status: 4),
        Row(
            name: "pins verify deep nesting", arguments: ["pins", "verify", "$deep", "--public-key", "$key"], status: 4),
        Row(
            name: "pins verify duplicate keys", arguments: ["pins", "verify", "$dupList", "--public-key", "$key"],
            status: 4),
        Row(name: "pins lint a huge file", arguments: ["pins", "lint", "$huge"], status: 4, message: "limit"),
        Row(
            name: "pins sign with a certificate as the key",
            arguments: ["pins", "sign", "--key", "$cert", "--cert", "$cert", "--into", "$list"], status: 4),
        Row(name: "activation show an empty file", arguments: ["activation", "show", "$empty"], status: 4),
        Row(name: "activation show deep nesting", arguments: ["activation", "show", "$deep"], status: 4),
        Row(
            name: "activation show duplicate keys", arguments: ["activation", "show", "$dupDevice"], status: 4,
            message: "appears twice"),
        Row(
            name: "operation approve with duplicate keys",
            arguments: [
                "operation", "approve", "--activation", "$dupDevice", "--password-env", "PIN", "--input", "$op",
            ],
            environment: ["PIN": "1234"], status: 4, message: "appears twice"),
        Row(
            name: "code verify with duplicate keys",
            arguments: ["code", "verify", "--server", "$dupServer", "--code", "12345678-12345678", "--input", "$op"],
            status: 4, message: "appears twice"),
        Row(
            name: "activation import non-UTF-8", arguments: ["activation", "import", "$binary", "--device", "$new"],
            status: 4),
        Row(
            name: "activation import duplicate keys",
            arguments: ["activation", "import", "$dupStatus", "--device", "$new"], status: 4, message: "appears twice"),
        Row(
            name: "password file not UTF-8",
            arguments: [
                "operation", "approve", "--activation", "$device", "--password-file", "$binary", "--input",
                "$op",
            ], status: 4, message: "not valid UTF-8"),
        Row(
            name: "serve with a state file with duplicate keys",
            arguments: ["serve", "--http", "--port", "0", "--state", "$dupState"], status: 4,
            message: "appears twice"),
        Row(
            name: "serve with an empty state file", arguments: ["serve", "--http", "--port", "0", "--state", "$empty"],
            status: 4),

        // Pinning can never be silently off.
        Row(
            name: "sync --pins with --allow-http",
            arguments: [
                "sync", "list", "--server", "http://127.0.0.1:9", "--activation", "$device", "--pins", "$list",
                "--pins-key", "$key", "--allow-http",
            ], status: 64, message: "--allow-http"),

        // The mobile token's enrollment commands: refused before any network, nothing written.
        Row(
            name: "activation activate: malformed code",
            arguments: activate + ["--code", "AAAAA-AAAAA-AAAAA-AAAA", "--device", "$new"], environment: ["PIN": "1"],
            status: 4, message: "23 characters"),
        Row(
            name: "activation activate: CRC mismatch",
            arguments: activate + ["--code", "AAAAA-AAAAA-AAAAA-AAAAB", "--device", "$new"], environment: ["PIN": "1"],
            status: 4),
        Row(
            name: "activation activate: garbage sdk-config",
            arguments: [
                "activation", "activate", "--url", "https://127.0.0.1:9", "--sdk-config", "AQID", "--code",
                "VVVVV-VVVVV-VVVVV-VTFVA", "--device", "$new", "--password-env", "PIN",
            ], environment: ["PIN": "1"], status: 4, message: "mobileSdkConfig"),
        Row(
            name: "activation activate: no application",
            arguments: [
                "activation", "activate", "--url", "https://127.0.0.1:9", "--code", "VVVVV-VVVVV-VVVVV-VTFVA",
                "--device", "$new", "--password-env", "PIN",
            ], environment: ["PIN": "1"], status: 64, message: "--sdk-config"),
        Row(
            name: "activation activate --protocol 3.1",
            arguments: activate + ["--code", "VVVVV-VVVVV-VVVVV-VTFVA", "--device", "$new", "--protocol", "3.1"],
            environment: ["PIN": "1"], status: 64, message: "--protocol"),
        Row(
            name: "activation activate over an active device file",
            arguments: activate + ["--code", "VVVVV-VVVVV-VVVVV-VTFVA", "--device", "$device"],
            environment: ["PIN": "1"], status: 64, message: "--force"),
        Row(
            name: "activation activate over plain HTTP",
            arguments: [
                "activation", "activate", "--url", "http://127.0.0.1:9", "--sdk-config", sdkConfig, "--code",
                "VVVVV-VVVVV-VVVVV-VTFVA", "--device", "$new", "--password-env", "PIN",
            ], environment: ["PIN": "1"], status: 64, message: "--allow-http"),
        Row(
            name: "activation status: no device file",
            arguments: ["activation", "status", "--url", "https://127.0.0.1:9", "--device", "$new"], status: 4),
        Row(
            name: "activation remove without a password",
            arguments: ["activation", "remove", "--url", "https://127.0.0.1:9", "--device", "$device"], status: 64,
            message: "password"),
        Row(
            name: "token create --name with a control character",
            arguments: ["token", "create", "--url", "https://127.0.0.1:9", "--device", "$device", "--name", "a\u{7}b"],
            status: 64, message: "printable"),

        // Write failures a user can fix: exit 4 with the path and the OS reason.
        Row(
            name: "qr encode into a missing folder",
            arguments: ["qr", "encode", "x", "--output", "$missingFolder/x.png"], status: 4,
            message: "does not exist"),
        Row(
            name: "qr encode onto a directory",
            arguments: ["qr", "encode", "x", "--format", "png", "--output", "$folder"], status: 4,
            message: "folder"),
    ]

    /// A mobile SDK configuration (application key, secret, master public key of a throwaway test application).
    static let sdkConfig =
        "ARDUjKOr7SO2FbMd2ZGGebuTEI2KXOmTFL5N3pZEq5N8m4cBAUEENjc3/dZg4z/8xaA1hegM9ov+f3ocmWcNZ9HDQv7z4Pvdy9oF1ZoNhkr/"
        + "dVW3QsxGWyLjesUTfkz4vImXZjb8xQ=="
    static let activate = [
        "activation", "activate", "--url", "https://127.0.0.1:9", "--sdk-config", sdkConfig, "--password-env", "PIN",
    ]
    static let verify = ["code", "verify", "--server", "$server", "--code", "12345678-12345678", "--input", "$op"]

    @Test(arguments: rows)
    func row(_ row: Row) async throws {
        let workspace = try await Workspace.shared()
        let before = try workspace.contents()
        let arguments = row.arguments.map { workspace.substitute($0) }
        let result = try await CLIRunner.run(arguments, environment: row.environment, timeout: 120)
        #expect(result.status == row.status, "\(row.name): \(result.stderr)")
        let lines = result.stderr.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.count == 2 && lines[1].isEmpty, "\(row.name): not one line: \(result.stderr)")
        #expect(result.stderr.hasPrefix("qrauth: "), "\(row.name): \(result.stderr)")
        if let message = row.message {
            #expect(result.stderr.contains(message), "\(row.name): \(result.stderr)")
        }
        #expect(result.stdout.isEmpty, "\(row.name): printed \(result.stdout)")
        #expect(try workspace.contents() == before, "\(row.name) created or changed a file")
    }

    @Test func aPasswordFromTheEnvironmentThatIsNotUTF8IsRefusedLikeOneFromAFile() async throws {
        let workspace = try await Workspace.shared()
        let before = try workspace.contents()
        let script = """
            P="$(printf 'ab\\377')" exec "$0" operation approve --activation "$1" --password-env P --input "$2"
            """
        let result = try await CLIRunner.runShell(
            script, arguments: [CLIRunner.executable.path, workspace.path("device"), workspace.path("op")])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("not valid UTF-8"))
        #expect(try workspace.contents() == before)
    }

    @Test func aFullStandardOutputIsAnErrorNotASuccess() async throws {
        let result = try await CLIRunner.runShell(
            #"exec "$0" qr encode hello --format text > /dev/full"#, arguments: [CLIRunner.executable.path])
        #expect(result.status == 4, "\(result.stderr)")
        #expect(result.stderr.contains("standard output"))
        let json = try await CLIRunner.runShell(
            #"exec "$0" pac parse 'https://x/?oid=1&potp=2' --json > /dev/full"#, arguments: [CLIRunner.executable.path]
        )
        #expect(json.status == 4, "\(json.stderr)")
    }
}

/// The files the catalogue points at, made once per test process: a valid activation pair,
/// operation, list, key and image, and hostile variants.
final class Workspace: Sendable {
    let directory: URL
    let publicKey: String

    /// Made by the first caller; every later one awaits the same task.
    private static let made = Task { try await Workspace() }

    static func shared() async throws -> Workspace { try await made.value }

    func path(_ name: String) -> String { directory.appendingPathComponent(name).path }

    /// Replaces `$name` by the path of that file (`$key` by the list's public key).
    func substitute(_ argument: String) -> String {
        guard argument.hasPrefix("$") else { return argument }
        let name = String(argument.dropFirst())
        if name == "key" { return publicKey }
        if let slash = name.firstIndex(of: "/") {
            return path(String(name[..<slash])) + String(name[slash...])
        }
        return path(name)
    }

    /// Every file's name and bytes (sub-folders listed by name), to prove a run changed nothing.
    /// Lock sidecars are left out: they hold no state.
    func contents() throws -> [String: Data] {
        var result: [String: Data] = [:]
        // `.NAME.lock` sidecars are FileLock's by design (made on first use, never removed).
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path)
        where !(name.hasPrefix(".") && name.hasSuffix(".lock")) {
            var isDirectory: ObjCBool = false
            _ = FileManager.default.fileExists(atPath: path(name), isDirectory: &isDirectory)
            if isDirectory.boolValue {
                result[name + "/"] = Data()
            } else if name == "huge" {
                result[name] = Data("\(try FileManager.default.attributesOfItem(atPath: path(name))[.size] ?? 0)".utf8)
            } else {
                result[name] = try Data(contentsOf: URL(fileURLWithPath: path(name)))
            }
        }
        return result
    }

    private init() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        self.directory = directory
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        func write(_ name: String, _ data: Data) throws { try data.write(to: directory.appendingPathComponent(name)) }
        func text(_ name: String) throws -> String { try String(contentsOfFile: path(name), encoding: .utf8) }

        let created = try await CLIRunner.run(
            ["activation", "create", "--device", path("device"), "--server", path("server"), "--password-env", "PIN"],
            environment: ["PIN": "1234"])
        try #require(created.status == 0, "\(created.stderr)")
        let operation = try await CLIRunner.run(
            ["operation", "create", "--server", path("server"), "--data", "A1*A100CZK*ICZ2730300000001165254011"])
        try #require(operation.status == 0, "\(operation.stderr)")
        try write("op", operation.stdoutData)

        let keyFile = CLIRunner.fixture("ios-Tests-TestData-private.pem")
        let key = try await CLIRunner.run(["pins", "public-key", "--key", keyFile])
        try #require(key.status == 0, "\(key.stderr)")
        publicKey = key.stdout.trimmingCharacters(in: .whitespacesAndNewlines)
        try write(
            "list", Data(contentsOf: URL(fileURLWithPath: CLIRunner.fixture("generated-static-v1-payload.json"))))
        try write(
            "cert",
            Data(contentsOf: URL(fileURLWithPath: CLIRunner.fixture("ssl-pinning-tool-test-www.google.com.pem"))))

        let png = try await CLIRunner.run(["qr", "encode", "hello", "--format", "png"])
        try #require(png.status == 0)
        try write("png", png.stdoutData)
        try write("truncatedPNG", png.stdoutData.prefix(png.stdoutData.count / 2))

        try write("empty", Data())
        try write("binary", Data([0xFF, 0xFE, 0x00, 0x80, 0xC3, 0x28, 0x0A]))
        try write("deep", Data(String(repeating: "[", count: 100_000).utf8))
        _ = FileManager.default.createFile(atPath: path("huge"), contents: nil)
        let huge = try FileHandle(forWritingTo: directory.appendingPathComponent("huge"))
        try huge.truncate(atOffset: 65 << 20)  // sparse: larger than every reader's limit
        try huge.close()
        try FileManager.default.createDirectory(
            at: directory.appendingPathComponent("folder"), withIntermediateDirectories: false)

        // Duplicate keys: the same member twice, the second value different.
        let device = try text("device")
        try write(
            "dupDevice",
            Data(device.replacingOccurrences(of: "{\n", with: "{\n  \"counter\" : 7,\n", options: .anchored).utf8))
        let server = try text("server")
        try write(
            "dupServer",
            Data(server.replacingOccurrences(of: "{\n", with: "{\n  \"lookAhead\" : 1,\n", options: .anchored).utf8))
        let list = try text("list")
        try write(
            "dupList",
            Data(
                list.replacingOccurrences(
                    of: "\"name\": \"www.google.com\",",
                    with: "\"name\": \"www.google.com\", \"name\": \"evil.example\","
                ).utf8))
        try write(
            "dupStatus",
            Data(#"{"activationId":"a","activationId":"b","serverPublicKey":"AA=="}"#.utf8))
        try write(
            "dupState",
            Data(#"{"formatVersion":2,"formatVersion":1,"activations":[],"operations":[],"offlineOperations":[]}"#.utf8)
        )
    }
}
