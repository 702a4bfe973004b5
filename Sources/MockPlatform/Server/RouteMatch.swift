import HTTPTypes

/// What the routes make of one concrete path (`RouteCatalog.match`): the methods it answers,
/// and the template of the first route that matches it (the metrics' and log's route label).
public struct RouteMatch: Sendable {
    public var methods: [HTTPRequest.Method]
    public var template: String?
}
