package import struct FoundationEssentials.Data

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends to an existing regular file and syncs it: the cheap half of a journal whose other half
/// is a full snapshot through `AtomicFile`. A failed append is cut back to the old length (when that
/// still works), so the file never ends in part of the new data.
package enum AppendFile {
    /// Appends `data` to the regular file at `path` and syncs it.
    package static func append(_ data: Data, to path: String) throws(FileError) {
        guard !data.isEmpty else { return }
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw FileError(.writeFailed, "cannot open \(path): \(errnoText())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw FileError(.notRegular, "\(path) is not a regular file")
        }
        let oldLength = info.st_size
        do throws(FileError) {
            try AtomicFile.writeAll(fd: fd, data: data, path: path)
            guard fsync(fd) == 0 else { throw FileError(.writeFailed, "cannot sync \(path): \(errnoText())") }
        } catch {
            if ftruncate(fd, oldLength) == 0 { _ = fsync(fd) }
            throw error
        }
    }
}
