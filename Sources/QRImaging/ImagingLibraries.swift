internal import CGIF
internal import CPNG
internal import CQREncode
internal import CTIFF
internal import CTurboJPEG
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

    /// libjpeg-turbo's version, `major.minor.patch`, from the headers qrauth was built with
    /// (TurboJPEG 2.x has no runtime version call); `unknown` when the headers do not say.
    public static var turboJPEGVersion: String {
        let number = qrauth_turbojpeg_version_number()
        guard number > 0 else { return "unknown" }
        return "\(number / 1_000_000).\(number / 1_000 % 1_000).\(number % 1_000)"
    }

    /// libwebp's decoder version, `major.minor.patch`.
    public static var webpVersion: String {
        let packed = WebPGetDecoderVersion()
        return "\((packed >> 16) & 0xff).\((packed >> 8) & 0xff).\(packed & 0xff)"
    }

    /// giflib's version, `major.minor.release`, from the headers qrauth was built with (giflib has no runtime
    /// version call).
    public static var gifVersion: String {
        "\(qrauth_gif_version_major()).\(qrauth_gif_version_minor()).\(qrauth_gif_version_release())"
    }

    /// libtiff's version, `major.minor.patch`, from the first line of its runtime version text
    /// (`LIBTIFF, Version 4.5.0`); the whole first line when it has no such number.
    public static var tiffVersion: String {
        let line = String(cString: TIFFGetVersion()).split(separator: "\n").first.map(String.init) ?? ""
        return line.split(separator: " ").last.map(String.init) ?? line
    }
}
