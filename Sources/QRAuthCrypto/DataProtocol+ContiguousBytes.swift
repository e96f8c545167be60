import FoundationEssentials

extension DataProtocol {
    /// Lends the bytes as one contiguous buffer whose base address is never nil, copying only when the
    /// collection is not contiguous. C functions may be given the pointer even for zero bytes.
    func withNonNullBytes<R>(_ body: (UnsafePointer<UInt8>, Int) -> R) -> R {
        let direct = withContiguousStorageIfAvailable { buffer -> R in
            if let base = buffer.baseAddress { return body(base, buffer.count) }
            var empty: UInt8 = 0
            return withUnsafePointer(to: &empty) { body($0, 0) }
        }
        if let direct { return direct }
        let copy = [UInt8](self)
        return copy.withUnsafeBufferPointer { buffer in
            if let base = buffer.baseAddress { return body(base, buffer.count) }
            var empty: UInt8 = 0
            return withUnsafePointer(to: &empty) { body($0, 0) }
        }
    }
}
