import Foundation
import QRAuthFiles
import Testing

@Suite("Appends to a journal file")
struct AppendFileTests {
    @Test func appendsAndRefusesWhatIsNotAnExistingRegularFile() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qrauth-append-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/state.json"
        try AtomicFile.writeState(Data("snapshot\n".utf8), to: path)
        try AppendFile.append(Data("one\n".utf8), to: path)
        try AppendFile.append(Data(), to: path)
        try AppendFile.append(Data("two\n".utf8), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "snapshot\none\ntwo\n")

        #expect(throws: FileError(.writeFailed, "")) { try AppendFile.append(Data("x".utf8), to: directory + "/nope") }
        #expect(throws: FileError(.notRegular, "")) { try AppendFile.append(Data("x".utf8), to: "/dev/null") }
    }
}
