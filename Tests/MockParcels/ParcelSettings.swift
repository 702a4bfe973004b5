import MockPlatformKit

/// The parcels module's keys of the tenant config: `parcels_per_van` and `parcels_depot`.
package struct ParcelSettings: SettingsPart {
    package var perVan = 20
    package var depot = "north"

    package init() {}

    package static var fields: [SettingField] {
        [
            .value("parcels_per_van", \.parcels.perVan, .integer(1...40)),
            .value("parcels_depot", \.parcels.depot, .text(nonEmpty: true)),
        ]
    }
}

extension TenantSettings {
    package var parcels: ParcelSettings {
        get { self[ParcelSettings.self] }
        set { self[ParcelSettings.self] = newValue }
    }
}
