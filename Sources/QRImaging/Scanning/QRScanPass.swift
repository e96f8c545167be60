/// One way of looking at an image. The scanner runs passes in a fixed order and stops at the first
/// pass that finds a symbol; each symbol names its pass.
public enum QRScanPass: String, Sendable, CaseIterable, Codable {
    /// The image as given.
    case plain
    /// Light and dark swapped (white-on-black codes).
    case inverted
    /// Contrast stretched between the 1st and 99th luminance percentile (faint or washed-out codes).
    case normalized
    /// Adaptive threshold against the local mean (uneven lighting, JPEG artefacts, clutter).
    case threshold
    /// A 3×3 box blur (noise, JPEG blocks).
    case denoised
    /// Box-downscaled so the longer side is about 1000 px (huge photos, huge modules).
    case downscaled
    /// Bilinear upscaled 2–3× (modules of 1–2 px).
    case upscaled
    /// Rotated by 45° (angles ZBar's horizontal/vertical line scanner misses).
    case rotated45 = "rotated-45"
    /// Rotated by 30°.
    case rotated30 = "rotated-30"
    /// Rotated by 60°.
    case rotated60 = "rotated-60"

    /// The order the scanner tries passes in by default.
    public static let defaultOrder: [QRScanPass] = [
        .plain, .inverted, .normalized, .threshold, .downscaled, .upscaled, .denoised, .rotated45, .rotated30,
        .rotated60,
    ]
}
