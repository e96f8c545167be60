// swift-tools-version: 6.2
import PackageDescription

/// A custom PowerAuth-signed endpoint called with the qrauth library (`OperationsSync`).
let package = Package(
    name: "custom-endpoint",
    platforms: [.macOS(.v14)],
    dependencies: [.package(name: "qrauth", path: "../..")],
    targets: [
        .executableTarget(
            name: "custom-endpoint",
            dependencies: [
                .product(name: "OperationsSync", package: "qrauth"),
                .product(name: "MobileTokenAPI", package: "qrauth"),
                .product(name: "OfflineOperations", package: "qrauth"),
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
