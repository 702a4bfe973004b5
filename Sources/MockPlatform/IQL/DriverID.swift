/// Checks a `driver_id` path value (`openapi/iql.yaml` conventions, "`driver_id`"): 1–256
/// characters, no `/`.
enum DriverID {
    static func validate(_ id: String, name: String = "driver_id") throws(APIError) {
        guard id.count <= 256 else { throw .badRequest("\(name) is too long") }
        guard !id.isEmpty else { throw .badRequest("\(name) is required") }
        guard !id.contains("/") else { throw .badRequest("\(name) must not contain /") }
    }
}
