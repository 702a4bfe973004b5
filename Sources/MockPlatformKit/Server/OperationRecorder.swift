import HTTPTypes
import OpenAPIRuntime

/// A `ServerTransport` that records each generated operation of one module in the route
/// catalog, with what the module's document and rules say of it, so that the routes the server
/// answers are exactly those of the specs and the front door can call each one itself.
package final class OperationRecorder: ServerTransport {
    private let plans: OperationPlans
    private let rules: [String: OperationRule]
    private let constants: Set<String>
    private let cachedReads: [String: CachedRead]
    private let writtenAnswers: [String: WrittenAnswer]
    private let journalledAnswers: Set<String>
    private let yamlBodies: Set<String>
    /// The routes recorded so far, of this module and those recorded before it.
    package private(set) var catalog: RouteCatalog

    package init(
        recordingInto catalog: RouteCatalog, plans: OperationPlans, rules: [String: OperationRule], constants: Set<String>,
        cachedReads: [String: CachedRead], writtenAnswers: [String: WrittenAnswer], journalledAnswers: Set<String> = [],
        yamlBodies: Set<String> = []
    ) {
        self.catalog = catalog
        self.plans = plans
        self.rules = rules
        self.constants = constants
        self.cachedReads = cachedReads
        self.writtenAnswers = writtenAnswers
        self.journalledAnswers = journalledAnswers
        self.yamlBodies = yamlBodies
    }

    package func register(_ handler: @escaping RouteOperation.Handler, method: HTTPRequest.Method, path: String) throws {
        guard let id = plans.document.operationID(method: method, path: path) else {
            throw StartupError("generated route \(method.rawValue) \(path) is not in its document")
        }
        catalog.add(method: method, path: path, operation: RouteOperation(
            id: id, handler: handler, rule: rules[id], nullShape: plans.nullCompletion.shapes[id], parameters: plans.parameters,
            constantAnswer: constants.contains(id) ? ConstantAnswer() : nil, cachedRead: cachedReads[id],
            writtenAnswer: writtenAnswers[id], journalsAnswer: journalledAnswers.contains(id), acceptsYAML: yamlBodies.contains(id)
        ))
    }
}
