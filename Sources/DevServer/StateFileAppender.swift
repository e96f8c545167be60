import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Appends lines to the `--state` file and syncs them: the cheap half of the state file's
/// persistence (the other half is a full snapshot through `AtomicFile`).
enum StateFileAppender {
    /// An append that failed (the file is cut back to its old length when that still works).
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    /// Appends `data` to the regular file at `path` and syncs it; on failure the file is cut back to
    /// its old length.
    static func append(_ data: Data, to path: String) throws(Failure) {
        guard !data.isEmpty else { return }
        let fd = open(path, O_WRONLY | O_APPEND | O_CLOEXEC)
        guard fd >= 0 else { throw Failure(description: "cannot open \(path): \(reason())") }
        defer { close(fd) }
        var info = stat()
        guard fstat(fd, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG else {
            throw Failure(description: "\(path) is not a regular file")
        }
        let oldLength = info.st_size
        let failure: String? = data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count {
                let written = write(fd, raw.baseAddress! + offset, raw.count - offset)
                if written < 0 {
                    if errno == EINTR { continue }
                    return "cannot append to \(path): \(reason())"
                }
                offset += written
            }
            return fsync(fd) == 0 ? nil : "cannot sync \(path): \(reason())"
        }
        guard let failure else { return }
        if ftruncate(fd, oldLength) == 0 { _ = fsync(fd) }
        throw Failure(description: failure)
    }

    private static func reason() -> String { String(cString: strerror(errno)) }
}
