import ArgumentParser
import QRAuthCrypto
import QRImaging

/// `qrauth version`: the tool's version and every C library it links.
struct VersionCommand: ParsableCommand, JSONDocumentCommand {
    static let configuration = CommandConfiguration(
        commandName: "version",
        abstract: "Print the qrauth version and the versions of the C libraries it uses."
    )

    @OptionGroup var output: JSONDocumentOptions

    struct Report: Encodable {
        let qrauth: String
        let openssl: String
        let zbar: String
        let qrencode: String
        let libpng: String
        let libwebp: String
        let libturbojpeg: String
        let giflib: String
        let libtiff: String
    }

    func run() throws {
        let report = Report(
            qrauth: QRAuth.version,
            openssl: OpenSSLLibrary.versionText,
            zbar: ImagingLibraries.zbarVersion,
            qrencode: ImagingLibraries.qrencodeVersion,
            libpng: ImagingLibraries.pngVersion,
            libwebp: ImagingLibraries.webpVersion,
            libturbojpeg: ImagingLibraries.turboJPEGVersion,
            giflib: ImagingLibraries.gifVersion,
            libtiff: ImagingLibraries.tiffVersion
        )
        if json {
            try JSONOutput.document(report)
        } else {
            print("qrauth \(report.qrauth)")
            print("  \(report.openssl)")
            print(
                "  zbar \(report.zbar), libqrencode \(report.qrencode), libpng \(report.libpng), libwebp \(report.libwebp), "
                    + "libturbojpeg \(report.libturbojpeg), giflib \(report.giflib), libtiff \(report.libtiff)")
        }
    }
}
