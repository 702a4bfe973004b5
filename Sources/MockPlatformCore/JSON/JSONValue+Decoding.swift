import Foundation

extension JSONValue {
    /// The same JSON read as a generated type, e.g. a free-form `payload` object.
    package func decoded<T: Decodable>(as type: T.Type = T.self) throws -> T {
        try JSONDecoder().decode(type, from: encoded())
    }
}
