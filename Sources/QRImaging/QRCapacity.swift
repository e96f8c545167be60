/// How many bytes fit a QR code in byte mode (ISO/IEC 18004 capacity table, levels L, M, Q, H).
public enum QRCapacity {
    /// Byte-mode capacity without ECI, indexed by version − 1, then L, M, Q, H.
    static let byteCapacity: [[Int]] = [
        [17, 14, 11, 7], [32, 26, 20, 14], [53, 42, 32, 24], [78, 62, 46, 34], [106, 84, 60, 44],
        [134, 106, 74, 58], [154, 122, 86, 64], [192, 152, 108, 84], [230, 180, 130, 98], [271, 213, 151, 119],
        [321, 251, 177, 137], [367, 287, 203, 155], [425, 331, 241, 177], [458, 362, 258, 194],
        [520, 412, 292, 220], [586, 450, 322, 250], [644, 504, 364, 280], [718, 560, 394, 310],
        [792, 624, 442, 338], [858, 666, 482, 382], [929, 711, 509, 403], [1003, 779, 565, 439],
        [1091, 857, 611, 461], [1171, 911, 661, 511], [1273, 997, 715, 535], [1367, 1059, 751, 593],
        [1465, 1125, 805, 625], [1528, 1190, 868, 658], [1628, 1264, 908, 698], [1732, 1370, 982, 742],
        [1840, 1452, 1030, 790], [1952, 1538, 1112, 842], [2068, 1628, 1168, 898], [2188, 1722, 1228, 958],
        [2303, 1809, 1283, 983], [2431, 1911, 1351, 1051], [2563, 1989, 1423, 1093], [2699, 2099, 1499, 1139],
        [2809, 2213, 1579, 1219], [2953, 2331, 1663, 1273],
    ]

    /// The most bytes a symbol of `version` (1–40) at `level` holds in one byte-mode segment,
    /// after an optional ECI header, as libqrencode fills it.
    ///
    /// With an ECI header, libqrencode's version estimate counts the header 16 bits too long, so below
    /// version 40 it moves to the next version 2 bytes before the standard's limit; we report what it does.
    public static func bytes(version: Int, level: QRErrorCorrection, eci: UInt32? = nil) -> Int {
        precondition((1...40).contains(version), "version must be 1–40")
        let plain = byteCapacity[version - 1][level.tableIndex]
        guard let eci else { return plain }
        let countBits = version < 10 ? 8 : 16
        let dataBits = (plain + (version < 10 ? 2 : 3)) * 8
        let eciBits = 4 + (eci < 128 ? 8 : eci < 16384 ? 16 : 24)
        let standard = (dataBits - eciBits - 4 - countBits) / 8
        return max(0, version == 40 ? standard : standard - 2)
    }

    /// The smallest version whose capacity at `level` holds `count` bytes, or nil when none does.
    public static func smallestVersion(for count: Int, level: QRErrorCorrection, eci: UInt32? = nil) -> Int? {
        (1...40).first { bytes(version: $0, level: level, eci: eci) >= count }
    }
}
