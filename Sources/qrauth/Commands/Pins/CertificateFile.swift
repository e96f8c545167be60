import FingerprintLists
import FoundationEssentials
import QRAuthFiles

/// Reads certificate files for the `pins` commands.
enum CertificateFile {
    /// Reads a PEM (one or many) or DER certificate file (`-` = standard input).
    static func read(_ path: String) throws -> CertificateChain {
        try CertificateChain(data: FileInput.read(path, limit: 4 << 20), source: path)
    }
}
