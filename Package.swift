// swift-tools-version:6.0
import PackageDescription

/// Settings shared by every hand-written target.
let strictSwift: [SwiftSetting] = [
    .enableUpcomingFeature("ExistentialAny"),
]

/// A target that only holds code generated from one document in `openapi/` (or, at `path`, a
/// test platform's own document).
func generatedAPI(_ name: String, path: String? = nil) -> Target {
    .target(
        name: name,
        dependencies: [
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
        ],
        path: path,
        plugins: [.plugin(name: "OpenAPIGenerator", package: "swift-openapi-generator")]
    )
}

/// The target of one platform module: it builds on the module kit and answers the generated
/// API of its documents; no platform depends on another unless its contract says so.
func platform(
    _ name: String, apis: [String], _ dependencies: [Target.Dependency] = [], path: String? = nil, resources: [Resource]? = nil
) -> Target {
    .target(
        name: name,
        dependencies: ["MockPlatformKit"] + apis.map { .target(name: $0) } + dependencies + [
            .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            .product(name: "HTTPTypes", package: "swift-http-types"),
        ],
        path: path,
        resources: resources,
        swiftSettings: strictSwift
    )
}

let package = Package(
    name: "MockPlatform",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "mock-platform", targets: ["MockPlatformCLI"]),
    ],
    dependencies: [
        .package(url: "https://github.com/hummingbird-project/hummingbird.git", from: "2.28.1"),
        .package(url: "https://github.com/apple/swift-openapi-generator.git", from: "1.14.3"),
        .package(url: "https://github.com/apple/swift-openapi-runtime.git", from: "1.13.4"),
        .package(url: "https://github.com/apple/swift-argument-parser.git", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log.git", from: "1.16.2"),
        .package(url: "https://github.com/apple/swift-http-types.git", from: "1.8.0"),
        .package(url: "https://github.com/apple/swift-nio.git", from: "2.101.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle.git", from: "2.13.0"),
        .package(url: "https://github.com/jpsim/Yams.git", from: "6.2.2"),
        .package(url: "https://github.com/apple/swift-crypto.git", from: "4.5.2"),
        .package(url: "https://github.com/swift-server/async-http-client.git", from: "1.37.0"),
        // CMS.sign is SPI: pinned to the minor version the signature tests were run against.
        .package(url: "https://github.com/apple/swift-certificates.git", .upToNextMinor(from: "1.21.1")),
        .package(url: "https://github.com/weichsel/ZIPFoundation.git", from: "0.9.20"),
        .package(url: "https://github.com/swift-server/swift-prometheus.git", from: "2.4.1"),
    ],
    targets: [
        generatedAPI("IQLAPI"),
        generatedAPI("PublisherAPI"),
        generatedAPI("ControlAPI"),
        generatedAPI("WebhooksControlAPI"),
        generatedAPI("IQLControlAPI"),
        generatedAPI("CampaignsControlAPI"),
        generatedAPI("WalletControlAPI"),
        generatedAPI("AuditControlAPI"),
        generatedAPI("CampaignsAPI"),
        generatedAPI("LoyaltyAPI"),
        generatedAPI("WalletAPI"),
        // The floors, each depending only on those below it: a wrong-way reference does not compile.
        .target(
            name: "MockPlatformCore",
            dependencies: [
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "MockPlatformRuntime",
            dependencies: [
                "MockPlatformCore",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Prometheus", package: "swift-prometheus"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            swiftSettings: strictSwift
        ),
        .target(
            name: "MockPlatformKit",
            dependencies: [
                "MockPlatformRuntime",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "HTTPTypes", package: "swift-http-types"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "NIOHTTP1", package: "swift-nio"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Yams", package: "Yams"),
            ],
            resources: [.copy("Specs")],
            swiftSettings: strictSwift,
            plugins: ["SpecIndexPlugin"]
        ),
        platform("MockIQL", apis: ["IQLAPI", "IQLControlAPI"], [.product(name: "Crypto", package: "swift-crypto")]),
        // The publisher backend is IQL's reference backend: it turns IQL's events into pushes.
        platform("MockPublisher", apis: ["PublisherAPI"], ["MockIQL"]),
        platform("MockLoyalty", apis: ["LoyaltyAPI"]),
        // Wallet reads Loyalty's members through Loyalty's protocol: the one edge between platforms.
        platform("MockWallet", apis: ["WalletAPI", "WalletControlAPI"], [
            "MockLoyalty",
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "_CryptoExtras", package: "swift-crypto"),
            .product(name: "X509", package: "swift-certificates"),
            .product(name: "ZIPFoundation", package: "ZIPFoundation"),
        ]),
        platform("MockCampaigns", apis: ["CampaignsAPI", "CampaignsControlAPI"], [.product(name: "Crypto", package: "swift-crypto")]),
        platform("MockWebhooks", apis: ["WebhooksControlAPI"], [
            .product(name: "AsyncHTTPClient", package: "async-http-client"),
            .product(name: "Crypto", package: "swift-crypto"),
            .product(name: "NIOCore", package: "swift-nio"),
            .product(name: "NIOHTTP1", package: "swift-nio"),
            .product(name: "Prometheus", package: "swift-prometheus"),
        ]),
        platform("MockControl", apis: ["ControlAPI"], resources: [.copy("Dashboard")]),
        // The integration audit reads what the others recorded; no platform depends on it.
        platform("MockAudit", apis: ["AuditControlAPI"], resources: [.copy("Guides")]),
        // The app: the server's options, its list of modules and the wiring.
        .target(
            name: "MockPlatform",
            dependencies: [
                "MockPlatformKit",
                "MockIQL", "MockPublisher", "MockLoyalty", "MockWallet", "MockCampaigns", "MockWebhooks", "MockControl", "MockAudit",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "NIOCore", package: "swift-nio"),
                .product(name: "OpenAPIRuntime", package: "swift-openapi-runtime"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ],
            resources: [.copy("Defaults")],
            swiftSettings: strictSwift
        ),
        .executableTarget(
            name: "SpecIndexer",
            dependencies: [
                .product(name: "Yams", package: "Yams"),
            ],
            swiftSettings: strictSwift
        ),
        .plugin(name: "SpecIndexPlugin", capability: .buildTool(), dependencies: ["SpecIndexer"]),
        .executableTarget(
            name: "MockPlatformCLI",
            dependencies: [
                "MockPlatform", "MockWallet", "MockWebhooks",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "AsyncHTTPClient", package: "async-http-client"),
            ],
            swiftSettings: strictSwift
        ),
        // A platform that exists only for the tests, built as the real ones are (ThrowawayModuleTests).
        generatedAPI("ParcelsAPI", path: "Tests/ParcelsAPI"),
        platform("MockParcels", apis: ["ParcelsAPI"], path: "Tests/MockParcels"),
        .testTarget(
            name: "MockPlatformTests",
            dependencies: [
                "MockPlatformCore", "MockPlatformRuntime", "MockPlatformKit",
                "MockIQL", "MockPublisher", "MockLoyalty", "MockWallet", "MockCampaigns", "MockWebhooks", "MockControl", "MockAudit",
                "MockPlatform", "MockParcels",
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ],
            swiftSettings: strictSwift
        ),
        .testTarget(
            name: "LiveTests",
            dependencies: ["MockPlatformCLI"],
            swiftSettings: strictSwift
        ),
    ]
)
