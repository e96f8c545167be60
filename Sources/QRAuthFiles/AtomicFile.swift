public import struct FoundationEssentials.Data

#if canImport(Glibc)
    public import Glibc
#elseif canImport(Musl)
    public import Musl
#elseif canImport(Darwin)
    public import Darwin
#endif

#if canImport(Glibc)
    /// The permission bits of a file (the C library's `mode_t`).
    public typealias FileMode = Glibc.mode_t
#elseif canImport(Musl)
    public typealias FileMode = Musl.mode_t
#elseif canImport(Darwin)
    public typealias FileMode = Darwin.mode_t
#endif

/// Writes files so that a crash leaves either the old content or the new one, never a mix, and
/// so that what the path names is written — not replaced by something else.
///
/// - A regular file or a new path: the data goes to a fresh temporary file in the destination's
///   folder (created with the final permissions, so a secret never exists with wider ones), is
///   flushed with `fsync`, renamed over the destination, and the folder is synced so the rename
///   itself survives a power cut. An existing file keeps its permissions (and, for root, its owner).
/// - A symlink is followed; its target is replaced that way in the target's own folder.
/// - A device, FIFO or socket is written through, never replaced (`write`), or refused
///   (`writeState`, for files that must be replaced atomically).
/// - Temporary files of ours left by a killed run (`.<name>.tmp-XXXXXX`, older than a minute)
///   beside the destination are removed on the next write.
public enum AtomicFile {
    /// Permissions for files that hold secrets: owner read/write only.
    public static let secretMode: FileMode = 0o600
    /// Permissions for ordinary output files.
    public static let publicMode: FileMode = 0o644
    /// How old a leftover temporary file must be before a write removes it.
    static let staleTemporaryAge = 60

    /// Writes `data` to `path`: a regular file or new path atomically (permissions `mode` for a new
    /// file, kept for an existing one), a symlink's target likewise, a device or FIFO written through.
    public static func write(_ data: Data, to path: String, mode: FileMode = secretMode) throws(FileError) {
        try write(data, to: path, mode: mode, requireRegular: false)
    }

    /// Writes a state file: like `write`, but a device, FIFO or socket is refused with `.notRegular`,
    /// because state must be replaced atomically, and so is a file with more than one hard link (the rename
    /// would split the names, and a counter could then be spent once through each).
    public static func writeState(_ data: Data, to path: String, mode: FileMode = secretMode) throws(FileError) {
        try write(data, to: path, mode: mode, requireRegular: true)
    }

    private static func write(_ data: Data, to path: String, mode: mode_t, requireRegular: Bool) throws(FileError) {
        let target: String
        do {
            target = try FileIdentity.resolved(path)
        } catch {
            // The reason already names the path: keep only what follows it.
            let prefix = "\(path): "
            let reason = error.reason.hasPrefix(prefix) ? String(error.reason.dropFirst(prefix.count)) : error.reason
            throw FileError(.writeFailed, "cannot write \(path): \(reason)")
        }
        var info = stat()
        guard stat(target, &info) == 0 else {
            guard errno == ENOENT else { throw FileError(.writeFailed, "cannot write \(path): \(errnoText())") }
            try replace(data, at: target, mode: mode, owner: nil, displayPath: path)
            return
        }
        switch info.st_mode & S_IFMT {
        case S_IFREG:
            if requireRegular, info.st_nlink > 1 { throw FileError.hardLinked(path, count: Int(info.st_nlink)) }
            try replace(
                data, at: target, mode: info.st_mode & 0o7777, owner: (info.st_uid, info.st_gid), displayPath: path)
        case S_IFDIR:
            throw FileError(.writeFailed, "cannot write \(path): it is a folder")
        default:
            if requireRegular {
                throw FileError(
                    .notRegular,
                    "cannot write \(path): not a regular file (a device, FIFO or socket); state files are replaced atomically"
                )
            }
            try writeThrough(data, to: target, displayPath: path)
        }
    }

    private static func replace(
        _ data: Data, at target: String, mode: mode_t, owner: (uid_t, gid_t)?, displayPath path: String
    ) throws(FileError) {
        let directory = directoryName(of: target)
        let name = baseName(of: target)
        removeStaleTemporaries(in: directory, name: name)
        let template = FileIdentity.join(directory, ".\(name).tmp-XXXXXX")
        var templateBytes = Array(template.utf8CString)
        let fd = templateBytes.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
        guard fd >= 0 else {
            throw FileError(.writeFailed, "cannot write \(path): cannot create a file in \(directory): \(errnoText())")
        }
        let tempPath = String(decoding: templateBytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        var committed = false
        defer {
            if !committed { unlink(tempPath) }
        }
        do {
            defer { close(fd) }
            guard fchmod(fd, mode) == 0 else {
                throw FileError(.writeFailed, "cannot write \(path): cannot set permissions: \(errnoText())")
            }
            if let (uid, gid) = owner, uid != geteuid() || gid != getegid() {
                _ = fchown(fd, uid, gid)  // best effort: only root may give a file away
            }
            try writeAll(fd: fd, data: data, path: path)
            guard fsync(fd) == 0 else {
                throw FileError(.writeFailed, "cannot write \(path): cannot flush to disk: \(errnoText())")
            }
        }
        guard rename(tempPath, target) == 0 else {
            throw FileError(.writeFailed, "cannot write \(path): cannot move the new file into place: \(errnoText())")
        }
        committed = true
        syncDirectory(directory)
    }

    private static func writeThrough(_ data: Data, to target: String, displayPath path: String) throws(FileError) {
        // O_NONBLOCK so that a FIFO nobody reads fails at once (ENXIO) instead of hanging.
        let fd = open(target, O_WRONLY | O_NOCTTY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else {
            if errno == ENXIO {
                throw FileError(.writeFailed, "cannot write \(path): no process is reading it")
            }
            throw FileError(.writeFailed, "cannot write \(path): \(errnoText())")
        }
        defer { close(fd) }
        let flags = fcntl(fd, F_GETFL)
        if flags >= 0 { _ = fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) }
        try writeAll(fd: fd, data: data, path: path)
    }

    static func writeAll(fd: Int32, data: Data, path: String) throws(FileError) {
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

    /// Removes `.<name>.tmp-XXXXXX` files older than `staleTemporaryAge` seconds: what a killed
    /// writer left behind (they may hold secrets). Younger ones may belong to a running writer.
    static func removeStaleTemporaries(in directory: String, name: String) {
        guard let stream = opendir(directory) else { return }
        defer { closedir(stream) }
        let prefix = ".\(name).tmp-"
        let cutoff = time(nil) - staleTemporaryAge
        while let entry = readdir(stream) {
            let entryName = withUnsafePointer(to: &entry.pointee.d_name) {
                String(cString: UnsafeRawPointer($0).assumingMemoryBound(to: CChar.self))
            }
            guard entryName.hasPrefix(prefix), entryName.utf8.count == prefix.utf8.count + 6 else { continue }
            let path = FileIdentity.join(directory, entryName)
            var info = stat()
            guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_mtim.tv_sec < cutoff else {
                continue
            }
            unlink(path)
        }
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
