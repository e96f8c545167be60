import FoundationEssentials
import OfflineOperations
import QRAuthFiles
import QRImaging

/// `--image F` of the operation commands: the offline operation in a screenshot or photo. Exit 3 when
/// the image holds no QR code, 4 when none of its codes is an offline operation or it holds two
/// different ones.
enum OperationImage {
    /// The one offline operation among the QR codes in an image file (or standard input).
    static func read(_ path: String) throws -> OfflineOperation {
        let name = path == "-" ? "standard input" : path
        let data = try FileInput.read(path, limit: ScanCommand.byteLimit)
        let symbols = try QRScanner().scan(ImageDecoder.decode(data, pixelLimit: ImageDecoder.defaultPixelLimit))
        guard !symbols.isEmpty else {
            throw CLIError(.noCode, "\(TerminalText.escaped(name)): no QR code found")
        }
        var operations: [OfflineOperation] = []
        for symbol in symbols {
            guard let found = try? OfflineOperation(bytes: symbol.bytes) else { continue }
            if !operations.contains(where: { $0.signedData == found.signedData }) { operations.append(found) }
        }
        switch operations.count {
        case 0:
            throw CLIError(
                .malformed,
                "\(TerminalText.escaped(name)): \(symbols.count) QR code(s) found, none an offline operation "
                    + "(qrauth scan --parse shows what they hold)")
        case 1:
            return operations[0]
        default:
            throw CLIError(
                .malformed,
                "\(TerminalText.escaped(name)) holds \(operations.count) different offline operations; crop the one to approve"
            )
        }
    }
}
