import ArgumentParser

/// `qrauth qr`: make QR codes.
struct QRCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "qr",
        abstract: "Make QR codes from text or raw bytes.",
        subcommands: [QREncodeCommand.self]
    )
}
