import Foundation

/// One fault rule of `POST /_mock/faults` (`openapi/control.yaml` FaultRuleRequest): what it
/// matches, what it does, how often, and its hits so far.
package struct FaultRule: Sendable {
    /// Given by `FaultRules.add` when the rule is stored.
    package internal(set) var id: String
    package internal(set) var createdAt: Date
    /// Upper-case method; nil matches any.
    package let method: String?
    /// Tenant-relative path pattern (webhook target: the endpoint URL's path); nil matches any.
    package let path: PathGlob?
    /// Operation id of the answered route (webhook target: the event type); nil matches any.
    package let operationID: String?
    package let target: FaultTarget
    package let status: Int?
    package let body: JSONValue?
    package let latencyMilliseconds: Int
    package let latencyJitterMilliseconds: Int
    package let resetConnection: Bool
    package let emptyResponse: Bool
    /// Chance that a matching request is hit, 0–1.
    package let probability: Double
    /// Seed of the rule's own random sequence, when given: the hit/miss sequence then repeats.
    package let seed: UInt64?
    /// Hits after which the rule retires; nil: never.
    package let times: Int?
    package private(set) var hits = 0
    /// Draws for probability and jitter.
    private var random: IDGenerator

    /// Longest delay a rule may add.
    package static let maxLatencyMilliseconds = 60_000
    package static let fields: Set<String> = [
        "method", "path", "operation_id", "target", "status", "body", "latency_ms", "latency_jitter_ms",
        "reset_connection", "empty_response", "probability", "seed", "times",
    ]

    /// Reads a rule from the request body; 400 naming the field when it is not one.
    package init(body: [String: JSONValue], id: String, createdAt: Date) throws(APIError) {
        if let unknown = body.keys.sorted().first(where: { !Self.fields.contains($0) }) {
            throw .badRequest("\(unknown) is not a fault rule field")
        }
        let fields = FieldReader(body)
        self.id = id
        self.createdAt = createdAt
        method = try fields.string("method").map { method throws(APIError) in
            guard !method.isEmpty, method.allSatisfy({ $0.isLetter }) else { throw .badRequest("method must be an HTTP method such as GET") }
            return method.uppercased()
        }
        path = try fields.string("path").map { pattern throws(APIError) in try PathGlob(pattern) }
        operationID = try fields.string("operation_id")
        if operationID?.isEmpty == true { throw .badRequest("operation_id must not be empty") }
        target = try fields.string("target").map { name throws(APIError) in
            guard let target = FaultTarget(rawValue: name) else { throw .badRequest("target must be api or webhook") }
            return target
        } ?? .api
        status = try fields.integer("status").map { status throws(APIError) in
            guard (200...599).contains(status) else { throw .badRequest("status must be between 200 and 599") }
            return Int(status)
        }
        self.body = fields.value("body")
        latencyMilliseconds = try Self.milliseconds(fields, "latency_ms")
        latencyJitterMilliseconds = try Self.milliseconds(fields, "latency_jitter_ms")
        resetConnection = try fields.bool("reset_connection") ?? false
        emptyResponse = try fields.bool("empty_response") ?? false
        probability = try fields.number("probability") ?? 1
        guard (0...1).contains(probability) else { throw .badRequest("probability must be between 0 and 1") }
        seed = try fields.integer("seed").map { UInt64(bitPattern: $0) }
        times = try fields.integer("times").map { times throws(APIError) in
            guard times >= 1 else { throw .badRequest("times must be at least 1") }
            return Int(min(times, Int64(Int32.max)))
        }
        random = seed.map { IDGenerator(seed: $0) } ?? IDGenerator(seed: UInt64.random(in: .min ... .max))
        try checkEffects()
    }

    private func checkEffects() throws(APIError) {
        let endings = [status != nil, resetConnection, emptyResponse].filter { $0 }.count
        guard endings <= 1 else { throw .badRequest("status, reset_connection and empty_response exclude each other") }
        guard endings == 1 || latencyMilliseconds > 0 || latencyJitterMilliseconds > 0 else {
            throw .badRequest("a fault needs an effect: status, latency_ms, latency_jitter_ms, reset_connection or empty_response")
        }
        guard body == nil || status != nil else { throw .badRequest("body needs status") }
        guard body == nil || target == .api else { throw .badRequest("body applies to target api only") }
    }

    private static func milliseconds(_ fields: FieldReader, _ key: String) throws(APIError) -> Int {
        guard let value = try fields.integer(key) else { return 0 }
        guard (0...Int64(maxLatencyMilliseconds)).contains(value) else {
            throw .badRequest("\(key) must be between 0 and \(maxLatencyMilliseconds)")
        }
        return Int(value)
    }

    /// True once the rule has been hit `times` times.
    package var retired: Bool { times.map { hits >= $0 } ?? false }

    /// Whether the rule's criteria cover this request (or attempt), before probability.
    package func covers(target: FaultTarget, method: String, path: String, operationID: () -> String?) -> Bool {
        guard !retired, self.target == target else { return false }
        if let expected = self.method, expected != method { return false }
        if let glob = self.path, !glob.matches(path) { return false }
        if let expected = self.operationID, expected != operationID() { return false }
        return true
    }

    /// Draws whether this covered request is hit; on a hit, counts it and returns the effect.
    package mutating func draw() -> FaultEffect? {
        if probability < 1 {
            guard unitDraw() < probability else { return nil }
        }
        hits += 1
        let jitter = latencyJitterMilliseconds > 0 ? Int(unitDraw() * Double(latencyJitterMilliseconds + 1)) : 0
        let outcome: FaultEffect.Outcome =
            if let status { .respond(status: status, body: body) }
            else if resetConnection { .resetConnection }
            else if emptyResponse { .emptyResponse }
            else { .proceed }
        return FaultEffect(ruleID: id, delayMilliseconds: latencyMilliseconds + min(jitter, latencyJitterMilliseconds), outcome: outcome)
    }

    /// A uniform draw in [0, 1).
    private mutating func unitDraw() -> Double {
        Double(random.next() >> 11) / Double(UInt64(1) << 53)
    }
}
