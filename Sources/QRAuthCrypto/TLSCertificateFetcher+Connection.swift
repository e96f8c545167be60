import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension TLSCertificateFetcher {
    /// A blocking TCP connection with a connect timeout and read/write timeouts.
    enum Connection {
        /// Resolves `host`, connects to the first address that answers within the timeout, and
        /// returns the socket (blocking, with `SO_RCVTIMEO`/`SO_SNDTIMEO` set).
        static func open(host: String, port: Int, timeoutSeconds: Int) throws(CryptoError) -> Int32 {
            var hints = addrinfo()
            hints.ai_family = AF_UNSPEC
            #if canImport(Glibc)
                hints.ai_socktype = Int32(SOCK_STREAM.rawValue)
            #else
                hints.ai_socktype = SOCK_STREAM
            #endif
            var list: UnsafeMutablePointer<addrinfo>?
            let status = getaddrinfo(host, String(port), &hints, &list)
            guard status == 0, let first = list else {
                let reason = String(cString: gai_strerror(status))
                throw CryptoError(.network, "cannot resolve \(host): \(reason)")
            }
            defer { freeaddrinfo(first) }
            var lastError = "no address"
            var cursor: UnsafeMutablePointer<addrinfo>? = first
            while let address = cursor {
                cursor = address.pointee.ai_next
                let fd = socket(address.pointee.ai_family, address.pointee.ai_socktype, address.pointee.ai_protocol)
                guard fd >= 0 else {
                    lastError = String(cString: strerror(errno))
                    continue
                }
                if let failure = connect(fd, to: address.pointee, timeoutSeconds: timeoutSeconds) {
                    lastError = failure
                    close(fd)
                    continue
                }
                return fd
            }
            throw CryptoError(.network, "cannot connect to \(host):\(port): \(lastError)")
        }

        /// Connects `fd` with a deadline; returns nil on success or the reason of the failure.
        private static func connect(_ fd: Int32, to address: addrinfo, timeoutSeconds: Int) -> String? {
            let flags = fcntl(fd, F_GETFL, 0)
            _ = fcntl(fd, F_SETFL, flags | O_NONBLOCK)
            #if canImport(Glibc)
                let result = Glibc.connect(fd, address.ai_addr, address.ai_addrlen)
            #else
                let result = Darwin.connect(fd, address.ai_addr, address.ai_addrlen)
            #endif
            if result != 0 {
                guard errno == EINPROGRESS else { return String(cString: strerror(errno)) }
                var descriptor = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                let ready = poll(&descriptor, 1, Int32(timeoutSeconds * 1000))
                if ready == 0 { return "timed out after \(timeoutSeconds) s" }
                if ready < 0 { return String(cString: strerror(errno)) }
                var error: Int32 = 0
                var length = socklen_t(MemoryLayout<Int32>.size)
                guard getsockopt(fd, SOL_SOCKET, SO_ERROR, &error, &length) == 0 else {
                    return String(cString: strerror(errno))
                }
                if error != 0 { return String(cString: strerror(error)) }
            }
            _ = fcntl(fd, F_SETFL, flags)
            var limit = timeval(tv_sec: timeoutSeconds, tv_usec: 0)
            let size = socklen_t(MemoryLayout<timeval>.size)
            _ = setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, size)
            _ = setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &limit, size)
            return nil
        }

        /// Whether `host` is an IPv4 or IPv6 literal (SNI must not carry one).
        static func isIPAddress(_ host: String) -> Bool {
            var v4 = in_addr()
            var v6 = in6_addr()
            return inet_pton(AF_INET, host, &v4) == 1 || inet_pton(AF_INET6, host, &v6) == 1
        }
    }
}
