import Foundation

/// What every new tenant starts from, read once at start from the fixture folder.
///
/// Files: `tenant.json` (settings), `campaigns.json`, `insurers.json`, `zipcodes.txt`,
/// optionally `webhooks.json` and `loyalty.json`
/// (see `Resources/README.md`).
package struct Fixtures: Sendable {
    package var settings: TenantSettings
    package var campaigns: [QualificationCampaign]
    /// Insurer picker choices, without the trailing `Other` the API adds.
    package var insurers: [String]
    /// Reference data shared by every tenant; never changed by a request.
    package var zipcodes: ZipDirectory
    /// Webhook endpoints every new tenant starts with (`webhooks.json`, optional).
    package var webhookEndpoints: [WebhookEndpointSeed] = []
    /// Loyalty members every new tenant starts with (`loyalty.json`, optional).
    package var members: [MemberFixture] = []
    /// Webhook endpoints only the `default` tenant starts with (`--webhook-url`).
    package var defaultTenantWebhookEndpoints: [WebhookEndpointSeed] = []

    package init(settings: TenantSettings, campaigns: [QualificationCampaign], insurers: [String], zipcodes: ZipDirectory) {
        self.settings = settings
        self.campaigns = campaigns
        self.insurers = insurers
        self.zipcodes = zipcodes
    }

    /// Loads every fixture file from `folder`, failing with the first file that is missing or
    /// malformed.
    package static func load(from folder: URL) throws -> Fixtures {
        struct InsurerFile: Decodable { var insurers: [String] }
        let settings = try decode(TenantSettings.self, "tenant.json", in: folder)
        let campaigns = try decode([QualificationCampaign].self, "campaigns.json", in: folder)
        let insurers = try decode(InsurerFile.self, "insurers.json", in: folder).insurers
        struct WebhookFile: Decodable { var endpoints: [WebhookEndpointSeed] }
        let zipText = try String(contentsOf: try file("zipcodes.txt", in: folder), encoding: .utf8)
        var fixtures = Fixtures(
            settings: settings,
            campaigns: campaigns,
            insurers: insurers.filter { $0 != "Other" },
            zipcodes: try ZipDirectory(rangeFile: zipText)
        )
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("webhooks.json").path) {
            fixtures.webhookEndpoints = try decode(WebhookFile.self, "webhooks.json", in: folder).endpoints
        }
        struct MemberFile: Decodable { var members: [MemberFixture] }
        if FileManager.default.fileExists(atPath: folder.appendingPathComponent("loyalty.json").path) {
            fixtures.members = try decode(MemberFile.self, "loyalty.json", in: folder).members
        }
        return fixtures
    }

    private static func file(_ name: String, in folder: URL) throws -> URL {
        let url = folder.appendingPathComponent(name)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw FixtureError("fixture file \(url.path) is missing")
        }
        return url
    }

    private static func decode<T: Decodable>(_ type: T.Type, _ name: String, in folder: URL) throws -> T {
        let data = try Data(contentsOf: try file(name, in: folder))
        do {
            return try JSONDecoder().decode(type, from: data)
        } catch {
            throw FixtureError("fixture file \(name): \(DecodingFailure.describe(error))")
        }
    }
}
