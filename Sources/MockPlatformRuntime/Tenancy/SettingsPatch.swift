/// A change of tenant settings written as JSON (`openapi/control.yaml` patchConfig): a
/// `PATCH /_mock/config` body, or `tenant.json` over the defaults.
///
/// Checked whole before anything changes: top-level keys replace, `engagement` merges per
/// subtype and per field. Every unknown key (`unknown setting engagement.no_click.foo`) and
/// every bad value (`api_keys must be a non-empty list of non-empty strings`) is named, in one
/// 400 whose detail joins them with `; `.
///
/// Sendable by hand: its changes are created once by the check and only capture key paths and
/// the values read from the body, which nothing mutates afterwards.
package struct SettingsPatch: @unchecked Sendable {
    private let changes: [(inout TenantSettings) -> Void]

    /// The change `body` makes to settings of `schema`.
    package init(_ body: [String: JSONValue], schema: SettingsSchema) throws(APIError) {
        let checked = schema.root.check(.object(body), "")
        guard checked.problems.isEmpty else { throw .badRequest(checked.problems.joined(separator: "; ")) }
        changes = checked.changes
    }

    /// `settings` with the patch applied.
    package func applied(to settings: TenantSettings) -> TenantSettings {
        var result = settings
        for change in changes { change(&result) }
        return result
    }
}
