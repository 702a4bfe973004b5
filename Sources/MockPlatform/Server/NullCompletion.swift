import Foundation
import HTTPTypes
import OpenAPIRuntime
import Yams

/// Writes `null` for required, nullable response properties that the generated encoder left out.
///
/// swift-openapi-generator encodes a `nil` optional by omitting the key, but the contracts
/// require keys such as driverInfo's `zipcode` to be present as `null`. The shapes come from
/// the spec itself: a required property missing from a 2xx JSON body can only be a nil optional,
/// that is a nullable one, so it is written as `null`.
struct NullCompletion: ServerMiddleware {
    /// Required keys and nested shapes of a response body.
    indirect enum Shape: Sendable, Equatable {
        case object(required: [String], properties: [String: Shape])
        case array(Shape)
        case other

        /// True when some required property below can be null.
        var hasNullableRequired: Bool {
            switch self {
            case .object(let required, let properties): !required.isEmpty || properties.values.contains { $0.hasNullableRequired }
            case .array(let element): element.hasNullableRequired
            case .other: false
            }
        }

        func completing(_ value: JSONValue) -> JSONValue {
            switch (self, value) {
            case (.object(let required, let properties), .object(var object)):
                for key in required where object[key] == nil { object[key] = .null }
                for (key, shape) in properties {
                    if let present = object[key] { object[key] = shape.completing(present) }
                }
                return .object(object)
            case (.array(let element), .array(let items)):
                return .array(items.map { element.completing($0) })
            default:
                return value
            }
        }
    }

    /// Success-response (200, else 201) shapes by operation id, only for operations that need completing.
    let shapes: [String: Shape]

    /// Reads every operation's 200 (else 201) `application/json` schema from an OpenAPI document.
    init(specYAML: String) throws {
        guard let document = try Yams.load(yaml: specYAML) as? [String: Any] else {
            throw FixtureError("OpenAPI document is not a YAML mapping")
        }
        let schemas = ((document["components"] as? [String: Any])?["schemas"] as? [String: Any]) ?? [:]
        var shapes: [String: Shape] = [:]
        for case let pathItem as [String: Any] in (document["paths"] as? [String: Any] ?? [:]).values {
            for case let operation as [String: Any] in pathItem.values {
                let responses = operation["responses"] as? [String: Any]
                guard let id = operation["operationId"] as? String,
                      let ok = (responses?["200"] ?? responses?["201"]) as? [String: Any],
                      let json = (ok["content"] as? [String: Any])?["application/json"] as? [String: Any],
                      let schema = json["schema"]
                else { continue }
                let shape = NullCompletion.shape(of: schema, schemas: schemas, depth: 0)
                if shape.hasNullableRequired { shapes[id] = shape }
            }
        }
        self.shapes = shapes
    }

    private static func shape(of node: Any, schemas: [String: Any], depth: Int) -> Shape {
        guard depth < 32, var schema = node as? [String: Any] else { return .other }
        if let ref = schema["$ref"] as? String, let name = ref.split(separator: "/").last,
           let target = schemas[String(name)] as? [String: Any] {
            schema = target
        }
        if let items = schema["items"] {
            return .array(shape(of: items, schemas: schemas, depth: depth + 1))
        }
        guard let properties = schema["properties"] as? [String: Any] else { return .other }
        let required = schema["required"] as? [String] ?? []
        var nested: [String: Shape] = [:]
        var nullableRequired: [String] = []
        for (key, property) in properties {
            nested[key] = shape(of: property, schemas: schemas, depth: depth + 1)
            if required.contains(key), isNullable(property, schemas: schemas) { nullableRequired.append(key) }
        }
        return .object(required: nullableRequired.sorted(), properties: nested.filter { $0.value.hasNullableRequired })
    }

    /// Whether a property's schema, or the component it refers to, admits `null`.
    private static func isNullable(_ node: Any, schemas: [String: Any]) -> Bool {
        guard var schema = node as? [String: Any] else { return false }
        if let ref = schema["$ref"] as? String, let name = ref.split(separator: "/").last,
           let target = schemas[String(name)] as? [String: Any] {
            schema = target
        }
        if let types = schema["type"] as? [String] { return types.contains("null") }
        return false
    }

    func intercept(
        _ request: HTTPRequest,
        body: HTTPBody?,
        metadata: ServerRequestMetadata,
        operationID: String,
        next: @Sendable (HTTPRequest, HTTPBody?, ServerRequestMetadata) async throws -> (HTTPResponse, HTTPBody?)
    ) async throws -> (HTTPResponse, HTTPBody?) {
        let (response, responseBody) = try await next(request, body, metadata)
        guard let shape = shapes[operationID], response.status == .ok || response.status == .created, let responseBody else {
            return (response, responseBody)
        }
        guard let bytes = try? await [UInt8](collecting: responseBody, upTo: 16 * 1_048_576) else {
            throw APIError.internal
        }
        guard let value = try? JSONDecoder().decode(JSONValue.self, from: Data(bytes)) else {
            return (response, HTTPBody(bytes))
        }
        let completed = shape.completing(value).encoded()
        var adjusted = response
        adjusted.headerFields[.contentLength] = nil
        return (adjusted, HTTPBody(completed))
    }
}
