import Foundation

extension String {
    /// The string as one percent-encoded path segment: every character but the unreserved ones
    /// and the sub-delimiters encoded, `/` and `%` included.
    package var percentEncodedPathSegment: String {
        addingPercentEncoding(withAllowedCharacters: .urlPathAllowed.subtracting(CharacterSet(charactersIn: "/"))) ?? self
    }
}
