internal import COpenSSL

import FoundationEssentials

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension X509Certificate {
    /// Owns one OpenSSL `X509`; freed in `deinit`. The pointer never leaves this module.
    final class Handle {
        private let pointer: OpaquePointer

        /// Parses DER; refuses trailing bytes.
        init(der bytes: [UInt8]) throws(CryptoError) {
            ERR_clear_error()
            var consumed = 0
            let parsed: OpaquePointer? = bytes.withUnsafeBufferPointer { buffer in
                guard let base = buffer.baseAddress else { return nil }
                var cursor: UnsafePointer<UInt8>? = base
                let certificate = d2i_X509(nil, &cursor, buffer.count)
                if let cursor { consumed = cursor - base }
                return certificate
            }
            guard let parsed else {
                throw CryptoError(.malformedDER, "the certificate is not valid DER X.509: \(Self.openSSLReason())")
            }
            pointer = parsed
            guard consumed == bytes.count else {
                throw CryptoError(
                    .malformedDER, "the certificate is followed by \(bytes.count - consumed) unexpected bytes")
            }
        }

        deinit {
            X509_free(pointer)
        }

        /// Reads every value the Swift type keeps.
        func certificate() throws(CryptoError) -> X509Certificate {
            let der = try encoded()
            let spki = try subjectPublicKeyInfo()
            let commonName = try self.commonName()
            let notBefore = try Self.unixTime(X509_get0_notBefore(pointer), what: "notBefore")
            let notAfter = try Self.unixTime(X509_get0_notAfter(pointer), what: "notAfter")
            return X509Certificate(
                der: der, spki: spki, commonName: commonName, dnsNames: dnsNames(),
                notBefore: notBefore, notAfter: notAfter)
        }

        private func encoded() throws(CryptoError) -> Data {
            try OpenSSLDER.encode(.malformedDER, "the certificate cannot be re-encoded: \(Self.openSSLReason())") {
                i2d_X509(pointer, $0)
            }
        }

        private func subjectPublicKeyInfo() throws(CryptoError) -> Data {
            guard let key = X509_get_X509_PUBKEY(pointer) else {
                throw CryptoError(.malformedDER, "the certificate has no public key")
            }
            return try OpenSSLDER.encode(.malformedDER, "the certificate's public key cannot be encoded") {
                i2d_X509_PUBKEY(key, $0)
            }
        }

        private func commonName() throws(CryptoError) -> String? {
            guard let name = X509_get_subject_name(pointer) else { return nil }
            let index = X509_NAME_get_index_by_NID(name, NID_commonName, -1)
            guard index >= 0, let entry = X509_NAME_get_entry(name, index),
                let value = X509_NAME_ENTRY_get_data(entry)
            else { return nil }
            var output: UnsafeMutablePointer<UInt8>?
            let length = ASN1_STRING_to_UTF8(&output, value)
            guard length >= 0, let output else {
                throw CryptoError(.malformedDER, "the subject common name cannot be converted to UTF-8")
            }
            defer { qrauth_OPENSSL_free(output) }
            let bytes = UnsafeBufferPointer(start: output, count: Int(length))
            guard let text = String(validating: bytes, as: UTF8.self) else {
                throw CryptoError(.malformedDER, "the subject common name is not valid UTF-8")
            }
            return text
        }

        private func dnsNames() -> [String] {
            var critical: Int32 = 0
            guard let raw = X509_get_ext_d2i(pointer, NID_subject_alt_name, &critical, nil) else {
                ERR_clear_error()
                return []
            }
            let names = OpaquePointer(raw)
            defer { GENERAL_NAMES_free(names) }
            var result: [String] = []
            let count = OPENSSL_sk_num(names)
            for index in 0..<max(0, count) {
                guard let element = OPENSSL_sk_value(names, index) else { continue }
                let general = element.assumingMemoryBound(to: GENERAL_NAME.self)
                guard general.pointee.type == GEN_DNS, let string = general.pointee.d.dNSName else { continue }
                let length = Int(ASN1_STRING_length(string))
                guard length >= 0, let data = ASN1_STRING_get0_data(string) else { continue }
                let bytes = UnsafeBufferPointer(start: data, count: length)
                if let text = String(validating: bytes, as: UTF8.self) { result.append(text) }
            }
            return result
        }

        private static func unixTime(_ time: UnsafePointer<ASN1_TIME>?, what: String) throws(CryptoError) -> Int64 {
            guard let time else { throw CryptoError(.malformedDER, "the certificate has no \(what)") }
            var parts = tm()
            guard ASN1_TIME_to_tm(time, &parts) == 1 else {
                throw CryptoError(.malformedDER, "the certificate's \(what) is not a valid time")
            }
            return Int64(timegm(&parts))
        }

        /// The oldest queued OpenSSL error as text, and an empty queue afterwards.
        static func openSSLReason() -> String {
            OpenSSLErrorQueue.drain() ?? "no detail from OpenSSL"
        }
    }
}
