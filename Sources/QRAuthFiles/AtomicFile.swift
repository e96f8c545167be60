public import struct Foundation.Data

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes files so that a crash leaves either the old content or the new one, never a mix.
///
/// The data goes to a fresh temporary file in the destination's directory (created with the final
/// permissions, so a secret never exists with wider ones), is flushed with `fsync`, renamed over
/// the destination, and the directory is synced so the rename itself survives a power cut.
public enum AtomicFile {
    /// Permissions for files that hold secrets: owner read/write only.
    public static let secretMode: mode_t = 0o600
    /// Permissions for ordinary output files.
    public static let publicMode: mode_t = 0o644

    /// Atomically replaces (or creates) `path` with `data`, with permissions `mode`.
    public static func write(_ data: Data, to path: String, mode: mode_t = secretMode) throws(FileError) {
        let directory = directoryName(of: path)
        let template = directory + "/.\(baseName(of: path)).tmp-XXXXXX"
        var templateBytes = Array(template.utf8CString)
        let fd = templateBytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw FileError(.writeFailed, "cannot create a temporary file in \(directory): \(errnoText())")
        }
        let tempPath = String(decoding: templateBytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(tempPath) }
        }
        do {
            defer { close(fd) }
            guard fchmod(fd, mode) == 0 else {
                throw FileError(.writeFailed, "cannot set permissions on \(tempPath): \(errnoText())")
            }
            try writeAll(fd: fd, data: data, path: path)
            guard fsync(fd) == 0 else {
                throw FileError(.writeFailed, "cannot flush \(path) to disk: \(errnoText())")
            }
        }
        guard rename(tempPath, path) == 0 else {
            throw FileError(.writeFailed, "cannot move the new \(path) into place: \(errnoText())")
        }
        committed = true
        syncDirectory(directory)
    }

    private static func writeAll(fd: Int32, data: Data, path: String) throws(FileError) {
        let failure: FileError? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = systemWrite(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return FileError(.writeFailed, "cannot write \(path): \(errnoText())")
                }
                offset += written
            }
            return nil
        }
        if let failure { throw failure }
    }

    private static func syncDirectory(_ directory: String) {
        let fd = open(directory, O_RDONLY | O_DIRECTORY)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    static func directoryName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return "." }
        let directory = String(path[..<slash])
        return directory.isEmpty ? "/" : directory
    }

    static func baseName(of path: String) -> String {
        guard let slash = path.lastIndex(of: "/") else { return path }
        return String(path[path.index(after: slash)...])
    }
}

/// `write(2)`, named apart from `AtomicFile.write`.
func systemWrite(_ fd: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
    #if canImport(Glibc)
        Glibc.write(fd, buffer, count)
    #elseif canImport(Musl)
        Musl.write(fd, buffer, count)
    #else
        Darwin.write(fd, buffer, count)
    #endif
}

/// The current `errno` as text.
func errnoText() -> String {
    String(cString: strerror(errno))
}
