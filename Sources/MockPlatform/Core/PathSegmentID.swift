/// Checks an id that names one path segment (`openapi/iql.yaml` conventions, "`driver_id`"):
/// 1–256 characters, no `/`. IQL's driver ids and user ids are such ids, and so is the
/// subject of a triggered webhook event (`driver_id`), which the control paths name.
enum PathSegmentID {
    /// Refuses `id` in the words of the field `name` it was sent as.
    static func validate(_ id: String, name: String) throws(APIError) {
        guard id.count <= 256 else { throw .badRequest("\(name) is too long") }
        guard !id.isEmpty else { throw .badRequest("\(name) is required") }
        guard !id.contains("/") else { throw .badRequest("\(name) must not contain /") }
    }
}
