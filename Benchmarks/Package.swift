// swift-tools-version: 6.2
import PackageDescription

// Benchmarks for qrauth's hot paths, kept out of the main package. Build in release with its own
// scratch path:  swift build -c release --package-path Benchmarks --scratch-path .build-bench
// Run:           .build-bench/release/qrauth-bench ecdsa-verify --seconds 3
let package = Package(
    name: "qrauth-benchmarks",
    platforms: [.macOS(.v14)],
    dependencies: [
        .package(name: "qrauth", path: ".."),
        // The HTTP vocabulary of OperationsSync's client (HTTPExchange.Request's head and fields).
        .package(url: "https://github.com/apple/swift-http-types", from: "1.8.0"),
    ],
    targets: [
        .executableTarget(
            name: "qrauth-bench",
            dependencies: [
                .product(name: "QRAuthCrypto", package: "qrauth"),
                .product(name: "OfflineOperations", package: "qrauth"),
                .product(name: "PowerAuth", package: "qrauth"),
                .product(name: "FingerprintLists", package: "qrauth"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .treatAllWarnings(as: .error),
            ]
        ),
        // Per-image CPU of the scanner, start-up excluded (scripts/bench-scan-cpu.py).
        .executableTarget(
            name: "scan-cpu",
            dependencies: [.product(name: "QRImaging", package: "qrauth")],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .treatAllWarnings(as: .error),
            ]
        ),
        // The `qrauth serve` load driver (scripts/bench-serve.sh).
        .executableTarget(
            name: "serve-load",
            dependencies: [
                .product(name: "PowerAuth", package: "qrauth"),
                .product(name: "OperationsSync", package: "qrauth"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
            ],
            swiftSettings: [
                .enableUpcomingFeature("ExistentialAny"),
                .enableUpcomingFeature("InternalImportsByDefault"),
                .enableUpcomingFeature("MemberImportVisibility"),
                .treatAllWarnings(as: .error),
            ]
        ),
    ]
)
