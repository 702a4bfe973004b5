import HTTPTypes
import NIOHTTP1

extension HTTPResponse.Status {
    /// The status with `code` and its standard reason phrase (`init(code:)` leaves the phrase
    /// empty, and problem+json bodies use it as their `title`); a code without a standard
    /// phrase gets its class's (`Client Error`, `Server Error`, …).
    package static func standard(_ code: Int) -> HTTPResponse.Status {
        let phrase = HTTPResponseStatus(statusCode: code).reasonPhrase
        guard phrase.isEmpty else { return HTTPResponse.Status(code: code, reasonPhrase: phrase) }
        let kind: String = switch code / 100 {
        case 1: "Informational"
        case 2: "Success"
        case 3: "Redirection"
        case 4: "Client Error"
        default: "Server Error"
        }
        return HTTPResponse.Status(code: code, reasonPhrase: kind)
    }
}
