/// Checks an id that names one path segment (`openapi/iql.yaml` conventions, "`driver_id`"):
/// `WellFormedID`, the rule a restored document's ids follow too. IQL's driver ids and user
/// ids are such ids, and so is the subject of a triggered webhook event (`driver_id`), which
/// the control paths name.
package enum PathSegmentID {
    /// Refuses `id` in the words of the field `name` it was sent as.
    package static func validate(_ id: String, name: String) throws(APIError) {
        if let problem = WellFormedID.problem(with: id) { throw .badRequest("\(name) \(problem)") }
    }
}
