import FoundationEssentials
import QRAuthFiles
import QRImaging

/// Writes a payload as a QR code file (`--qr F.png|svg`), shared by `operation create` and `backend offline create`.
enum QRCodeFile {
    /// Renders the payload bytes exactly (no trailing newline) and writes the code atomically; returns the path.
    static func write(_ payload: String, to path: String) throws -> String {
        let lowered = path.lowercased()
        let format: QRRenderFormat
        if lowered.hasSuffix(".png") {
            format = .png
        } else if lowered.hasSuffix(".svg") {
            format = .svg
        } else {
            throw CLIError(.usage, "--qr needs a .png or .svg file name, got \(path)")
        }
        let code = try QRCodeRenderer.make(Data(payload.utf8), format: format)
        try AtomicFile.write(code.data, to: path, mode: AtomicFile.publicMode)
        return path
    }
}
