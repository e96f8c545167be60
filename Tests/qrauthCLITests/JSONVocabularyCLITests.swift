import Foundation
import Testing

/// Every command's `--json` against the vocabulary of docs/json.md: keys from the shared list or the command's own
/// list, lowerCamelCase keys, kebab-case values for the CLI's own enums, `status` never a number, and every error as
/// one `{"error":{"code","message"}}` line with a `domain.snake_case` code (and the same message on stderr).
@Suite("--json vocabulary (docs/json.md)", .serialized)
struct JSONVocabularyCLITests {
    /// docs/json.md, "The same key for the same thing".
    static let shared: Set<String> = [
        "path", "host", "valid", "verdict", "status", "exitCode", "operationId", "activationId", "signature",
        "signingKey", "fingerprint", "publicKey", "expires", "counterPosition", "listUpdate", "error",
        "operationError",
    ]

    /// Keys whose values are the CLI's own enum words: kebab-case.
    static let enumKeys: Set<String> = [
        "verdict", "kind", "counterPosition", "listUpdate", "form", "expiry", "event", "check", "pass", "symbology",
        "model",
        "severity", "signingKey",
    ]

    /// Subtrees that hold someone else's object (a server's, a library format's): their keys are not checked
    /// against the lists, only their case.
    static let passthrough: Set<String> = ["operation", "jwt", "domainsConfig", "verifyVersionResult", "secrets"]

    /// Each command's own keys (docs/json.md, "Per command"); nil: the whole document passes an object through.
    static let own: [String: Set<String>?] = [
        "activation create": activationKeys, "activation import": activationKeys, "activation show": activationKeys,
        "activation activate": ["protocolVersion", "algorithm"],
        "activation status": [
            "failedAttempts", "maxFailedAttempts", "remainingAttempts", "lookAhead", "counterDistance",
            "currentVersion", "upgradeVersion", "upgradeAvailable", "upgradeStarted", "protocolVersion", "algorithm",
            "signatureAlgorithms",
        ],
        "activation remove": [],
        "activation upgrade": ["outcome", "protocolVersion", "algorithm"],
        "token create": ["tokenId", "name", "replacedTokenId"], "token remove": ["tokenId", "name"],
        "token list": ["tokenId", "name"],
        "operation create": ["payload", "nonce", "totp"],
        "operation parse": nil,
        "operation verify": [],
        "operation approve": [
            "code", "displayCode", "signatureType", "signatureVerified", "counter", "unconfirmedCodes", "lookAhead",
        ],
        "code verify": [
            "signatureType", "matchedIteration", "counter", "failedAttempts", "maxFailedAttempts", "blockedNow",
            "refusal",
        ],
        "pac parse": ["totp", "form", "jwt"],
        "qr encode": ["version", "ecc", "size", "bytes", "format", "check", "checkPass", "content", "contentBase64"],
        "scan": [
            "symbols", "bytes", "text", "charsets", "charset", "source", "kind", "points", "pass", "symbology",
            "model", "operation", "pac", "totp", "form",
            "jwt",
            "budgetExhausted",
        ],
        "pins keygen": ["encrypted"], "pins public-key": ["pem"], "pins private-key": ["privateKey"],
        "pins fingerprint": [
            "depth", "commonName", "fingerprintHex", "spkiSHA256", "notBefore", "notAfter", "dnsNames",
        ],
        "pins sign": ["name"],
        "pins verify": [
            "entries", "index", "name", "expiry", "signedString", "diagnosis", "supersededBy", "missingNames",
        ],
        "pins verify-response": [
            "challengeAcceptedByServer", "timestamp", "entries", "name", "depth", "expiry", "domainsConfig",
            "verifyVersionResult",
        ],
        "pins lint": ["findings", "severity", "kind", "index", "message"],
        "pins prune": ["removed", "kept", "written", "name"],
        "pins check": ["commonName"],
        "sync list": nil, "sync detail": nil, "sync claim": nil, "sync history": nil,
        "sync approve": [], "sync reject": ["reason"],
        "sync watch": ["event", "operation"],
        "inbox count": ["countUnread"], "inbox list": nil, "inbox detail": nil, "inbox read": ["messageId", "read"],
        "inbox read-all": ["read"], "push register": ["platform", "token", "environment"],
        "backend app list": nil,
        "version": ["qrauth", "openssl", "zbar", "qrencode", "libpng", "libwebp", "libturbojpeg", "giflib", "libtiff"],
    ]

    static let activationKeys: Set<String> = [
        "kind", "formatVersion", "protocolVersion", "applicationKey", "serverPublicKey", "devicePublicKey",
        "masterServerPublicKey", "counter", "unconfirmedCodes", "lookAhead", "biometry", "failedAttempts",
        "maxFailedAttempts", "warning", "removed", "lastStatus", "counterDistance", "checkedAtMillis", "secrets",
        "tokens", "name", "tokenId", "algorithm", "signatureAlgorithms", "serverMLDSAPublicKey",
        "deviceMLDSAPublicKey",
    ]

    /// `operationId`, `spkiSHA256`: a lower-case ASCII letter, then ASCII letters and digits.
    static func isCamelCase(_ text: String) -> Bool {
        guard let first = text.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
        return text.unicodeScalars.allSatisfy { $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)) }
    }

    /// `key-unavailable`: lower-case ASCII words joined by single `separator`s.
    static func isWords(_ text: String, separator: Character) -> Bool {
        let words = text.split(separator: separator, omittingEmptySubsequences: false)
        return words.allSatisfy { word in
            !word.isEmpty && word.unicodeScalars.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) }
        }
    }

    /// `file.not_found`: a domain, a dot, a snake_case name.
    static func isErrorCode(_ text: String) -> Bool {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        return parts.count == 2 && isWords(String(parts[0]), separator: "_")
            && isWords(String(parts[1]), separator: "_")
    }

    /// What the vocabulary checks found wrong in one output (empty: it follows docs/json.md).
    static func problems(_ value: Any, command: String, at path: String = "") -> [String] {
        var found: [String] = []
        if let array = value as? [Any] {
            for item in array { found += problems(item, command: command, at: path + "[]") }
            return found
        }
        guard let object = value as? [String: Any] else { return [] }
        guard let allowed = own[command] else { return ["\(command): not in the checker's list"] }
        for (key, item) in object {
            let where_ = "\(command) \(path).\(key)"
            if !isCamelCase(key) { found.append("\(where_): key not lowerCamelCase") }
            if passthrough.contains(key) { continue }
            if let allowed, !shared.contains(key) && !allowed.contains(key) {
                found.append("\(where_): key not in docs/json.md")
            }
            if enumKeys.contains(key), let word = item as? String, !isWords(word, separator: "-") {
                found.append("\(where_): value \(word) not kebab-case")
            }
            if key == "status", !(item is String) { found.append("\(where_): status is not a string") }
            if key == "error" || key == "operationError", !(item is NSNull) {
                found += errorProblems(item, at: where_)
                continue
            }
            if allowed == nil { continue }  // a server's object: keys are the server's
            found += problems(item, command: command, at: path + "." + key)
        }
        return found
    }

    /// `{"code","message"}` with a `domain.snake_case` code.
    static func errorProblems(_ value: Any, at where_: String) -> [String] {
        guard let error = value as? [String: Any], Set(error.keys) == ["code", "message"],
            let code = error["code"] as? String, error["message"] is String
        else { return ["\(where_): not {\"code\",\"message\"}: \(value)"] }
        return !isErrorCode(code) ? ["\(where_): code \(code) is not domain.snake_case"] : []
    }

    /// Parses stdout: one document, or JSON lines for `scan` and `sync watch`.
    static func documents(_ result: CLIResult, lines: Bool) throws -> [Any] {
        if lines {
            return try result.stdout.split(separator: "\n").map {
                try JSONSerialization.jsonObject(with: Data($0.utf8), options: [.fragmentsAllowed])
            }
        }
        return [try JSONSerialization.jsonObject(with: result.stdoutData, options: [.fragmentsAllowed])]
    }

    /// A successful run: exit `status` (0, or 1 for a check that answered no), stdout in the vocabulary.
    static func expectDocument(
        _ command: String, _ result: CLIResult, status: Int32 = 0, lines: Bool = false,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(result.status == status, "\(command): \(result.stderr)", sourceLocation: sourceLocation)
        let parsed: [Any]
        do {
            parsed = try documents(result, lines: lines)
        } catch {
            Issue.record("\(command): stdout is not JSON: \(result.stdout)", sourceLocation: sourceLocation)
            return
        }
        #expect(!parsed.isEmpty, "\(command) printed nothing", sourceLocation: sourceLocation)
        for document in parsed {
            let found = problems(document, command: command)
            #expect(found.isEmpty, "\(found)", sourceLocation: sourceLocation)
        }
    }

    /// A failed run: a non-zero exit `status`, the last stdout line is the error object, the message on stderr.
    static func expectError(
        _ command: String, _ result: CLIResult, status: Int32, code: String? = nil,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        #expect(result.status == status, "\(command): \(result.stderr)", sourceLocation: sourceLocation)
        let last = try #require(
            result.stdout.split(separator: "\n").last, "\(command): no JSON error on stdout",
            sourceLocation: sourceLocation)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(last.utf8)) as? [String: Any], sourceLocation: sourceLocation)
        #expect(Array(object.keys) == ["error"], "\(command): \(last)", sourceLocation: sourceLocation)
        let found = errorProblems(object["error"] as Any, at: command)
        #expect(found.isEmpty, "\(found)", sourceLocation: sourceLocation)
        let error = object["error"] as? [String: Any]
        if let code {
            #expect(error?["code"] as? String == code, "\(command): \(last)", sourceLocation: sourceLocation)
        }
        if let message = error?["message"] as? String {
            #expect(
                result.stderr.contains("qrauth: \(message)"), "\(command): \(result.stderr)",
                sourceLocation: sourceLocation)
        }
    }

    @Test("the checker itself: it flags a snake key, a camel value, a numeric status and a bare error string")
    func checkerFindsViolations() {
        #expect(
            Self.problems(["valid": true, "verdict": "key-unavailable", "path": "a"], command: "operation verify")
                .isEmpty)
        #expect(Self.problems(["operation_id": "x"], command: "operation verify").count == 2)
        #expect(Self.problems(["verdict": "keyUnavailable"], command: "operation verify").count == 1)
        #expect(Self.problems(["status": 1], command: "activation remove").count == 1)
        #expect(Self.problems(["error": "no such file"], command: "scan").count == 1)
        #expect(Self.problems(["file": "a.png"], command: "scan").count == 1)
        #expect(Self.errorProblems(["code": "FileNotFound", "message": "m"], at: "x").count == 1)
    }

    @Test("offline commands: activation, operation, code, pac, qr, scan, pins, version")
    func offlineCommands() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        let missing = path("missing.json")
        let env = ["PIN": "1234"]
        func run(_ arguments: [String]) async throws -> CLIResult {
            try await CLIRunner.run(arguments, environment: env)
        }

        // activation
        let (device, server) = (path("d.json"), path("s.json"))
        try await Self.expectDocument(
            "activation create",
            run([
                "activation", "create", "--device", device, "--server-activation", server, "--password-env", "PIN",
                "--json",
            ]))
        try await Self.expectError(
            "activation create",
            run([
                "activation", "create", "--device", device, "--server-activation", server, "--password-env", "PIN",
                "--json",
            ]),
            status: 64, code: "cli.usage")
        try await Self.expectDocument("activation show", run(["activation", "show", device, "--json"]))
        try await Self.expectDocument("activation show", run(["activation", "show", server, "--json", "--reveal"]))
        try await Self.expectError(
            "activation show", run(["activation", "show", missing, "--json"]), status: 4, code: "file.not_found")
        try await Self.expectError(
            "activation import", run(["activation", "import", missing, "--device", path("i.json"), "--json"]), status: 4
        )

        // operation, code
        let created = try await run([
            "operation", "create", "--server-activation", server, "--title", "Pay", "--data", "A1*A100CZK", "--flags",
            "B", "--qr", path("op.png"), "--json",
        ])
        try Self.expectDocument("operation create", created)
        let operation = try #require(
            (try JSONSerialization.jsonObject(with: created.stdoutData) as? [String: Any])?["payload"] as? String)
        try await Self.expectError(
            "operation create",
            run(["operation", "create", "--server-activation", missing, "--title", "T", "--data", "A1", "--json"]),
            status: 4)
        try await Self.expectDocument("operation parse", run(["operation", "parse", operation, "--json"]))
        try await Self.expectError(
            "operation parse", run(["operation", "parse", "not an operation", "--json"]), status: 4,
            code: "operation.too_few_lines")
        try await Self.expectDocument(
            "operation verify", run(["operation", "verify", operation, "--device", device, "--json"]))
        try await Self.expectError(
            "operation verify", run(["operation", "verify", operation, "--json"]), status: 64, code: "cli.usage")
        let approved = try await run([
            "operation", "approve", operation, "--device", device, "--password-env", "PIN", "--json",
        ])
        try Self.expectDocument("operation approve", approved)
        let code = try #require(
            (try JSONSerialization.jsonObject(with: approved.stdoutData) as? [String: Any])?["code"] as? String)
        try await Self.expectError(
            "operation approve",
            run(["operation", "approve", operation, "--device", missing, "--password-env", "PIN", "--json"]),
            status: 4)
        try await Self.expectDocument(
            "code verify",
            run(["code", "verify", "--server-activation", server, "--code", code, "--operation", operation, "--json"]))
        try await Self.expectDocument(
            "code verify",
            run([
                "code", "verify", "--server-activation", server, "--code", "12345678-12345678", "--operation",
                operation, "--json",
            ]),
            status: 1)
        try await Self.expectError(
            "code verify",
            run(["code", "verify", "--server-activation", missing, "--code", "1", "--operation", operation, "--json"]),
            status: 4)

        // pac, qr, scan
        try await Self.expectDocument(
            "pac parse", run(["pac", "parse", "https://example.com/?oid=1234&potp=5678", "--json"]))
        try await Self.expectDocument(
            "pac parse",
            run(["pac", "parse", "eyJhbGciOiJub25lIn0.eyJvaWQiOiJvcDEiLCJwb3RwIjoiMTExMTExMTEifQ==", "--json"]))
        try await Self.expectError("pac parse", run(["pac", "parse", "nothing", "--json"]), status: 4)
        try await Self.expectDocument("qr encode", run(["qr", "encode", "hello", "--output", path("h.png"), "--json"]))
        try await Self.expectError(
            "qr encode", run(["qr", "encode", "hello", "--format", "nope", "--json"]), status: 64)
        try await Self.expectDocument(
            "scan", run(["scan", path("op.png"), path("h.png"), "--parse", "--device", device, "--json"]), lines: true)
        let scanFailed = try await run(["scan", missing, "--json"])
        try Self.expectDocument("scan", scanFailed, status: 4, lines: true)
        #expect(scanFailed.stdout.contains("\"code\":\"cli.malformed_input\""), "\(scanFailed.stdout)")

        // pins
        let key = path("k.pem")
        try await Self.expectDocument("pins keygen", run(["pins", "keygen", "--out", key, "--json"]))
        try await Self.expectError("pins keygen", run(["pins", "keygen", "--out", key, "--json"]), status: 64)
        try await Self.expectDocument("pins public-key", run(["pins", "public-key", "--key", key, "--json"]))
        try await Self.expectError(
            "pins public-key", run(["pins", "public-key", "--key", missing, "--json"]), status: 4)
        try await Self.expectDocument("pins private-key", run(["pins", "private-key", "--key", key, "--json"]))
        try await Self.expectError(
            "pins private-key", run(["pins", "private-key", "--key", missing, "--json"]), status: 4)
        let certificate = PinsCLITests.google
        try await Self.expectDocument("pins fingerprint", run(["pins", "fingerprint", certificate, "--json"]))
        try await Self.expectError("pins fingerprint", run(["pins", "fingerprint", missing, "--json"]), status: 4)
        let list = path("list.json")
        let signed = try await run([
            "pins", "sign", "--key", key, "--name", "a.example", "--fingerprint", String(repeating: "ab", count: 32),
            "--expires", "1700000000", "--json",
        ])
        try Self.expectDocument("pins sign", signed)
        // A DER signature, over something else: a document saying invalid, exit 1.
        let otherSignature = try #require(
            (try JSONSerialization.jsonObject(with: signed.stdoutData) as? [String: Any])?["signature"] as? String)
        #expect(try await run(["pins", "sign", "--key", key, "--cert", certificate, "--into", list]).status == 0)
        #expect(
            try await run([
                "pins", "sign", "--key", key, "--name", "old.example", "--fingerprint",
                String(repeating: "cd", count: 32), "--expires", "1000", "--into", list,
            ]).status == 0)
        try await Self.expectError(
            "pins sign", run(["pins", "sign", "--key", missing, "--cert", certificate, "--json"]), status: 4)
        let publicKey = try await run(["pins", "public-key", "--key", key]).stdout.trimmingCharacters(
            in: .whitespacesAndNewlines)
        try await Self.expectDocument(
            "pins verify",
            run(["pins", "verify", list, "--public-key", publicKey, "--now", "1539000000", "--json", "--explain"]),
            status: 2)
        try await Self.expectError(
            "pins verify", run(["pins", "verify", missing, "--public-key", publicKey, "--json"]), status: 4)
        try await Self.expectDocument(
            "pins lint", run(["pins", "lint", list, "--now", "1539000000", "--json"]), status: 2)
        try await Self.expectError("pins lint", run(["pins", "lint", missing, "--json"]), status: 4)
        try await Self.expectDocument(
            "pins check",
            run([
                "pins", "check", list, "--public-key", publicKey, "--cert", certificate, "--now", "1539000000",
                "--json",
            ]))
        try await Self.expectError(
            "pins check", run(["pins", "check", missing, "--public-key", publicKey, "--cert", certificate, "--json"]),
            status: 4)
        let pruned = try await run(["pins", "prune", list, "--now", "1539000000", "--json"])
        try Self.expectDocument("pins prune", pruned)
        let removed = (try JSONSerialization.jsonObject(with: pruned.stdoutData) as? [String: Any])?["removed"]
        #expect((removed as? [[String: Any]])?.first?["name"] as? String == "old.example", "\(pruned.stdout)")
        try await Self.expectError(
            "pins prune", run(["pins", "prune", missing, "--json"]), status: 4, code: "file.not_found")
        try await Self.expectError(
            "pins prune", run(["pins", "prune", "--json", "--bogus"]), status: 64, code: "cli.usage")
        let body = path("body.json")
        try Data("{\"fingerprints\":[]}".utf8).write(to: URL(fileURLWithPath: body))
        try await Self.expectDocument(
            "pins verify-response",
            run([
                "pins", "verify-response", body, "--challenge", "abc", "--signature", otherSignature, "--public-key",
                publicKey, "--json",
            ]),
            status: 1)
        try await Self.expectError(
            "pins verify-response",
            run([
                "pins", "verify-response", missing, "--challenge", "abc", "--signature", "x", "--public-key", publicKey,
                "--json",
            ]),
            status: 4)

        try await Self.expectDocument("version", run(["version", "--json"]))
        try await Self.expectError("version", run(["version", "--json", "--bogus"]), status: 64, code: "cli.usage")
    }

    @Test("network commands against qrauth serve: activation, token, sync, backend")
    func networkCommands() async throws {
        let directory = try CLIRunner.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let serve = try await ServeProcess(in: directory, arguments: ["--admin", "--backoffice"], lineCount: 9)
        defer { serve.stop() }
        let rest = try #require(serve.value("backoffice"))
        let application = try #require(serve.value("application"))
        let sdkConfig = try #require(serve.value("sdk-config"))
        let env = ["PIN": "1234"]
        func run(_ arguments: [String]) async throws -> CLIResult {
            try await CLIRunner.run(arguments, environment: env)
        }
        let closed = ["--url", "http://127.0.0.1:1", "--allow-http", "--timeout", "5"]

        // backend (a server's responseObject passes through)
        try await Self.expectDocument(
            "backend app list", run(["backend", "app", "list", "--url", rest, "--ca", serve.caPath, "--json"]))
        try await Self.expectError("backend app list", run(["backend", "app", "list", "--json"] + closed), status: 5)
        let initialised = try await run([
            "backend", "activation", "init", "--user-id", "alice", "--application-id", application, "--url", rest,
            "--ca",
            serve.caPath, "--json",
        ])
        let activation = try #require(try JSONSerialization.jsonObject(with: initialised.stdoutData) as? [String: Any])
        let activationId = try #require(activation["activationId"] as? String)
        let code = try #require(activation["activationCode"] as? String)
        let codeSignature = try #require(activation["activationSignature"] as? String)

        // activation activate|status|remove, token create|remove
        let phone = directory.appendingPathComponent("mobile.json").path
        let activate = [
            "activation", "activate", "--url", serve.url, "--sdk-config", sdkConfig, "--device", phone, "--protocol",
            "3.3",
        ]
        try await Self.expectError(
            "activation activate",
            run(
                activate + [
                    "--code", "not-a-code", "--password-env", "PIN", "--ca", serve.caPath, "--json",
                ]),
            status: 4)
        try await Self.expectDocument(
            "activation activate",
            run(
                activate + [
                    "--code", code + "#" + codeSignature, "--password-env", "PIN", "--ca", serve.caPath, "--json",
                ]))
        #expect(
            try await run([
                "backend", "activation", "commit", "--activation-id", activationId, "--url", rest, "--ca", serve.caPath,
            ]).status == 0)
        let device = ["--url", serve.url, "--device", phone, "--ca", serve.caPath]
        try await Self.expectDocument("activation status", run(["activation", "status", "--json"] + device))
        try await Self.expectError(
            "activation status", run(["activation", "status", "--json", "--device", phone] + closed), status: 5)
        try await Self.expectDocument(
            "token create", run(["token", "create", "--password-env", "PIN", "--json"] + device))
        try await Self.expectDocument(
            "token remove", run(["token", "remove", "--password-env", "PIN", "--json"] + device))
        try await Self.expectError(
            "token create", run(["token", "create", "--password-env", "PIN", "--json", "--device", phone] + closed),
            status: 5)
        try await Self.expectError(
            "token remove", run(["token", "remove", "--password-env", "PIN", "--json", "--device", phone] + closed),
            status: 4, code: "enroll.missing_activation")  // no token left to remove: refused before connecting
        try await Self.expectDocument("token list", run(["token", "list", "--json", "--device", phone]))
        try await Self.expectError(
            "token list", run(["token", "list", "--json", "--device", phone + ".missing"]), status: 4,
            code: "file.not_found")

        // sync: three operations for the activated phone, one unassigned (several activations are loaded)
        func createOperation(_ extra: String) async throws -> String {
            let output = directory.appendingPathComponent("created.json").path
            let status = try await ServeCLITests.curl([
                "--cacert", serve.caPath, "-o", output, "-d",
                #"{"data":"A1*A100CZK","title":"Pay"\#(extra)}"#, "\(serve.url)/admin/operations",
            ])
            try #require(status == 0)
            let object = try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: output)))
            let created = ((object as? [String: Any])?["responseObject"] as? [String: Any])?["operation"]
            return try #require((created as? [String: Any])?["id"] as? String, "\(object)")
        }
        let mine = #","activationId":"\#(activationId)""#
        let (first, second, third) = await (
            try await createOperation(mine), try createOperation(mine), try createOperation(mine)
        )
        try await Self.expectDocument("sync list", run(["sync", "list", "--json"] + device))
        try await Self.expectError(
            "sync list", run(["sync", "list", "--json", "--device", phone] + closed), status: 5, code: "mtoken.network")
        try await Self.expectDocument("sync detail", run(["sync", "detail", first, "--json"] + device))
        try await Self.expectError(
            "sync detail", run(["sync", "detail", "no-such-operation", "--json"] + device), status: 1)
        try await Self.expectDocument(
            "sync watch", run(["sync", "watch", "--polls", "1", "--json"] + device), lines: true)
        let watchFailed = try await CLIRunner.runProcess(
            CLIRunner.executable, ["sync", "watch", "--polls", "1", "--json", "--device", phone] + closed,
            environment: [:], timeout: 60)
        try Self.expectDocument("sync watch", watchFailed, status: 5, lines: true)
        try Self.expectError("sync watch", watchFailed, status: 5)
        try await Self.expectDocument(
            "sync approve", run(["sync", "approve", first, "--password-env", "PIN", "--json"] + device))
        try await Self.expectError(
            "sync approve", run(["sync", "approve", first, "--password-env", "PIN", "--json"] + device), status: 1)
        try await Self.expectDocument("sync reject", run(["sync", "reject", second, "--json"] + device))
        try await Self.expectError(
            "sync reject", run(["sync", "reject", "no-such-operation", "--json"] + device), status: 1)
        try await Self.expectDocument(
            "sync history", run(["sync", "history", "--password-env", "PIN", "--json"] + device))
        try await Self.expectError(
            "sync history", run(["sync", "history", "--json"] + device), status: 64, code: "cli.usage")
        try await Self.expectDocument("sync claim", run(["sync", "claim", third, "--json"] + device))
        try await Self.expectError(
            "sync claim", run(["sync", "claim", "no-such-operation", "--json"] + device), status: 1)

        // The 3.3 phone upgrades to 4.0 (serve offers it); a second upgrade has nothing to do.
        let upgrade = ["activation", "upgrade", "--sdk-config", sdkConfig, "--password-env", "PIN", "--json"]
        try await Self.expectDocument("activation upgrade", run(upgrade + device))
        try await Self.expectError("activation upgrade", run(upgrade + device), status: 64, code: "cli.usage")

        try await Self.expectDocument(
            "activation remove", run(["activation", "remove", "--password-env", "PIN", "--json"] + device))
        try await Self.expectError(
            "activation remove", run(["activation", "remove", "--password-env", "PIN", "--json"] + device), status: 4)
    }

    @Test("every leaf command but serve has --json")
    func everyCommandHasJSON() async throws {
        for leaf in try await VerbosityCLITests.leafCommands() where leaf.path != ["serve"] {
            #expect(leaf.names.contains("--json"), "\(leaf.path.joined(separator: " ")) has no --json")
        }
    }
}
