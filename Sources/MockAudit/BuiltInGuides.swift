import Foundation
import MockPlatformKit

/// The guides shipped with the server (`Guides/<name>.json` in this module's bundle), read and
/// checked when the module is made: a guide that does not pass `GuideReader` stops the start,
/// naming its file. Their kinds are checked against the server's in `BuiltInGuidesTests`.
package struct BuiltInGuides: Sendable {
    /// The built-in guides' names, in the order every listing and report gives them.
    package static let names = ["iql-onboarding", "iql-offer", "iql-backend", "loyalty", "campaigns", "pushes"]

    /// The guides, in `names` order.
    package let guides: [(name: String, guide: AuditGuide)]

    package init(guides: [(name: String, guide: AuditGuide)]) { self.guides = guides }

    /// The guides in this module's bundle, read by `reader`.
    package static func bundled(reader: GuideReader) throws -> BuiltInGuides {
        guard let folder = Bundle.module.url(forResource: "Guides", withExtension: nil) else {
            throw StartupError("the bundled Guides folder is missing")
        }
        return BuiltInGuides(guides: try names.map { name in
            let file = folder.appendingPathComponent("\(name).json")
            do {
                let object = try JSONValue.parseObject(Data(contentsOf: file))
                return (name, try reader.guide(object))
            } catch let error as APIError {
                throw StartupError("built-in guide \(name).json: \(error.message)")
            } catch {
                throw StartupError("built-in guide \(name).json: \(error)")
            }
        })
    }

    /// The guide named `name`, if it is built in.
    package func guide(named name: String) -> AuditGuide? { guides.first { $0.name == name }?.guide }
}
