import Foundation
import QRAuthFiles
import QRAuthTestSupport
import Testing

@Suite("Atomic writes and bounded reads")
struct AtomicFileTests {
    private func temporaryDirectory() throws -> String {
        try TemporaryDirectory.make(prefix: "files").path
    }

    @Test func writesWithSecretModeAndLeavesNoTemporaryFile() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/activation.json"
        try AtomicFile.write(Data("first".utf8), to: path)
        try AtomicFile.write(Data("second".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory) == ["activation.json"])
    }

    @Test func publicModeIsHonoured() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/list.json"
        try AtomicFile.write(Data("{}".utf8), to: path, mode: AtomicFile.publicMode)
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? Int) == 0o644)
    }

    @Test func failedWriteLeavesOldContent() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/missing-dir/file"
        #expect(throws: FileError(.writeFailed, "")) { try AtomicFile.write(Data("x".utf8), to: path) }
    }

    @Test func readRefusesMissingDirectoryAndOversized() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: FileError(.notFound, "")) { try FileInput.read(directory + "/nope") }
        #expect(throws: FileError(.unreadable, "")) { try FileInput.read(directory) }
        let path = directory + "/big"
        try AtomicFile.write(Data(repeating: 7, count: 1000), to: path)
        #expect(throws: FileError(.tooLarge, "")) { try FileInput.read(path, limit: 999) }
        #expect(try FileInput.read(path, limit: 1000).count == 1000)
    }
}
