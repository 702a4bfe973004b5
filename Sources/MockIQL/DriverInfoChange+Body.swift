import MockPlatformKit

/// The change a driverInfo PUT body asks for (`openapi/iql.yaml` putDriverInfo), checked in table
/// order, first failure only; a ZIP code must be one of `zipcodes` and lie in the given state.
extension DriverInfoChange {
    init(body: [String: JSONValue], zipcodes: ZipDirectory) throws(APIError) {
        let fields = FieldReader(body)
        let country = try fields.required("country", fields.string)
        guard country.uppercased() == "USA" else { throw .badRequest("country must be USA") }
        let state = try fields.required("state", fields.string).uppercased()
        guard USState.isStateOrDC(state) else { throw .badRequest("state must be a 2-letter US state or DC code") }
        let zipcode = try Self.update("zipcode", in: fields, fields.string)
        if case .set(let zip) = zipcode { try Self.check(zip: zip, state: state, zipcodes: zipcodes) }
        let insurer = try Self.update("insurer", in: fields, fields.string)
        var acquisitionSource = Update<String>.keep
        if fields.isExplicitNull("segment") {
            acquisitionSource = .clear
        } else if let segment = try fields.object("segment") {
            acquisitionSource = try Self.update("acq_source", in: segment, segment.string)
        }
        self.init(country: "USA", state: state, zipcode: zipcode, insurer: insurer, acquisitionSource: acquisitionSource)
    }

    private static func check(zip: String, state: String, zipcodes: ZipDirectory) throws(APIError) {
        guard zip.isDigits(count: 5) else {
            throw .badRequest("zipcode must be 5 digits")
        }
        guard let zipState = zipcodes.stateCode(of: zip) else {
            throw .badRequest("zipcode \(zip) is not a valid US ZIP code")
        }
        guard zipState == state else { throw .badRequest("zipcode \(zip) belongs to \(zipState), not \(state)") }
    }

    /// Absent keeps, `null` clears, a value sets.
    private static func update<T>(
        _ key: String, in fields: FieldReader, _ read: (String) throws(APIError) -> T?
    ) throws(APIError) -> Update<T> {
        if fields.isExplicitNull(key) { return .clear }
        guard let value = try read(key) else { return .keep }
        return .set(value)
    }
}
