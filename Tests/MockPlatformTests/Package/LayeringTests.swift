import Foundation
import XCTest

/// The package's floors, as the sources import them: each target imports only targets on the
/// floors beneath it, and no platform imports another except where the contracts join them
/// (Wallet reads Loyalty's members through `MemberPasses`; the publisher backend turns IQL's
/// events into pushes). `.ci/layers.py` checks the same floors in the package graph itself.
final class LayeringTests: XCTestCase {
    /// Each of the package's own targets, by floor (lowest first).
    static let floors: [[String]] = [
        ["MockPlatformCore"],
        ["MockPlatformRuntime"],
        ["MockPlatformKit"],
        ["MockIQL", "MockPublisher", "MockLoyalty", "MockWallet", "MockCampaigns", "MockWebhooks", "MockControl", "MockAudit"],
        ["MockPlatform"],
        ["MockPlatformCLI"],
    ]

    /// The imports between platforms that the contracts ask for.
    static let platformEdges: Set<String> = ["MockWallet -> MockLoyalty", "MockPublisher -> MockIQL"]

    /// The generated API targets each platform answers; no other target imports them.
    static let generatedAPIs: [String: Set<String>] = [
        "MockIQL": ["IQLAPI", "IQLControlAPI"], "MockPublisher": ["PublisherAPI"], "MockLoyalty": ["LoyaltyAPI"],
        "MockWallet": ["WalletAPI", "WalletControlAPI"], "MockCampaigns": ["CampaignsAPI", "CampaignsControlAPI"],
        "MockWebhooks": ["WebhooksControlAPI"], "MockControl": ["ControlAPI"], "MockAudit": ["AuditControlAPI"],
    ]

    func testEveryTargetImportsOnlyTheFloorsBeneathIt() throws {
        let floorOf = Dictionary(uniqueKeysWithValues: Self.floors.enumerated().flatMap { floor, targets in targets.map { ($0, floor) } })
        let apis = Self.generatedAPIs.values.reduce(into: Set<String>()) { $0.formUnion($1) }
        var wrong: [String] = []
        for (target, floor) in floorOf.sorted(by: { $0.key < $1.key }) {
            let imports = try Self.imports(of: target)
            XCTAssertFalse(imports.isEmpty && floor > 0, "\(target) has no sources here")
            for (file, module) in imports {
                if let other = floorOf[module], other > floor
                    || (other == floor && module != target && !Self.platformEdges.contains("\(target) -> \(module)")) {
                    wrong.append("\(file) imports \(module)")
                }
                if apis.contains(module), Self.generatedAPIs[target]?.contains(module) != true, floor <= 3 {
                    wrong.append("\(file) imports \(module), another platform's generated API")
                }
            }
        }
        XCTAssertEqual(wrong, [])
    }

    /// Every test of the floors would pass for a package with no targets: the floors name
    /// each target under `Sources/` that is not generated code or a build tool.
    func testTheFloorsNameEveryHandWrittenTarget() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let targets = try FileManager.default.contentsOfDirectory(atPath: sources.path)
            .filter { !$0.hasSuffix("API") && $0 != "SpecIndexer" && !$0.hasPrefix(".") }
        XCTAssertEqual(Set(targets), Set(Self.floors.joined()))
    }

    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// (file, imported module) for each `import` of the target's Swift files.
    static func imports(of target: String) throws -> [(String, String)] {
        let folder = root.appendingPathComponent("Sources/\(target)")
        guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { return [] }
        var found: [(String, String)] = []
        for case let file as URL in files where file.pathExtension == "swift" {
            for line in try String(contentsOf: file, encoding: .utf8).split(separator: "\n") {
                let words = line.split(separator: " ").filter { !$0.hasPrefix("@") }
                guard words.count >= 2, words[0] == "import" else { continue }
                found.append(("\(target)/\(file.lastPathComponent)", String(words[1])))
            }
        }
        return found
    }
}
