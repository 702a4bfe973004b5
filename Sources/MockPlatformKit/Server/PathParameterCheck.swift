/// Every path parameter of every route is an id, a name, a token or a number, so each one a
/// request sends is held to `WellFormedID` once decoded, at the front door and for every
/// module alike: a driver id with `%01`, a member or device id with `%7F` is refused with 400
/// in the API's own words (`ErrorShape.invalidPathParameter`) instead of being stored where a
/// state document could not hold it.
package enum PathParameterCheck {
    /// Refuses the first parameter that is not well formed. A parameter without `%` holds no
    /// control character or `/` (the HTTP parser and the router see to that), so only its
    /// length is looked at.
    package static func check(_ parameters: [String: Substring], of operationID: String, shape: any ErrorShape) throws(APIError) {
        for (name, raw) in parameters {
            let encoded = raw.utf8.contains(UInt8(ascii: "%"))
            guard encoded || raw.utf8.count > WellFormedID.maxLength else { continue }
            guard let decoded = encoded ? raw.removingPercentEncoding : String(raw) else {
                throw shape.invalidPathParameter(name, .controlCharacter, operationID: operationID)
            }
            if let problem = WellFormedID.problem(with: decoded) { throw shape.invalidPathParameter(name, problem, operationID: operationID) }
        }
    }
}
