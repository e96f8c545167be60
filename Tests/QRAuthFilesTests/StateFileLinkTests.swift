import Foundation
import QRAuthFiles
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// A state file with two names would have two locks and be split by the atomic rename: refused both ways.
@Suite("State files with more than one hard link")
struct StateFileLinkTests {
    @Test func readStateAndWriteStateRefuseAHardLinkedFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qrauth-links-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.json"
        try AtomicFile.writeState(Data("{}".utf8), to: path)
        #expect(try FileInput.readState(path) == Data("{}".utf8))
        #expect(link(path, directory + "/second.json") == 0)
        for name in [path, directory + "/second.json"] {
            #expect(throws: FileError(.notRegular, "")) { try FileInput.readState(name) }
            #expect(throws: FileError(.notRegular, "")) { try AtomicFile.writeState(Data("{\"a\":1}".utf8), to: name) }
        }
        // Both names still hold the same, unchanged file; an ordinary read and write are unaffected.
        #expect(try FileInput.read(path) == Data("{}".utf8))
        unlink(directory + "/second.json")
        try AtomicFile.writeState(Data("{\"a\":1}".utf8), to: path)
        #expect(try FileInput.readState(path) == Data("{\"a\":1}".utf8))
    }
}
