/// CRC-16/ARC: polynomial 0x8005 reflected (0xA001), init 0, reflected in and out, no final XOR (check 0xBB3D).
enum CRC16ARC {
    /// The checksum of `bytes`.
    static func checksum(_ bytes: some Sequence<UInt8>) -> UInt16 {
        var crc: UInt16 = 0
        for byte in bytes {
            crc ^= UInt16(byte)
            for _ in 0..<8 {
                crc = crc & 1 == 1 ? (crc >> 1) ^ 0xA001 : crc >> 1
            }
        }
        return crc
    }
}
