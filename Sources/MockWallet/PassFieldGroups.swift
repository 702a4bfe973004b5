import MockPlatformKit

/// A pass style dictionary (`storeCard` for loyalty cards): its five field groups.
package struct PassFieldGroups: Codable, Sendable, Equatable {
    package var headerFields: [PassField]
    package var primaryFields: [PassField]
    package var secondaryFields: [PassField]
    package var auxiliaryFields: [PassField]
    package var backFields: [PassField]

    package init(
        headerFields: [PassField] = [], primaryFields: [PassField] = [], secondaryFields: [PassField] = [],
        auxiliaryFields: [PassField] = [], backFields: [PassField] = []
    ) {
        self.headerFields = headerFields
        self.primaryFields = primaryFields
        self.secondaryFields = secondaryFields
        self.auxiliaryFields = auxiliaryFields
        self.backFields = backFields
    }
}
