import FoundationEssentials
import QRAuthFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// One input of `qrauth scan`: a file, standard input already read, or a path that failed before
/// decoding (missing, or a folder with no images), carrying its error.
enum ScanInput: Sendable {
    /// What follows the last `.` of a file name (not a leading one), as `NSString.pathExtension` read it.
    static func pathExtension(_ name: String) -> String {
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return "" }
        return String(name[name.index(after: dot)...])
    }

    case file(String)
    case standardInput(Data)
    case failed(name: String, error: CLIError)

    /// The name printed for this input.
    var name: String {
        switch self {
        case .file(let path): path
        case .standardInput: "-"
        case .failed(let name, _): name
        }
    }

    /// File extensions picked up when walking a folder (files named explicitly are always read).
    static let imageExtensions: Set<String> = [
        "png", "jpg", "jpeg", "webp", "bmp", "gif", "tif", "tiff", "pgm", "ppm", "pnm", "pbm",
    ]

    /// Expands the command-line paths: folders become their image files (sorted; descending only when
    /// `recursive`), `-` reads standard input (once), anything missing becomes a failed input.
    static func expand(_ paths: [String], recursive: Bool, byteLimit: Int) -> [ScanInput] {
        var inputs: [ScanInput] = []
        var stdinRead = false
        for path in paths {
            if path == "-" {
                if stdinRead {
                    inputs.append(
                        .failed(name: "-", error: CLIError(.usage, "standard input can be scanned only once")))
                    continue
                }
                stdinRead = true
                do {
                    inputs.append(.standardInput(try FileInput.read("-", limit: byteLimit)))
                } catch {
                    inputs.append(.failed(name: "-", error: CLIError(.malformed, error.reason)))
                }
                continue
            }
            var isDirectory = false
            guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
                // The OS's reason when it is not a plain "missing" (a symlink loop, a folder without access).
                var info = stat()
                let reason =
                    stat(path, &info) != 0 && errno != ENOENT
                    ? String(cString: strerror(errno)).lowercased() : "no such file or folder"
                inputs.append(.failed(name: path, error: CLIError(.malformed, reason)))
                continue
            }
            guard isDirectory else {
                inputs.append(.file(path))
                continue
            }
            let files = imageFiles(in: path, recursive: recursive)
            if files.isEmpty {
                let hint = recursive ? "" : " (use --recursive to descend into sub-folders)"
                inputs.append(.failed(name: path, error: CLIError(.noCode, "no image files in this folder\(hint)")))
            }
            inputs += files.map { .file($0) }
        }
        return inputs
    }

    /// The image files in `folder`, sorted by path; hidden entries are skipped.
    static func imageFiles(in folder: String, recursive: Bool) -> [String] {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: folder) else { return [] }
        var files: [String] = []
        for name in names.sorted() where !name.hasPrefix(".") {
            let path = folder.hasSuffix("/") ? folder + name : folder + "/" + name
            var isDirectory = false
            guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else { continue }
            if isDirectory {
                // Symbolic links to folders are not followed: a link to a parent would never end.
                let type = (try? manager.attributesOfItem(atPath: path)[.type]) as? FileAttributeType
                if recursive, type != .typeSymbolicLink { files += imageFiles(in: path, recursive: true) }
            } else if imageExtensions.contains(Self.pathExtension(name).lowercased()) {
                files.append(path)
            }
        }
        return files
    }
}
