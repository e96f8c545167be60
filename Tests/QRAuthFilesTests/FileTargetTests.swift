import Foundation
import QRAuthFiles
import QRAuthTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What `AtomicFile` writes when the path is not a plain file: symlinks, devices, FIFOs, folders,
/// existing permissions, and what a killed writer left behind.
@Suite("Write targets: symlinks, special files, modes, leftovers")
struct FileTargetTests {
    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("qrauth-targets-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    private func fileType(_ path: String) -> mode_t {
        var info = stat()
        guard lstat(path, &info) == 0 else { return 0 }
        return info.st_mode & S_IFMT
    }

    private func permissions(_ path: String) -> Int {
        var info = stat()
        guard stat(path, &info) == 0 else { return -1 }
        return Int(info.st_mode & 0o7777)
    }

    @Test func symlinkIsFollowedAndStaysASymlink() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createDirectory(atPath: directory + "/real", withIntermediateDirectories: true)
        let target = directory + "/real/device.json"
        try AtomicFile.write(Data("old".utf8), to: target)
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/link.json", withDestinationPath: "real/device.json")

        try AtomicFile.writeState(Data("new".utf8), to: directory + "/link.json")

        #expect(fileType(directory + "/link.json") == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "new")
        #expect(permissions(target) == 0o600)
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory + "/real") == ["device.json"])
    }

    @Test func danglingSymlinkCreatesItsTarget() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(
            atPath: directory + "/link", withDestinationPath: directory + "/made")
        try AtomicFile.write(Data("x".utf8), to: directory + "/link")
        #expect(fileType(directory + "/link") == S_IFLNK)
        #expect(try String(contentsOfFile: directory + "/made", encoding: .utf8) == "x")
    }

    @Test func symlinkLoopIsAnError() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try FileManager.default.createSymbolicLink(atPath: directory + "/a", withDestinationPath: "b")
        try FileManager.default.createSymbolicLink(atPath: directory + "/b", withDestinationPath: "a")
        #expect(throws: FileError(.writeFailed, "")) { try AtomicFile.write(Data("x".utf8), to: directory + "/a") }
        #expect(fileType(directory + "/a") == S_IFLNK)
    }

    @Test func existingPermissionsAreKept() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/list.json"
        try AtomicFile.write(Data("1".utf8), to: path, mode: 0o444)
        #expect(permissions(path) == 0o444)
        try AtomicFile.write(Data("2".utf8), to: path, mode: AtomicFile.secretMode)
        #expect(permissions(path) == 0o444)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "2")
        chmod(path, 0o640)
        try AtomicFile.writeState(Data("3".utf8), to: path)
        #expect(permissions(path) == 0o640)
    }

    @Test func deviceIsWrittenThroughNotReplaced() throws {
        try AtomicFile.write(Data("discarded".utf8), to: "/dev/null")
        #expect(fileType("/dev/null") == S_IFCHR)
    }

    @Test func fullDeviceReportsTheErrorAndStaysADevice() throws {
        guard FileManager.default.fileExists(atPath: "/dev/full") else { return }
        let error = #expect(throws: FileError.self) { try AtomicFile.write(Data("x".utf8), to: "/dev/full") }
        #expect(error?.code == .writeFailed)
        #expect(error?.reason.contains("/dev/full") == true)
        #expect(fileType("/dev/full") == S_IFCHR)
    }

    @Test func stateFilesRefuseDevicesAndFIFOs() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: FileError(.notRegular, "")) { try AtomicFile.writeState(Data("x".utf8), to: "/dev/null") }
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(throws: FileError(.notRegular, "")) { try AtomicFile.writeState(Data("x".utf8), to: fifo) }
        #expect(fileType(fifo) == S_IFIFO)
    }

    @Test func fifoWithoutReaderFailsAtOnceAndWithReaderIsWrittenThrough() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let fifo = directory + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        let error = #expect(throws: FileError.self) { try AtomicFile.write(Data("x".utf8), to: fifo) }
        #expect(error?.reason.contains("no process is reading") == true)

        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        #expect(reader >= 0)
        defer { close(reader) }
        try AtomicFile.write(Data("through".utf8), to: fifo)
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = read(reader, &buffer, buffer.count)
        #expect(count == 7)
        #expect(String(decoding: buffer.prefix(max(count, 0)), as: UTF8.self) == "through")
        #expect(fileType(fifo) == S_IFIFO)
    }

    @Test func folderAsTargetIsAWriteFailureNamingThePath() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let error = #expect(throws: FileError.self) { try AtomicFile.write(Data("x".utf8), to: directory) }
        #expect(error?.code == .writeFailed)
        #expect(error?.reason.contains("folder") == true)
    }

    @Test func missingFolderIsNamed() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let error = #expect(throws: FileError.self) {
            try AtomicFile.write(Data("x".utf8), to: directory + "/nope/file.json")
        }
        #expect(error?.code == .writeFailed)
        #expect(error?.reason.contains("nope") == true)
        #expect(error?.reason.components(separatedBy: "file.json").count == 2)  // the path is named once
    }

    @Test func staleTemporariesAreRemovedYoungOnesKept() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let stale = directory + "/.device.json.tmp-AbC123"
        let young = directory + "/.device.json.tmp-XyZ789"
        let other = directory + "/.other.json.tmp-AbC123"
        for path in [stale, young, other] {
            #expect(FileManager.default.createFile(atPath: path, contents: Data("secret".utf8)))
        }
        var old = [timeval(tv_sec: time(nil) - 3600, tv_usec: 0), timeval(tv_sec: time(nil) - 3600, tv_usec: 0)]
        #expect(utimes(stale, &old) == 0)
        #expect(utimes(other, &old) == 0)

        try AtomicFile.writeState(Data("{}".utf8), to: directory + "/device.json")

        let names = Set(try FileManager.default.contentsOfDirectory(atPath: directory))
        #expect(names == ["device.json", ".device.json.tmp-XyZ789", ".other.json.tmp-AbC123"])
    }
}

@Suite("File identity")
struct FileIdentityTests {
    @Test func spellingsOfOneFileAreOne() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("qrauth-id-\(UUID())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let previous = FileManager.default.currentDirectoryPath
        #expect(FileManager.default.changeCurrentDirectoryPath(directory))
        defer { _ = FileManager.default.changeCurrentDirectoryPath(previous) }

        // Neither exists yet: still one file.
        #expect(FileIdentity.sameFile("a.json", "./a.json"))
        #expect(FileIdentity.sameFile("a.json", directory + "/sub/../a.json") == false)  // sub/ does not exist
        #expect(!FileIdentity.sameFile("a.json", "b.json"))

        try Data("x".utf8).write(to: URL(fileURLWithPath: directory + "/a.json"))
        try FileManager.default.createDirectory(atPath: directory + "/sub", withIntermediateDirectories: true)
        #expect(FileIdentity.sameFile("a.json", directory + "/sub/../a.json"))
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: "a.json")
        #expect(FileIdentity.sameFile("link", "a.json"))
        #expect(link(directory + "/a.json", directory + "/hard.json") == 0)
        #expect(FileIdentity.sameFile("hard.json", "a.json"))
        #expect(try FileIdentity.resolved("link") == FileIdentity.resolved(directory + "/a.json"))
    }
}

@Suite("File locks")
struct FileLockTests {
    private func temporaryDirectory() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("qrauth-lock-\(UUID())").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        return path
    }

    @Test func secondHolderWaitsThenTimesOutNamingThePath() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/device.json"
        let first = try FileLock.acquire(for: path)
        let error = #expect(throws: FileError.self) { try FileLock.acquire(for: path, timeout: .milliseconds(50)) }
        #expect(error?.code == .locked)
        #expect(error?.reason.contains("device.json") == true)
        first.release()
        let again = try FileLock.acquire(for: path, timeout: .milliseconds(50))
        again.release()
    }

    @Test func aSymlinkSharesItsTargetsLock() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        try AtomicFile.write(Data("{}".utf8), to: directory + "/device.json")
        try FileManager.default.createSymbolicLink(atPath: directory + "/link", withDestinationPath: "device.json")
        let held = try FileLock.acquire(for: directory + "/link")
        defer { held.release() }
        #expect(held.lockPath.hasSuffix("/.device.json.lock"))
        #expect(throws: FileError(.locked, "")) {
            try FileLock.acquire(for: directory + "/device.json", timeout: .milliseconds(20))
        }
        var info = stat()
        #expect(stat(held.lockPath, &info) == 0 && (info.st_mode & 0o777) == 0o600)
    }

    @Test func parallelReadModifyWriteCyclesLoseNoUpdate() async throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let path = directory + "/counter"
        try AtomicFile.writeState(Data("0".utf8), to: path)
        let workers = 8
        let rounds = 25
        // Threads of their own: a worker waiting for the lock blocks, which the cooperative pool must not.
        await OwnThreads.run(workers) { _ in
            for _ in 0..<rounds {
                try? FileLock.withLock(for: path) {
                    let value = Int(String(decoding: try FileInput.read(path), as: UTF8.self)) ?? -1000
                    usleep(200)
                    try AtomicFile.writeState(Data(String(value + 1).utf8), to: path)
                }
            }
        }
        #expect(String(decoding: try FileInput.read(path), as: UTF8.self) == String(workers * rounds))
    }

    @Test func missingFolderIsALockFailureNotACrash() throws {
        let directory = try temporaryDirectory()
        defer { try? FileManager.default.removeItem(atPath: directory) }
        #expect(throws: FileError.self) { try FileLock.acquire(for: directory + "/nope/device.json") }
    }
}
