internal import CPNG
internal import CQREncode
internal import CWebP
internal import CZBar

/// Versions of the C libraries the imaging module links against.
public enum ImagingLibraries {
    /// ZBar's version, `major.minor.patch`.
    public static var zbarVersion: String {
        var major: UInt32 = 0
        var minor: UInt32 = 0
        var patch: UInt32 = 0
        _ = zbar_version(&major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// libqrencode's version text.
    public static var qrencodeVersion: String { String(cString: qrauth_qrencode_version()) }

    /// libpng's version text, as linked (`png_get_libpng_ver`).
    public static var pngVersion: String { String(cString: png_get_libpng_ver(nil)) }

    /// libwebp's decoder version, `major.minor.patch`.
    public static var webpVersion: String {
        let packed = WebPGetDecoderVersion()
        return "\((packed >> 16) & 0xff).\((packed >> 8) & 0xff).\(packed & 0xff)"
    }
}
