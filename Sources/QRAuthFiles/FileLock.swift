#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive advisory lock (`flock`) guarding one file's read–modify–write cycle, so that two
/// processes (or two threads) never both read the same state and write back their own change.
///
/// The lock is taken on a sidecar `.<name>.lock` (mode 0600, never removed: removing it would let
/// a waiter lock an unlinked inode) beside the file the path resolves to, symlinks followed,
/// because the state file itself is replaced by a rename on every write. Every spelling of one
/// path — relative, absolute, through a symlink — therefore shares one lock.
public final class FileLock {
    /// How long `acquire` waits for another holder by default.
    public static let defaultTimeout: Duration = .seconds(30)

    private var descriptor: Int32
    /// The path of the sidecar lock file.
    public let lockPath: String

    private init(descriptor: Int32, lockPath: String) {
        self.descriptor = descriptor
        self.lockPath = lockPath
    }

    deinit { release() }

    /// Waits up to `timeout` for the lock guarding `path`. Throws `.locked` naming the path when
    /// another process keeps it that long, `.lockFailed` when the lock file cannot be made.
    public static func acquire(for path: String, timeout: Duration = defaultTimeout) throws(FileError) -> FileLock {
        let target = try FileIdentity.resolved(path)
        let lockPath = FileIdentity.join(
            AtomicFile.directoryName(of: target), ".\(AtomicFile.baseName(of: target)).lock")
        let fd = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW, AtomicFile.secretMode)
        guard fd >= 0 else {
            throw FileError(.lockFailed, "cannot create the lock file \(lockPath): \(errnoText())")
        }
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause: Duration = .milliseconds(5)
        while true {
            if flock(fd, LOCK_EX | LOCK_NB) == 0 { return FileLock(descriptor: fd, lockPath: lockPath) }
            let reason = errno
            if reason == EINTR { continue }
            guard reason == EWOULDBLOCK || reason == EAGAIN else {
                close(fd)
                throw FileError(.lockFailed, "cannot lock \(lockPath): \(String(cString: strerror(reason)))")
            }
            let now = clock.now
            guard now < deadline else {
                close(fd)
                throw FileError(
                    .locked,
                    "\(path) is in use by another process (waited \(describe(timeout))); try again when it has finished"
                )
            }
            sleepFor(min(pause, now.duration(to: deadline)))
            pause = min(pause * 2, .milliseconds(100))
        }
    }

    /// Runs `body` while holding the lock for `path`; the lock is released when `body` returns or throws.
    public static func withLock<T>(
        for path: String, timeout: Duration = defaultTimeout, _ body: () throws -> T
    ) throws -> T {
        let lock = try acquire(for: path, timeout: timeout)
        defer { lock.release() }
        return try body()
    }

    /// Releases the lock (also done when the value is freed). Releasing twice is harmless.
    public func release() {
        guard descriptor >= 0 else { return }
        _ = flock(descriptor, LOCK_UN)
        close(descriptor)
        descriptor = -1
    }

    private static func sleepFor(_ duration: Duration) {
        let (seconds, attoseconds) = duration.components
        var request = timespec(tv_sec: Int(seconds), tv_nsec: Int(attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }

    private static func describe(_ duration: Duration) -> String {
        let (seconds, attoseconds) = duration.components
        if attoseconds == 0 { return "\(seconds) s" }
        return "\(Double(seconds) + Double(attoseconds) / 1e18) s"
    }
}
