internal import COpenSSL

/// The OpenSSL library this build links against.
package enum OpenSSLLibrary {
    /// OpenSSL's own version text, e.g. `OpenSSL 3.0.19 27 Jan 2026`.
    package static var versionText: String { String(cString: qrauth_openssl_version_text()) }

    /// The numeric version (`0xMNN00PP0L`), for range checks.
    package static var versionNumber: UInt { UInt(qrauth_openssl_version_number()) }
}
