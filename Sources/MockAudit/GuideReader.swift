import Foundation
import MockPlatformKit

/// Reads a guide document (a `putAuditGuide` body, a built-in guide's file, a restored state)
/// and checks every rule against the templates and the server's `AuditVocabulary`. The first
/// problem is a 400 naming the rule and its field: `rules[2] (ad-unit-fetched).within must be a
/// duration such as 500ms, 5s or 1m`.
package struct GuideReader: Sendable {
    package let vocabulary: AuditVocabulary

    package init(vocabulary: AuditVocabulary) { self.vocabulary = vocabulary }

    /// The most characters of the version, the title, a section, a rule's doc, a name.
    package static let maxVersion = 32
    package static let maxTitle = 200
    package static let maxDoc = 500
    package static let maxName = 64
    package static let maxWhereValue = 256

    package func guide(_ body: [String: JSONValue]) throws(APIError) -> AuditGuide {
        let top = FieldReader(body)
        try top.refuseUnknownKeys(allowing: ["version", "title", "rules"])
        let version = try top.required("version", top.text)
        try Self.bound(version, Self.maxVersion, "version")
        let title = try top.required("title", top.text)
        try Self.bound(title, Self.maxTitle, "title")
        guard case .array(let items) = try top.required("rules", { top.value($0) }) else {
            throw .badRequest("rules must be a list", field: "rules")
        }
        guard items.count <= AuditGuide.maxRules else {
            throw .badRequest("rules holds \(items.count) rules, over the \(AuditGuide.maxRules) a guide may hold", field: "rules")
        }
        var rules: [AuditRule] = []
        var ids: Set<String> = []
        for (index, item) in items.enumerated() {
            guard case .object(let fields) = item else { throw .badRequest("rules[\(index)] must be an object", field: "rules") }
            let rule = try self.rule(fields, at: index)
            guard ids.insert(rule.id).inserted else {
                throw .badRequest("rules[\(index)] (\(rule.id)).id is the id of an earlier rule", field: "id")
            }
            rules.append(rule)
        }
        return AuditGuide(version: version, title: title, rules: rules)
    }

    /// Whether `name` may name a guide: lower-case kebab-case, at most `maxName` characters.
    package static func isGuideName(_ name: String) -> Bool { isKebab(name) }

    private static let ruleKeys = Set(["id", "guide_section", "severity", "applies_to", "subject", "template", "step", "doc"])
        .union(AuditTemplate.Parameter.allCases.map(\.rawValue))

    private func rule(_ fields: [String: JSONValue], at index: Int) throws(APIError) -> AuditRule {
        let unnamed = FieldReader(fields, path: "rules[\(index)]")
        let id = try unnamed.required("id", unnamed.text)
        guard Self.isKebab(id) else {
            throw .badRequest("rules[\(index)].id must be lower-case kebab-case of at most \(Self.maxName) characters", field: "id")
        }
        let rule = FieldReader(fields, path: "rules[\(index)] (\(id))")
        try rule.refuseUnknownKeys(allowing: Self.ruleKeys)
        let section = try rule.required("guide_section", rule.text)
        try Self.bound(section, Self.maxTitle, rule.name("guide_section"))
        let doc = try rule.required("doc", rule.text)
        try Self.bound(doc, Self.maxDoc, rule.name("doc"))
        let template: AuditTemplate = try Self.choice(rule, "template")
        for parameter in AuditTemplate.Parameter.allCases {
            let given = rule.value(parameter.rawValue) != nil
            if template.required.contains(parameter), !given {
                throw .badRequest("\(rule.name(parameter.rawValue)) is required by the \(template.rawValue) template", field: parameter.rawValue)
            }
            if !template.allowed.contains(parameter), given {
                throw .badRequest("\(rule.name(parameter.rawValue)) is not a parameter of the \(template.rawValue) template", field: parameter.rawValue)
            }
        }
        return AuditRule(
            id: id, guideSection: section, severity: try Self.choice(rule, "severity"), appliesTo: try Self.choice(rule, "applies_to"),
            subject: try Self.choice(rule, "subject"), template: template,
            step: try rule.required("step") { key throws(APIError) in try step(rule, key, choices: true) },
            before: try step(rule, "before", choices: true), trigger: try step(rule, "trigger", choices: true),
            within: try Self.duration(rule, "within"), atLeast: try Self.duration(rule, "at_least"),
            clock: try rule.value("clock") == nil ? nil : Self.choice(rule, "clock") as AuditRule.Clock,
            join: try Self.join(rule), check: try Self.check(rule), doc: doc
        )
    }

    private static let stepKeys: Set<String> = ["request", "api", "status", "where", "event", "delivery", "outcome", "push", "pass", "any_of"]

    /// The step at `key`; nil when absent.
    private func step(_ reader: FieldReader, _ key: String, choices: Bool) throws(APIError) -> AuditStep? {
        guard let step = try reader.object(key) else { return nil }
        try step.refuseUnknownKeys(allowing: choices ? Self.stepKeys : Self.stepKeys.subtracting(["any_of"]))
        let kinds = ["request", "event", "delivery", "push", "pass", "any_of"].filter { kind in
            step.value(kind) != nil || (kind == "request" && step.value("api") != nil)
        }
        guard kinds.count == 1, let kind = kinds.first else {
            throw .badRequest("\(reader.name(key)) must name exactly one of request (or api), event, delivery, push, pass and any_of", field: key)
        }
        for (field, owner) in [("status", "request"), ("where", "request"), ("outcome", "delivery")] where step.value(field) != nil && kind != owner {
            throw .badRequest("\(step.name(field)) applies to a \(owner) step only", field: field)
        }
        var result = AuditStep()
        switch kind {
        case "request":
            result.api = try step.string("api")
            if let api = result.api, vocabulary.operations[api] == nil {
                throw .badRequest("\(step.name("api")) is not a served document (\(vocabulary.operations.keys.sorted().joined(separator: ", ")))", field: "api")
            }
            result.request = try step.string("request")
            if let operation = result.request {
                let documents = result.api.map { [$0] } ?? Array(vocabulary.operations.keys)
                guard documents.contains(where: { vocabulary.operations[$0]?.contains(operation) == true }) else {
                    throw .badRequest("\(step.name("request")) is not an operationId of \(result.api.map { "the \($0) document" } ?? "the served documents")", field: "request")
                }
            }
            result.status = try step.string("status")
            if let status = result.status, !Self.isStatus(status) {
                throw .badRequest("\(step.name("status")) must be 2xx, 4xx, 5xx (any class), a status code or any", field: "status")
            }
            result.where = try Self.where(step)
        case "event":
            result.event = try step.string("event")
            try known(result.event, in: vocabulary.kinds?.events, step, "event", "an event kind")
        case "delivery":
            result.delivery = try step.string("delivery")
            if result.delivery != "any" { try known(result.delivery, in: vocabulary.kinds?.events, step, "delivery", "an event kind (or any)") }
            result.outcome = try step.value("outcome") == nil ? nil : Self.choice(step, "outcome") as AuditStep.Outcome
        case "push":
            result.push = try step.string("push")
            if result.push != "any" { try known(result.push, in: vocabulary.kinds?.pushes, step, "push", "a push kind (or any)") }
        case "pass":
            result.pass = try Self.choice(step, "pass")
        default:
            guard case .array(let items)? = step.value("any_of"), (1...AuditStep.maxChoices).contains(items.count) else {
                throw .badRequest("\(step.name("any_of")) must be a list of 1 to \(AuditStep.maxChoices) steps", field: "any_of")
            }
            result.anyOf = []
            for index in items.indices {
                let choice = FieldReader(["any_of[\(index)]": items[index]], path: step.path)
                result.anyOf?.append(try choice.required("any_of[\(index)]") { key throws(APIError) in try self.step(choice, key, choices: false) })
            }
        }
        return result
    }

    /// `name` is one of `names`; when those are not known yet, a well-formed kind name.
    private func known(_ name: String?, in names: Set<String>?, _ step: FieldReader, _ key: String, _ what: String) throws(APIError) {
        guard let names else {
            guard let name, KnownKinds.isWellFormed(name) else {
                throw .badRequest("\(step.name(key)) must be \(what): lower-case snake case", field: key)
            }
            return
        }
        guard let name, names.contains(name) else {
            throw .badRequest("\(step.name(key)) must be \(what) this server declares (\(names.sorted().joined(separator: ", ")))", field: key)
        }
    }

    private static func `where`(_ step: FieldReader) throws(APIError) -> [String: JSONValue]? {
        guard let fields = try step.object("where") else { return nil }
        guard fields.object.count <= AuditStep.maxWhere else {
            throw .badRequest("\(step.name("where")) names more than \(AuditStep.maxWhere) fields", field: "where")
        }
        for (key, value) in fields.object {
            guard !key.isEmpty, key.count <= maxName else {
                throw .badRequest("\(step.name("where")) field names must be 1 to \(maxName) characters", field: "where")
            }
            switch value {
            case .string(let text) where text.count <= maxWhereValue: continue
            case .bool, .integer, .number, .null: continue
            default:
                throw .badRequest("\(fields.name(key)) must be a string of at most \(maxWhereValue) characters, a number, a boolean or null", field: "where")
            }
        }
        return fields.object
    }

    private static func duration(_ rule: FieldReader, _ key: String) throws(APIError) -> String? {
        guard let text = try rule.string(key) else { return nil }
        guard let duration = Duration(flagText: text), duration > .zero else {
            throw .badRequest("\(rule.name(key)) must be a duration such as 500ms, 5s or 1m, more than zero", field: key)
        }
        return text
    }

    private static func join(_ rule: FieldReader) throws(APIError) -> [String: String]? {
        guard let join = try rule.object("join") else { return nil }
        guard (1...8).contains(join.object.count) else { throw .badRequest("\(rule.name("join")) must pair 1 to 8 fields", field: "join") }
        var pairs: [String: String] = [:]
        for key in join.object.keys.sorted() {
            guard let value = try join.text(key), key.count <= maxName, value.count <= maxName else {
                throw .badRequest("\(join.name(key)) must name a field of at most \(maxName) characters", field: "join")
            }
            pairs[key] = value
        }
        return pairs
    }

    private static func check(_ rule: FieldReader) throws(APIError) -> AuditCheck? {
        guard let check = try rule.object("check") else { return nil }
        try check.refuseUnknownKeys(allowing: ["name", "field", "statuses"])
        let name: AuditCheck.Name = try choice(check, "name")
        for parameter in ["field", "statuses"] where (check.value(parameter) != nil) != name.parameters.contains(parameter) {
            let problem = name.parameters.contains(parameter) ? "is required by the \(name.rawValue) check" : "is not a parameter of the \(name.rawValue) check"
            throw .badRequest("\(check.name(parameter)) \(problem)", field: parameter)
        }
        let field = try check.text("field")
        if let field { try bound(field, 128, check.name("field")) }
        var statuses: [Int]?
        if case .array(let items)? = check.value("statuses") {
            guard (1...16).contains(items.count) else { throw .badRequest("\(check.name("statuses")) must list 1 to 16 statuses", field: "statuses") }
            statuses = []
            for item in items {
                guard let code = item.integerValue, (100...599).contains(code) else {
                    throw .badRequest("\(check.name("statuses")) must list status codes from 100 to 599", field: "statuses")
                }
                statuses?.append(Int(code))
            }
        } else if check.value("statuses") != nil {
            throw .badRequest("\(check.name("statuses")) must be a list of status codes", field: "statuses")
        }
        return AuditCheck(name: name, field: field, statuses: statuses)
    }

    /// A value of one of `T`'s cases, by its wire name; required.
    private static func choice<T: RawRepresentable & CaseIterable>(_ reader: FieldReader, _ key: String) throws(APIError) -> T where T.RawValue == String {
        let text = try reader.required(key, reader.string)
        guard let value = T(rawValue: text) else {
            throw .badRequest("\(reader.name(key)) must be one of \(T.allCases.map(\.rawValue).joined(separator: ", "))", field: key)
        }
        return value
    }

    private static func bound(_ text: String, _ limit: Int, _ name: String) throws(APIError) {
        guard text.count <= limit else { throw .badRequest("\(name) must be at most \(limit) characters", field: name) }
    }

    private static func isKebab(_ text: String) -> Bool {
        !text.isEmpty && text.count <= maxName && text.first != "-" && text.last != "-" && !text.contains("--")
            && text.utf8.allSatisfy { (UInt8(ascii: "a")...UInt8(ascii: "z")).contains($0) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || $0 == UInt8(ascii: "-") }
    }

    private static func isStatus(_ text: String) -> Bool {
        let bytes = Array(text.utf8)
        guard text != "any" else { return true }
        guard bytes.count == 3, (UInt8(ascii: "1")...UInt8(ascii: "5")).contains(bytes[0]) else { return false }
        let digits = bytes[1...].allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
        return digits || bytes[1...] == [UInt8(ascii: "x"), UInt8(ascii: "x")]
    }
}
