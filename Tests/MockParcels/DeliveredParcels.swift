import MockPlatformKit

/// The parcels module's part of a scenario: `parcels`, ids of parcels already delivered.
package struct DeliveredParcels: ScenarioPart {
    package static let field = "parcels"
    package let ids: [String]

    package init(scenarioValue value: JSONValue, fixtures: Fixtures) throws(StartupError) {
        guard let ids = value.strings else { throw StartupError("parcels must be a list of parcel ids") }
        self.ids = ids
    }

    package func populate(_ tenant: Tenant) async throws(APIError) {
        try await tenant.store(ParcelStore.self).markDelivered(ids)
    }
}
