import Foundation
import MockParcels
@testable import MockPlatform
@testable import MockPlatformRuntime
import XCTest

/// A module's keys of the tenant config (`SettingsPart`), with a part defined here: read from
/// tenant.json over its defaults, checked and named with the shared keys in the config's order,
/// written back and read from a state document, without the runtime naming it.
final class SettingsPartTests: XCTestCase {
    func testTenantJSONIsReadOverThePartsDefaults() throws {
        let folder = try Self.fixtureFolder(settings: ["parcels_per_van": .integer(12), "api_keys": .array([.string("k")])])
        defer { try? FileManager.default.removeItem(at: folder) }
        var fixtures = try Fixtures.load(from: folder)
        try fixtures.load(settings: [ParcelSettings.self], keyOrder: [])
        XCTAssertEqual(fixtures.settings.parcels.perVan, 12)
        XCTAssertEqual(fixtures.settings.parcels.depot, ParcelSettings().depot, "an absent key keeps its default")
        XCTAssertEqual(fixtures.settings.apiKeys, ["k"])
        XCTAssertEqual(fixtures.settings.json.objectValue?["parcels_depot"], .string("north"))
    }

    func testTenantJSONNamingNoPartsKeyStopsTheStart() throws {
        let folder = try Self.fixtureFolder(settings: ["parcels_per_van": .integer(0), "parcel_depot": .string("x")])
        defer { try? FileManager.default.removeItem(at: folder) }
        var fixtures = try Fixtures.load(from: folder)
        XCTAssertThrowsError(try fixtures.load(settings: [ParcelSettings.self], keyOrder: [])) { error in
            XCTAssertEqual("\(error)", "fixture file tenant.json: unknown setting parcel_depot (did you mean parcels_depot?); "
                + "parcels_per_van must be an integer between 1 and 40")
        }
    }

    /// Problems are named in the config's key order, whichever part declares the key.
    func testAPatchNamesItsProblemsInTheConfigsKeyOrder() throws {
        var settings = TenantSettings()
        settings.add([ParcelSettings.self])
        settings.orderKeys(["parcels_depot", "api_keys", "parcels_per_van"])
        let body: [String: JSONValue] = ["parcels_per_van": .integer(41), "api_keys": .array([]), "parcels_depot": .string("")]
        XCTAssertThrowsError(try SettingsPatch(body, schema: settings.schema)) { error in
            XCTAssertEqual((error as? APIError)?.message, "parcels_depot must be a non-empty string; "
                + "api_keys must be a non-empty list of non-empty strings; parcels_per_van must be an integer between 1 and 40")
        }
        let patch = try SettingsPatch(["parcels_per_van": .integer(3)], schema: settings.schema)
        XCTAssertEqual(patch.applied(to: settings).parcels.perVan, 3)
        XCTAssertEqual(settings.parcels.perVan, ParcelSettings().perVan, "a patch changes a copy")
    }

    func testAStateDocumentsSettingsAreReadWithTheSchemaGiven() throws {
        var settings = TenantSettings()
        settings.add([ParcelSettings.self])
        settings.parcels.depot = "south"
        let decoder = JSONDecoder()
        decoder.userInfo[SettingsSchema.userInfoKey] = settings.schema
        let read = try decoder.decode(TenantSettings.self, from: JSONEncoder().encode(settings))
        XCTAssertEqual(read, settings)
        XCTAssertEqual(read.parcels.depot, "south")
        XCTAssertNotEqual(read, TenantSettings(schema: settings.schema))
    }

    private static func fixtureFolder(settings: [String: JSONValue]) throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("settings-part-\(UUID().uuidString)")
        try FileManager.default.copyItem(at: TestFixtures.folder.resolvingSymlinksInPath(), to: folder)
        try JSONValue.object(settings).encoded().write(to: folder.appendingPathComponent("tenant.json"))
        return folder
    }
}
