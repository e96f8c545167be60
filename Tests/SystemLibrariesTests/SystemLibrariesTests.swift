import CGIF
import COpenSSL
import CPNG
import CQREncode
import CTIFF
import CTurboJPEG
import CWebP
import CZBar
import Testing

/// Each C library links and answers: a version call, or a handle it creates and frees.
@Suite("System libraries link and answer")
struct SystemLibrariesTests {
    @Test func openSSLIsVersion3() {
        let text = String(cString: qrauth_openssl_version_text())
        #expect(text.hasPrefix("OpenSSL 3."))
        #expect(qrauth_openssl_version_number() >= 0x3000_0000)
    }

    @Test func zbarReportsVersionAndMakesScanner() throws {
        var major: UInt32 = 0
        var minor: UInt32 = 0
        _ = zbar_version(&major, &minor, nil)
        #expect(major == 0 && minor >= 20)
        let scanner = try #require(zbar_image_scanner_create())
        zbar_image_scanner_destroy(scanner)
    }

    @Test func qrencodeEncodesHello() throws {
        let version = String(cString: qrauth_qrencode_version())
        #expect(version.split(separator: ".").count == 3)
        let code = try #require(QRcode_encodeData(5, Array("hello".utf8), 0, QR_ECLEVEL_M))
        defer { QRcode_free(code) }
        #expect(code.pointee.version == 1)
        #expect(code.pointee.width == 21)
    }

    @Test func libpngReportsVersion() {
        let linked = String(cString: png_get_libpng_ver(nil))
        #expect(linked.hasPrefix("1.6"))
        #expect(qrauth_png_image_version() == 1)
    }

    @Test func turboJPEGMakesAndFreesHandle() throws {
        let handle = try #require(tjInitDecompress())
        #expect(tjDestroy(handle) == 0)
    }

    @Test func webpReportsDecoderVersion() {
        let packed = WebPGetDecoderVersion()
        #expect((packed >> 16) >= 1)
        var config = WebPDecoderConfig()
        #expect(qrauth_webp_init_decoder_config(&config) != 0)
    }

    @Test func giflibRefusesTextAndNamesTheError() throws {
        var error: Int32 = 0
        let text = Array("not a GIF at all".utf8)
        let opened = text.withUnsafeBufferPointer { buffer in
            var source = qrauth_gif_source(data: buffer.baseAddress, size: buffer.count, position: 0)
            return qrauth_gif_open(&source, &error)
        }
        #expect(opened == nil)
        #expect(error == D_GIF_ERR_NOT_GIF_FILE)
        #expect(String(cString: try #require(GifErrorString(error))).lowercased().contains("gif"))
        #expect(qrauth_gif_version_major() == 5)
    }

    @Test func libtiffReportsVersionAndKeepsItsErrorText() {
        #expect(String(cString: TIFFGetVersion()).hasPrefix("LIBTIFF, Version 4."))
        let junk: [UInt8] = [0x49, 0x49, 0x2A, 0x00, 0xFF, 0xFF, 0xFF, 0x7F]
        junk.withUnsafeBufferPointer { buffer in
            var source = qrauth_tiff_source()
            source.data = buffer.baseAddress
            source.size = UInt64(buffer.count)
            let tiff = qrauth_tiff_open(&source, 1 << 20)
            #expect(tiff == nil)
            let message = withUnsafeBytes(of: &source.message) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            #expect(!message.isEmpty)
        }
    }
}
