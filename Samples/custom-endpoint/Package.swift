// swift-tools-version: 6.2
import PackageDescription

/// A custom PowerAuth-signed endpoint called with the qrauth library (`OperationsSync`).
let package = Package(
    name: "custom-endpoint",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "qrauth", path: "../.."),
        // Request heads are swift-http-types' (`Endpoint(.post, ...)` names `HTTPRequest.Method`).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "custom-endpoint",
            dependencies: [
                .product(name: "OperationsSync", package: "qrauth"),
                .product(name: "MobileTokenAPI", package: "qrauth"),
                .product(name: "OfflineOperations", package: "qrauth"),
                .product(name: "PowerAuth", package: "qrauth"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .treatAllWarnings(as: .error),
            ]
        )
    ]
)
