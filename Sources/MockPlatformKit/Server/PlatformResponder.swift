import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// The server's front door: it resolves a request once and calls the operation that answers it.
///
/// For every request it: strips the `/t/{tenant}` prefix and folds repeated slashes; finds the
/// module that owns the path; applies the tenant's fault rules (not to the control plane,
/// `/_mock/`); runs the module's guard (IQL: API key; under `/_mock/` the control plane's);
/// answers unknown routes (404) and wrong methods (405 with `Allow`); reads the body of
/// POST/PUT/PATCH once (413 over 1 MiB, 415 when not JSON, 400 when malformed or not an
/// object); binds the tenant (created only when a handler first uses it); calls the route's
/// operation; advances the tenant's change count (`TenantRuntime.changes`; under `/_mock/` for
/// methods other than GET and HEAD only); and records the exchange in the tenant's request
/// journal (not the control plane's). Every failure, its own or a handler's, is rendered in the error shape of the module
/// the path belongs to (problem+json under `/_mock/`).
package struct PlatformResponder: HTTPResponder {
    package typealias Context = PlatformRequestContext

    package let routes: RouteCatalog
    package let tenants: TenantRegistry
    package let modules: ModuleDirectory
    /// What a handler calls another operation through (the publisher's wrappers of IQL).
    package let forwarder: RouteForwarder

    package init(routes: RouteCatalog, tenants: TenantRegistry, modules: ModuleDirectory) {
        self.routes = routes
        self.tenants = tenants
        self.modules = modules
        forwarder = RouteForwarder(routes: routes, modules: modules)
    }

    package func respond(to request: Request, context: Context) async throws -> Response {
        await respond(to: request, context: context, resolved: resolve(request))
    }

    /// What every layer needs to know of a request, found once: its tenant path, the module
    /// that owns it and the route that matches it.
    package func resolve(_ request: Request) -> ResolvedRequest {
        let split = RequestTarget(request.head.path ?? "/")
        let target = TenantPath(split.path)
        return ResolvedRequest(
            target: target, query: split.query, module: modules.module(for: target.path), route: routes.match(target.path)
        )
    }

    /// The answer to a request `resolve` has resolved.
    package func respond(to request: Request, context: Context, resolved: ResolvedRequest) async -> Response {
        let started = ContinuousClock.now
        let target = resolved.target
        if let (status, headers) = BrowserRequest.answer(method: request.method, target: target, accept: request.headers.value(of: .accept)) {
            return Response(status: status, headers: headers)
        }
        if let name = target.tenant, tenants.isRestoring(name), let module = resolved.module,
           !module.stateFreeOperations.contains(resolved.route.template?.operations[request.method]?.id ?? "") {
            let context = ErrorContext(path: target.path, now: Date())
            return Self.response(module.errorShape.render(TenantRegistry.stillRestoring, context: context))
        }
        guard let name = target.tenant, let module = resolved.module, !module.isControlPlane else {
            // A control write (a slow `PUT /t/x/_mock/state`, say) holds its tenant as an API
            // request does; reads (health, metrics, lists) need not.
            let inFlight = request.method == .get || request.method == .head ? nil : target.tenant.flatMap(tenants.entered)
            defer { inFlight?.requestEnded() }
            let response = await answer(request, context: context, resolved: resolved, tenant: nil).response
            if let name = target.tenant, request.method != .get, request.method != .head {
                tenants.existing(name)?.runtime.changes.advance()
            }
            return response
        }
        let tenant = tenants.entered(name)
        defer { tenant?.requestEnded() }
        let arrivedAt = tenant?.clock.now, receivedAt = Date()
        var injected = FaultInjection.Result.proceed
        if let effect = faultEffect(for: request, resolved: resolved, tenant: tenant) {
            injected = await FaultInjection(effect: effect, shape: module.errorShape).apply(
                channel: context.channel, context: ErrorContext(path: target.path, now: tenants.now(of: name))
            )
        }
        let answered: Answered
        switch injected {
        case .proceed: answered = await answer(request, context: context, resolved: resolved, tenant: tenant)
        case .answered(let response): answered = (response, nil, nil)
        case .closed: answered = (Response(status: .internalServerError), nil, nil)  // never sent: the connection is closed
        }
        let status = if case .closed = injected { 0 } else { answered.response.status.code }
        // The tenant as it is now: the one the request began on unless a reset replaced it.
        let answeredTenant = if let tenant, tenant.isCurrent { tenant } else { tenants.existing(name) }
        answeredTenant?.runtime.changes.advance()
        record(
            request, resolved: resolved, in: answeredTenant, status: status, arrivedAt: arrivedAt, receivedAt: receivedAt, started: started,
            body: answered.body, answer: answered.answer, hint: answered.response.headers[RouteHint.header]
        )
        return answered.response
    }

    /// The effect of the tenant's first fault rule that hits this request, if the tenant exists.
    private func faultEffect(for request: Request, resolved: ResolvedRequest, tenant: Tenant?) -> FaultEffect? {
        tenant?.runtime.faults.effect(
            target: .api, method: request.method.rawValue, path: resolved.target.path,
            operationID: { resolved.route.template?.operations[request.method]?.id }
        )
    }

    /// A request's answer, with what the journal keeps of the exchange: the request body read,
    /// and the answer's bytes when they are in one buffer.
    private typealias Answered = (response: Response, body: ByteBuffer?, answer: ByteBuffer?)

    /// The module's answer, and the request body it read (for the journal). `tenant` is the
    /// request's tenant when the front door already looked it up.
    private func answer(
        _ request: Request, context: Context, resolved: ResolvedRequest, tenant: Tenant?
    ) async -> Answered {
        let target = resolved.target
        let shape = resolved.module?.errorShape ?? ProblemErrorShape()
        var errorContext: ErrorContext { ErrorContext(path: target.path, now: tenants.now(of: target.tenant)) }
        var body: ByteBuffer?
        do {
            guard let name = target.tenant, let module = resolved.module else {
                throw APIError.notFound(shape.unknownRouteMessage)
            }
            do {
                try module.requestGuard?.check(request.head, path: target.path, settings: tenant?.settings ?? tenants.settings(of: name))
            } catch var refusal {
                // A request the guard refuses for a route that does not exist still learns the
                // closest routes: the 401 would otherwise hide the mistyped path.
                if resolved.route.methods.isEmpty {
                    refusal.headers[RouteHint.header] = RouteHint.hint(for: request.method, path: target.path, in: routes)
                }
                throw refusal
            }
            try checkRoute(request.method, target: target, allowed: resolved.route.methods, shape: shape)
            guard let operation = resolved.route.operation(for: request.method) else { throw APIError.internal }
            let relativeTarget = resolved.query.map { target.path + "?" + $0 } ?? target.path
            var request = request
            body = try await RequestBodyReader.bytes(of: &request, logger: context.logger, acceptingYAML: operation.acceptsYAML)
            // A POST read is keyed by its body too: the same bytes were parsed and checked when
            // its answer was kept.
            if let kept = operation.keptAnswer(to: relativeTarget, head: request.head, body: body, of: tenant) {
                return (kept.response, body, kept.body)
            }
            let parameters = resolved.route.parameters
            let read = try body.map { bytes throws(APIError) in (json: try RequestBodyReader.object(in: bytes, shape: shape), bytes: bytes) }
            try PathParameterCheck.check(parameters, of: operation.id, shape: shape)
            let storage = try admit(read?.bytes.readableBytes ?? 0, of: operation.id, module: module, to: tenant ?? tenants.existing(name))
            let response = try await Tenant.$binding.withValue(TenantBinding(
                name: name, registry: tenants, tenant: tenant, headers: request.headers, authority: request.head.authority, json: read?.json,
                forwarder: forwarder
            )) {
                try await operation.call(
                    Self.operationHead(
                        of: request.head, relativeTarget: relativeTarget,
                        jsonFromYAML: operation.acceptsYAML && request.headers[.contentType].map(YAMLBody.isYAML) == true
                    ),
                    body: read, pathParameters: parameters
                )
            }
            if let storage, (200..<300).contains(response.response.status.code) { storage.grew(by: read?.bytes.readableBytes ?? 0) }
            return (response.response, body, response.body)
        } catch let error as APIError {
            if let limit = error.limit { tenants.metrics.recordLimitRejection(limit) }
            return Self.refusal(shape.render(error, context: errorContext), body: body)
        } catch {
            context.logger.error("unhandled error", metadata: ["error": "\(error)", "path": "\(target.path)"])
            return Self.refusal(shape.render(.internal, context: errorContext), body: body)
        }
    }

    /// An error's answer, its bytes kept for the journal (which keeps a 4xx answer's body: the
    /// audit groups the client's errors by their message).
    private static func refusal(_ rendered: (HTTPResponse, Data), body: ByteBuffer?) -> Answered {
        let bytes = ByteBuffer(bytes: rendered.1)
        return (Response(status: rendered.0.status, headers: rendered.0.headerFields, body: .init(byteBuffer: bytes)), body, bytes)
    }

    /// Holds a write's body of `bytes` to the tenant's byte budget (`TenantStorage`) as its
    /// module declares (`BodyStorage`): a body for the stores answers 507 past it, the logs
    /// making room short of that; a body for the logs only is never refused (they bound
    /// themselves); one that replaces the whole state is held to the budget on its own. Returns
    /// the storage the write counts toward, if any.
    private func admit(_ bytes: Int, of operationID: String, module: ModuleEntry, to tenant: Tenant?) throws(APIError) -> TenantStorage? {
        guard bytes > 0 else { return nil }
        switch module.bodyStorage[operationID] ?? .stored {
        case .notKept:
            return nil
        case .replacing:
            try TenantStorage.checkDocument(bytes: bytes, maxBytes: tenants.tenantMaxBytes)
            return nil
        case .stored:
            guard let runtime = tenant?.runtime else { return nil }
            runtime.makeRoom(try runtime.storage.admit(bytes))
            return runtime.storage
        }
    }

    /// Adds the exchange to the journal of the request's tenant as it is now (a reset while
    /// the request ran made a new one), when there is one; `status` 0 for a connection a fault
    /// closed.
    private func record(
        _ request: Request, resolved: ResolvedRequest, in tenant: Tenant?, status: Int, arrivedAt: Date?, receivedAt: Date,
        started: ContinuousClock.Instant, body: ByteBuffer?, answer: ByteBuffer?, hint: String?
    ) {
        guard let tenant, tenant.runtime.journal.capacity > 0 else { return }
        let journal = tenant.runtime.journal
        let elapsed = (ContinuousClock.now - started).components
        let routeOperation = resolved.route.operation(for: request.method)
        let operation = routeOperation.flatMap { operation in
            resolved.module.map { JournalEntry.Operation(id: operation.id, api: $0.module.document) }
        }
        let journalled = (200..<300).contains(status) ? (routeOperation?.journalsAnswer == true ? answer : nil)
            : (400..<500).contains(status) ? answer : nil
        let entry = JournalEntry(
            serial: journal.nextSerial(),
            at: arrivedAt ?? tenant.clock.now,
            method: request.method.rawValue,
            path: resolved.target.path,
            query: resolved.query.map(String.init),
            status: status,
            latencyMilliseconds: (Double(elapsed.seconds) * 1_000 + Double(elapsed.attoseconds) / 1e15 * 1_000).rounded() / 1_000,
            fields: request.headers,
            body: body?.readableBytesView ?? ByteBuffer().readableBytesView,
            hint: hint,
            operation: operation,
            answer: journalled,
            receivedAt: receivedAt
        )
        journal.record(entry)
    }

    private func checkRoute(
        _ method: HTTPRequest.Method, target: TenantPath, allowed: [HTTPRequest.Method], shape: any ErrorShape
    ) throws(APIError) {
        guard !allowed.isEmpty, !routes.hasEmptyParameter(target.unfolded, method: method) else {
            var headers = HTTPFields()
            headers[RouteHint.header] = RouteHint.hint(for: method, path: target.path, in: routes)
            throw APIError(.notFound, shape.unknownRouteMessage, headers: headers)
        }
        guard allowed.contains(method) else {
            var headers = HTTPFields()
            headers[.allow] = allowed.map(\.rawValue).joined(separator: ", ")
            throw APIError(.methodNotAllowed, shape.methodNotAllowedMessage(method), headers: headers)
        }
    }

    /// The head the generated operation sees: addressed to its tenant-relative path (query
    /// kept), without `Accept`: every route answers in the one media type its contract names,
    /// whatever the client asks. The target is left as it is when it already is that path (no
    /// tenant prefix, nothing folded). `jsonFromYAML`: the body it gets is a YAML body read as
    /// JSON (`YAMLBody`), so the head says JSON too.
    package static func operationHead(of head: HTTPRequest, relativeTarget: String, jsonFromYAML: Bool = false) -> HTTPRequest {
        var head = head
        if head.headerFields.contains(.accept) { head.headerFields[.accept] = nil }
        if jsonFromYAML { head.headerFields[.contentType] = "application/json" }
        if head.path.map({ !$0.utf8.elementsEqual(relativeTarget.utf8) }) ?? true { head.path = relativeTarget }
        return head
    }

    package static func response(_ rendered: (HTTPResponse, Data)) -> Response {
        Response(
            status: rendered.0.status,
            headers: rendered.0.headerFields,
            body: .init(byteBuffer: ByteBuffer(bytes: rendered.1))
        )
    }
}
