/// A pass style dictionary (`storeCard` for loyalty cards): its five field groups.
public struct PassFieldGroups: Codable, Sendable, Equatable {
    public var headerFields: [PassField]
    public var primaryFields: [PassField]
    public var secondaryFields: [PassField]
    public var auxiliaryFields: [PassField]
    public var backFields: [PassField]

    public init(
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
