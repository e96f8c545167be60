#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Which file a path really names: symlinks followed, so that two spellings of one file (a
/// relative and an absolute path, a symlink and its target, hard links) are recognised as one.
public enum FileIdentity {
    /// How many symlinks are followed before giving up, as the kernel's own limit.
    static let maximumSymlinkHops = 40

    /// The absolute path `path` names once symlinks are followed. The final component need not
    /// exist yet; a dangling symlink resolves to the path it points at, so writing through it
    /// creates its target.
    public static func resolved(_ path: String) throws(FileError) -> String {
        guard !path.isEmpty else { throw FileError(.notFound, "an empty path names no file") }
        var current = absolute(path)
        for _ in 0..<maximumSymlinkHops {
            var info = stat()
            if lstat(current, &info) != 0 {
                guard errno == ENOENT else { throw FileError(.unreadable, "\(path): \(errnoText())") }
                let directory = AtomicFile.directoryName(of: current)
                guard let realDirectory = realPath(directory) else {
                    throw FileError(.notFound, "\(path): the folder \(directory) does not exist")
                }
                return join(realDirectory, AtomicFile.baseName(of: current))
            }
            if (info.st_mode & S_IFMT) == S_IFLNK {
                guard let target = readLink(current) else {
                    throw FileError(.unreadable, "\(path): cannot read the symlink \(current): \(errnoText())")
                }
                current = target.hasPrefix("/") ? target : join(AtomicFile.directoryName(of: current), target)
                continue
            }
            guard let real = realPath(current) else { throw FileError(.unreadable, "\(path): \(errnoText())") }
            return real
        }
        throw FileError(.unreadable, "\(path): too many levels of symbolic links")
    }

    /// True when both paths name one file: the same resolved path, or the same device and inode.
    public static func sameFile(_ first: String, _ second: String) -> Bool {
        if let a = try? resolved(first), let b = try? resolved(second), a == b { return true }
        var infoA = stat()
        var infoB = stat()
        guard stat(first, &infoA) == 0, stat(second, &infoB) == 0 else { return false }
        return infoA.st_dev == infoB.st_dev && infoA.st_ino == infoB.st_ino
    }

    static func absolute(_ path: String) -> String {
        if path.hasPrefix("/") { return path }
        var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
        guard getcwd(&buffer, buffer.count) != nil else { return path }
        let directory = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return join(directory, path)
    }

    static func join(_ directory: String, _ name: String) -> String {
        directory.hasSuffix("/") ? directory + name : directory + "/" + name
    }

    private static func realPath(_ path: String) -> String? {
        guard let pointer = realpath(path, nil) else { return nil }
        defer { free(pointer) }
        return String(cString: pointer)
    }

    private static func readLink(_ path: String) -> String? {
        var buffer = [UInt8](repeating: 0, count: Int(PATH_MAX) + 1)
        let count = buffer.withUnsafeMutableBufferPointer { raw in
            raw.withMemoryRebound(to: CChar.self) { readlink(path, $0.baseAddress!, $0.count - 1) }
        }
        guard count >= 0 else { return nil }
        return String(decoding: buffer[0..<count], as: UTF8.self)
    }
}
