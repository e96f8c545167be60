/// The push service of a registration (`platform`): `apns`, `fcm`, `hms`, or the legacy names the push server
/// still accepts (`ios` = APNs, `android` = FCM, `huawei` = HMS).
public enum PushPlatform: String, Sendable, Hashable, Codable, CaseIterable {
    /// Apple Push Notification service.
    case apns
    /// Firebase Cloud Messaging.
    case fcm
    /// Huawei Mobile Services push.
    case hms
    /// Legacy name of `apns`.
    case ios
    /// Legacy name of `fcm`.
    case android
    /// Legacy name of `hms`.
    case huawei

    /// The current name of the service: a legacy name mapped to `apns`, `fcm` or `hms`.
    public var service: PushPlatform {
        switch self {
        case .apns, .ios: .apns
        case .fcm, .android: .fcm
        case .hms, .huawei: .hms
        }
    }
}
