public import struct FoundationEssentials.Data

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reads whole inputs from files or standard input (`-`), with a size cap so a huge or endless
/// input fails with a typed error instead of exhausting memory.
public enum FileInput {
    /// The default cap: 64 MiB.
    public static let defaultLimit = 64 << 20

    /// Reads `path` (or standard input when `path` is `-`), refusing more than `limit` bytes.
    public static func read(_ path: String, limit: Int = defaultLimit) throws(FileError) -> Data {
        try read(path, limit: limit, singleLink: false)
    }

    /// Reads a state file (an activation, a server state): like `read`, but a file with more than one
    /// hard link is refused with `.notRegular`. Its lock and its atomic replacement follow the name, so two
    /// names of one file would let two runs spend one counter; `AtomicFile.writeState` refuses it too.
    public static func readState(_ path: String, limit: Int = defaultLimit) throws(FileError) -> Data {
        try read(path, limit: limit, singleLink: true)
    }

    private static func read(_ path: String, limit: Int, singleLink: Bool) throws(FileError) -> Data {
        if path == "-" {
            return try readAll(fd: STDIN_FILENO, name: "standard input", limit: limit)
        }
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENOENT { throw FileError(.notFound, "\(path): no such file") }
            throw FileError(.unreadable, "\(path): \(errnoText())")
        }
        defer { close(fd) }
        var info = stat()
        if fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFDIR {
            throw FileError(.unreadable, "\(path): is a directory")
        }
        if singleLink, (info.st_mode & S_IFMT) == S_IFREG, info.st_nlink > 1 {
            throw FileError.hardLinked(path, count: Int(info.st_nlink))
        }
        return try readAll(fd: fd, name: path, limit: limit)
    }

    private static func readAll(fd: Int32, name: String, limit: Int) throws(FileError) -> Data {
        var result = Data()
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = chunk.withUnsafeMutableBytes { systemRead(fd, $0.baseAddress!, $0.count) }
            if count < 0 {
                if errno == EINTR { continue }
                throw FileError(.unreadable, "\(name): \(errnoText())")
            }
            if count == 0 { return result }
            if result.count + count > limit {
                throw FileError(.tooLarge, "\(name): larger than the \(limit)-byte limit")
            }
            result.append(contentsOf: chunk[0..<count])
        }
    }
}

/// `read(2)`, named apart from `FileInput.read`.
func systemRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.read(fd, buffer, count)
    #elseif canImport(Musl)
        Musl.read(fd, buffer, count)
    #else
        Darwin.read(fd, buffer, count)
    #endif
}
