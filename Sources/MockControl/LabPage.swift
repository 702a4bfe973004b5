import MockPlatformKit

/// The small local pages the default fixtures' links open (`GET /_mock/pages/{page}`), so that
/// a lab with no internet gets a page: the insurer's landing page a click redirects to, and the
/// ad unit's privacy and terms links. Plain HTML, nothing loaded from elsewhere.
enum LabPage {
    /// The longest `offer`, `lead` or `driver` a page shows (`openapi/control.yaml` getLabPage).
    static let maxValueLength = 256

    /// The page `name` names, with the landing page's `offer`, `lead` and `driver` shown.
    static func html(_ name: String, offer: String?, lead: String?, driver: String?) -> String {
        let (title, text): (String, String) = switch name {
        case "landing": ("Offer landing page", "This page stands in for the insurer's landing page a click on the ad unit opens.")
        case "privacy": ("Privacy policy", "This page stands in for the insurer's privacy policy linked from the ad unit.")
        default: ("Terms and conditions", "This page stands in for the insurer's terms and conditions linked from the ad unit.")
        }
        let facts = [("offer", offer), ("lead", lead), ("driver", driver)].compactMap { name, value in
            value.map { "<dt>\(name)</dt><dd>\(escaped($0))</dd>" }
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <title>\(title) (MockPlatform)</title></head>
            <body style="font-family: system-ui, sans-serif; margin: 2rem; max-width: 40rem">
            <h1>\(title)</h1><p>\(text) It is served by MockPlatform, so it works without internet.</p>
            \(facts.isEmpty ? "" : "<dl>\(facts.joined())</dl>")
            </body></html>

            """
    }

    /// `text` with the characters HTML gives a meaning written as entities.
    static func escaped(_ text: String) -> String {
        var escaped = ""
        for character in text {
            switch character {
            case "&": escaped += "&amp;"
            case "<": escaped += "&lt;"
            case ">": escaped += "&gt;"
            case "\"": escaped += "&quot;"
            case "'": escaped += "&#39;"
            default: escaped.append(character)
            }
        }
        return escaped
    }
}
