/// driverInfo PUT body rules (`openapi/iql.yaml` putDriverInfo), in table order, first failure
/// only.
struct DriverInfoRules: Sendable {
    let zipcodes: ZipDirectory

    /// The change a valid body asks for.
    func change(from body: [String: JSONValue]) throws(APIError) -> DriverInfoChange {
        let fields = FieldReader(body)
        let country = try fields.required("country", fields.string)
        guard country.uppercased() == "USA" else { throw .badRequest("country must be USA") }
        let state = try fields.required("state", fields.string).uppercased()
        guard USState.isStateOrDC(state) else { throw .badRequest("state must be a 2-letter US state or DC code") }
        let zipcode = try update("zipcode", in: fields, fields.string)
        if case .set(let zip) = zipcode { try check(zip: zip, state: state) }
        let insurer = try update("insurer", in: fields, fields.string)
        var acquisitionSource = DriverInfoChange.Update<String>.keep
        if fields.isExplicitNull("segment") {
            acquisitionSource = .clear
        } else if let segment = try fields.object("segment") {
            acquisitionSource = try update("acq_source", in: segment, segment.string)
        }
        return DriverInfoChange(
            country: "USA", state: state, zipcode: zipcode, insurer: insurer, acquisitionSource: acquisitionSource
        )
    }

    private func check(zip: String, state: String) throws(APIError) {
        guard zip.isDigits(count: 5) else {
            throw .badRequest("zipcode must be 5 digits")
        }
        guard let zipState = zipcodes.stateCode(of: zip) else {
            throw .badRequest("zipcode \(zip) is not a valid US ZIP code")
        }
        guard zipState == state else { throw .badRequest("zipcode \(zip) belongs to \(zipState), not \(state)") }
    }

    /// Absent keeps, `null` clears, a value sets.
    private func update<T>(
        _ key: String, in fields: FieldReader, _ read: (String) throws(APIError) -> T?
    ) throws(APIError) -> DriverInfoChange.Update<T> {
        if fields.isExplicitNull(key) { return .clear }
        guard let value = try read(key) else { return .keep }
        return .set(value)
    }
}
